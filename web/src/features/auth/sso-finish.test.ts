import { describe, expect, it, vi } from 'vitest';
import { finishSsoSignIn, SSO_POPUP_CLOSED_GRACE_MS, watchSsoPopup, type SsoFinishWindow, type SsoPopupHost, type SsoPopupOutcome } from './sso-finish.ts';

const SESSION = { token: 'tok', userId: 7 };

function fakeWindow(options: { opener: boolean }) {
  const opener = { postMessage: vi.fn() };
  const parent = { postMessage: vi.fn() };
  const win: SsoFinishWindow = { opener: options.opener ? opener : null, parent, location: { origin: 'https://acme.example' }, close: vi.fn() };
  return { win, opener, parent };
}

describe('finishSsoSignIn', () => {
  it('tells the opener of a popup, on the same origin only, and closes', () => {
    const { win, opener } = fakeWindow({ opener: true });
    expect(finishSsoSignIn(win, false, SESSION)).toBe('popup');
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'chorus:sign-in-finished', token: 'tok', user_id: 7 }, 'https://acme.example');
    expect(win.close).toHaveBeenCalled();
  });

  it('tells the parent inside an iframe', () => {
    const { win, parent } = fakeWindow({ opener: false });
    expect(finishSsoSignIn(win, true, SESSION)).toBe('iframe');
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'chorus:sign-in-finished', token: 'tok', user_id: 7 }, 'https://acme.example');
    expect(win.close).not.toHaveBeenCalled();
  });

  it('navigates otherwise', () => {
    const { win, parent } = fakeWindow({ opener: false });
    expect(finishSsoSignIn(win, false, SESSION)).toBe('navigate');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

/** A window that opens popups: real listeners and a controllable clock. */
function popupHost() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers = new Map<number, () => void>();
  let nextId = 1;
  const host: SsoPopupHost = {
    location: { origin: 'https://acme.example' },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    setInterval: (handler) => {
      const id = nextId++;
      timers.set(id, handler);
      return id;
    },
    clearInterval: (id) => void timers.delete(id),
  };
  return {
    host,
    listeners,
    timers,
    post: (data: unknown, origin = 'https://acme.example') => {
      for (const listener of [...listeners]) listener(new MessageEvent('message', { data, origin }));
    },
    tick: () => {
      for (const handler of [...timers.values()]) handler();
    },
  };
}

describe('watchSsoPopup', () => {
  it('polls at the given interval and ends with the session from a same-origin message', () => {
    const h = popupHost();
    const intervals: number[] = [];
    const setInterval = h.host.setInterval;
    h.host.setInterval = (handler, ms) => {
      intervals.push(ms);
      return setInterval(handler, ms);
    };
    const outcomes: SsoPopupOutcome[] = [];
    watchSsoPopup(h.host, { closed: false }, 100, (outcome) => outcomes.push(outcome));
    expect(intervals).toEqual([100]);
    h.post({ type: 'chorus:sign-in-finished', token: 'stolen', user_id: 1 }, 'https://evil.example');
    h.post({ type: 'chorus:sign-in-finished' });
    expect(outcomes).toEqual([]);
    h.post({ type: 'chorus:sign-in-finished', token: 'tok', user_id: 7 });
    expect(outcomes).toEqual([{ kind: 'signed-in', token: 'tok', userId: 7 }]);
    expect(h.listeners.size).toBe(0);
    expect(h.timers.size).toBe(0);
  });

  it('ends as closed once the popup has been found closed for the grace time without a sign-in', () => {
    const h = popupHost();
    const popup = { closed: false };
    const outcomes: SsoPopupOutcome[] = [];
    watchSsoPopup(h.host, popup, 100, (outcome) => outcomes.push(outcome));
    h.tick();
    expect(outcomes).toEqual([]);
    popup.closed = true;
    // Ticks at 0, 100, ... 1000 ms after the first one that found it closed.
    for (let elapsed = 0; elapsed < SSO_POPUP_CLOSED_GRACE_MS; elapsed += 100) h.tick();
    expect(outcomes).toEqual([]);
    h.tick();
    expect(outcomes).toEqual([{ kind: 'closed' }]);
    expect(h.listeners.size).toBe(0);
    expect(h.timers.size).toBe(0);
  });

  it('takes the session from a message handled after the poll found the popup closed', () => {
    const h = popupHost();
    const popup = { closed: true };
    const outcomes: SsoPopupOutcome[] = [];
    watchSsoPopup(h.host, popup, 100, (outcome) => outcomes.push(outcome));
    h.tick();
    h.tick();
    h.post({ type: 'chorus:sign-in-finished', token: 'tok', user_id: 7 });
    expect(outcomes).toEqual([{ kind: 'signed-in', token: 'tok', userId: 7 }]);
  });

  it('stops when asked, reporting nothing', () => {
    const h = popupHost();
    const outcomes: SsoPopupOutcome[] = [];
    const stop = watchSsoPopup(h.host, { closed: true }, 100, (outcome) => outcomes.push(outcome));
    stop();
    h.tick();
    h.post({ type: 'chorus:sign-in-finished', token: 'tok', user_id: 7 });
    expect(outcomes).toEqual([]);
  });
});
