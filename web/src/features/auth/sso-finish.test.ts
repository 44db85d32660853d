import { describe, expect, it, vi } from 'vitest';
import { finishSsoSignIn, type SsoFinishWindow } from './sso-finish.ts';

function fakeWindow(options: { opener: boolean }) {
  const opener = { postMessage: vi.fn() };
  const parent = { postMessage: vi.fn() };
  const win: SsoFinishWindow = { opener: options.opener ? opener : null, parent, location: { origin: 'https://acme.example' }, close: vi.fn() };
  return { win, opener, parent };
}

describe('finishSsoSignIn', () => {
  it('tells the opener of a popup, on the same origin only, and closes', () => {
    const { win, opener } = fakeWindow({ opener: true });
    expect(finishSsoSignIn(win, false)).toBe('popup');
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'chorus:sign-in-finished' }, 'https://acme.example');
    expect(win.close).toHaveBeenCalled();
  });

  it('tells the parent inside an iframe', () => {
    const { win, parent } = fakeWindow({ opener: false });
    expect(finishSsoSignIn(win, true)).toBe('iframe');
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'chorus:sign-in-finished' }, 'https://acme.example');
    expect(win.close).not.toHaveBeenCalled();
  });

  it('navigates otherwise', () => {
    const { win, parent } = fakeWindow({ opener: false });
    expect(finishSsoSignIn(win, false)).toBe('navigate');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
