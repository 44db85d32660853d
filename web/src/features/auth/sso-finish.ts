/** What the /sign-in/sso page does once the SSO exchange has started a session. */
import { SSO_SIGN_IN_FINISHED_MESSAGE, type SsoSignInFinishedMessage } from '@chorus/core';

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
export function finishSsoSignIn(win: SsoFinishWindow, inIframe: boolean): SsoFinish {
  const message: SsoSignInFinishedMessage = { type: SSO_SIGN_IN_FINISHED_MESSAGE };
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
