/** What the /sign-in/sso page does once the SSO exchange has started a session. */
import { isSsoSignInFinishedMessage, SSO_SIGN_IN_FINISHED_MESSAGE, type SsoSignInFinishedMessage } from '@chorus/core';

/** The windows the page may tell about the finished sign-in. */
export interface SsoFinishWindow {
  opener: Pick<Window, 'postMessage'> | null;
  parent: Pick<Window, 'postMessage'>;
  location: Pick<Location, 'origin'>;
  close(): void;
}

/** How the page ends: it told another window (and maybe closed), or it navigates on. */
export type SsoFinish = 'popup' | 'iframe' | 'navigate';

/**
 * A popup tells its opener and closes; a page inside an iframe (`is_in_iframe`) tells its
 * parent; otherwise the caller navigates. Messages go to this origin only, so no other site
 * hears of the sign-in.
 */
export function finishSsoSignIn(win: SsoFinishWindow, inIframe: boolean, session: { token: string; userId: number }): SsoFinish {
  const message: SsoSignInFinishedMessage = { type: SSO_SIGN_IN_FINISHED_MESSAGE, token: session.token, user_id: session.userId };
  if (win.opener !== null && win.opener !== (win as unknown)) {
    win.opener.postMessage(message, win.location.origin);
    win.close();
    return 'popup';
  }
  if (inIframe && win.parent !== (win as unknown)) {
    win.parent.postMessage(message, win.location.origin);
    return 'iframe';
  }
  return 'navigate';
}

/** The window that opens the SSO popup, as the watcher needs it. */
export interface SsoPopupHost {
  location: Pick<Location, 'origin'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setInterval(handler: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/** How a watched popup ended. */
export type SsoPopupOutcome = { kind: 'signed-in'; token: string; userId: number } | { kind: 'closed' };

/**
 * How long a popup found closed is still listened to. It posts its message and closes at once,
 * and the poll can see it closed before the message is handled here: the browser may run a
 * timer ahead of a posted message on a busy machine, which a loaded end-to-end run hit (the
 * framed sign-in stayed on the sign-in screen with the session lost).
 */
export const SSO_POPUP_CLOSED_GRACE_MS = 1000;

/**
 * Watches an SSO popup: its sign-in-finished message (from this origin only) ends the watch
 * with the session; the popup is also polled every SSO_LOGIN_POLL_MS, so closing it without
 * signing in ends the watch too, SSO_POPUP_CLOSED_GRACE_MS after the poll found it closed.
 * Returns a function that stops watching.
 */
export function watchSsoPopup(host: SsoPopupHost, popup: Pick<Window, 'closed'>, pollMs: number, onDone: (outcome: SsoPopupOutcome) => void): () => void {
  let done = false;
  const finish = (outcome: SsoPopupOutcome): void => {
    if (done) return;
    done = true;
    stop();
    onDone(outcome);
  };
  const onMessage = (event: MessageEvent): void => {
    if (event.origin !== host.location.origin || !isSsoSignInFinishedMessage(event.data)) return;
    finish({ kind: 'signed-in', token: event.data.token, userId: event.data.user_id });
  };
  let closedFor = 0;
  const timer = host.setInterval(() => {
    if (!popup.closed) return;
    if (closedFor >= SSO_POPUP_CLOSED_GRACE_MS) finish({ kind: 'closed' });
    closedFor += pollMs;
  }, pollMs);
  function stop(): void {
    host.clearInterval(timer);
    host.removeEventListener('message', onMessage);
  }
  host.addEventListener('message', onMessage);
  return () => {
    done = true;
    stop();
  };
}
