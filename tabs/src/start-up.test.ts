import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTab } from './start-up.ts';
import type { TeamsContextSubset, TeamsHostApi } from './start-up.ts';

function fakeHost(overrides: Partial<TeamsHostApi> = {}): TeamsHostApi & { notified: () => number } {
  let notifications = 0;
  return {
    initialize: () => Promise.resolve(),
    getContext: (): Promise<TeamsContextSubset> =>
      Promise.resolve({ app: { theme: 'dark', locale: 'fr-ca' }, page: { subPageId: 'post:12' } }),
    notifySuccess: () => {
      notifications += 1;
      return Promise.resolve();
    },
    notified: () => notifications,
    ...overrides,
  };
}

describe('startTab', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts inside Teams with the context theme, language and deep link, and reports success', async () => {
    const host = fakeHost();
    await expect(startTab(host)).resolves.toEqual({
      host: 'teams',
      theme: 'dark',
      language: 'fr-CA',
      initialPath: '/post/12',
    });
    await vi.runAllTimersAsync();
    expect(host.notified()).toBe(1);
  });

  it('goes to sign-in when initialisation rejects (no Teams parent)', async () => {
    const host = fakeHost({ initialize: () => Promise.reject(new Error('Initialization Failed. No Parent window found.')) });
    await expect(startTab(host)).resolves.toEqual({ host: 'web', initialPath: '/sign-in' });
    expect(host.notified()).toBe(0);
  });

  it('goes to sign-in after 2.5 s when the host never answers', async () => {
    const host = fakeHost({ initialize: () => new Promise<void>(() => undefined) });
    let started: unknown;
    void startTab(host).then((value) => {
      started = value;
    });
    await vi.advanceTimersByTimeAsync(2499);
    expect(started).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual({ host: 'web', initialPath: '/sign-in' });
  });

  it('keeps Teams defaults when the context cannot be read', async () => {
    const host = fakeHost({ getContext: () => Promise.reject(new Error('not supported')) });
    await expect(startTab(host)).resolves.toEqual({
      host: 'teams',
      theme: 'default',
      language: 'en-US',
      initialPath: undefined,
    });
  });

  it('opens the default screen for a context without a deep link', async () => {
    const host = fakeHost({
      getContext: () => Promise.resolve({ app: { theme: 'contrast', locale: 'de-de' }, page: {} }),
    });
    await expect(startTab(host)).resolves.toEqual({
      host: 'teams',
      theme: 'contrast',
      language: 'de-DE',
      initialPath: undefined,
    });
  });
});
