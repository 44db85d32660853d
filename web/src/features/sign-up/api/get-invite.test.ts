import { describe, expect, it } from 'vitest';
import { ApiError, ErrorCode, SIGN_UP_INVITE_POLL_MS } from '@chorus/core';
import { INVITE_LOOKUP_TRIES, inviteQueryOptions, retryInviteLookup } from './get-invite.ts';

describe('retryInviteLookup', () => {
  it.each([
    { error: new ApiError(ErrorCode.INVITE_NOT_FOUND, 404), why: 'an unknown invite (307)' },
    { error: new ApiError(ErrorCode.MISSING_OR_INCORRECT, 400), why: 'a malformed code (201)' },
  ])('gives up at once on $why', ({ error }) => {
    expect(retryInviteLookup(0, error)).toBe(false);
  });

  it.each([
    { error: new ApiError(ErrorCode.UNKNOWN, 0), why: 'no connection' },
    { error: new ApiError(ErrorCode.UNKNOWN, 503), why: 'a server that is not ready' },
    { error: new ApiError(ErrorCode.TOO_MANY_REQUESTS, 429), why: 'the rate limit' },
  ])('waits out $why, for INVITE_LOOKUP_TRIES tries in all', ({ error }) => {
    const retries = Array.from({ length: INVITE_LOOKUP_TRIES + 1 }, (_, failures) => retryInviteLookup(failures, error));
    expect(retries.filter(Boolean)).toHaveLength(INVITE_LOOKUP_TRIES - 1);
    expect(retries.indexOf(false)).toBe(INVITE_LOOKUP_TRIES - 1);
  });
});

describe('inviteQueryOptions', () => {
  it('polls every SIGN_UP_INVITE_POLL_MS (1000 ms)', () => {
    expect(SIGN_UP_INVITE_POLL_MS).toBe(1000);
    expect(inviteQueryOptions('abc').retryDelay).toBe(1000);
  });
});
