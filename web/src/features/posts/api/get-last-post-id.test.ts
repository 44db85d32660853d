import { describe, expect, it } from 'vitest';
import { POST_POLLING_TIMEOUT_MS } from '@chorus/core';
import { isNewerPost, lastPostIdQueryOptions } from './get-last-post-id.ts';

describe('isNewerPost', () => {
  it.each([
    { seen: undefined, newest: 12, expected: false, why: 'nothing seen yet' },
    { seen: 12, newest: undefined, expected: false, why: 'no answer yet' },
    { seen: 12, newest: 12, expected: false, why: 'the same post' },
    { seen: 12, newest: 15, expected: true, why: 'a newer post' },
    { seen: 12, newest: 9, expected: false, why: 'the newest post was removed' },
    { seen: 12, newest: null, expected: false, why: 'the library emptied' },
    { seen: null, newest: 3, expected: true, why: 'a first post in an empty library' },
    { seen: null, newest: null, expected: false, why: 'still empty' },
  ])('$why: $expected', ({ seen, newest, expected }) => {
    expect(isNewerPost(seen, newest)).toBe(expected);
  });
});

describe('lastPostIdQueryOptions', () => {
  it('polls every 300000 ms, only while the tab is visible, fresh on mount', () => {
    const options = lastPostIdQueryOptions();
    expect(POST_POLLING_TIMEOUT_MS).toBe(300_000);
    expect(options).toMatchObject({ refetchInterval: 300_000, refetchIntervalInBackground: false, staleTime: 0 });
  });
});
