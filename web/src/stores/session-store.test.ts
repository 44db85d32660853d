import { afterEach, describe, expect, it, vi } from 'vitest';

/** What Chromium throws on reading `window.localStorage` in a third-party frame with storage blocked. */
function securityError(): DOMException {
  return new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
}

describe('the session store with storage blocked', () => {
  const originals = { window: Object.getOwnPropertyDescriptor(globalThis, 'window'), localStorage: Object.getOwnPropertyDescriptor(globalThis, 'localStorage') };

  afterEach(() => {
    for (const [name, descriptor] of Object.entries(originals)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
    vi.resetModules();
  });

  it('starts signed out, and signs in and out for the page, when reading window.localStorage throws', async () => {
    // A third-party frame in Chromium's default profile: the getter itself throws.
    Object.defineProperty(globalThis, 'window', { value: globalThis, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw securityError();
      },
    });
    vi.resetModules();
    const { useSessionStore } = await import('../stores/session-store.ts');
    expect(useSessionStore.getState().userId).toBeNull();
    useSessionStore.getState().start(7);
    expect(useSessionStore.getState().userId).toBe(7);
    useSessionStore.getState().end('signed-out');
    expect(useSessionStore.getState()).toMatchObject({ userId: null, endedBy: 'signed-out' });
  });
});
