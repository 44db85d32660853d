import { describe, expect, it } from 'vitest';
import type { NetworkMetadata, ShareResponse } from '@chorus/core';
import { canPressShare, initialPhase, isFollowableUrl, shareOutcome } from './share-phase.ts';

function answer(partial: Partial<ShareResponse>): ShareResponse {
  return { error: null, url: null, share: null, intent: null, shares: { num_results: 1 }, ...partial };
}
const share = (state: 'publishing' | 'published' | 'failed' | 'unconfirmed' | 'queued', social_link: string | null = null, reason: string | null = null) => ({
  id: 1,
  network_id: 1 as const,
  state,
  social_link,
  retryable: false,
  reason,
});

describe('share outcome', () => {
  it('203 redirects to the url it gives', () => {
    expect(shareOutcome(answer({ error: 203, url: 'https://x.example/authorize' }))).toEqual({ kind: 'redirect', url: 'https://x.example/authorize' });
    expect(shareOutcome(answer({ error: 203, url: null }))).toEqual({ kind: 'failed', reason: null });
  });
  it('669 is processing, not an error', () => {
    expect(shareOutcome(answer({ error: 669 }))).toEqual({ kind: 'processing' });
  });
  it('an intent the server opened is followed on the network page', () => {
    expect(shareOutcome(answer({ url: 'https://www.facebook.com/sharer/sharer.php?u=x', intent: { postshare_intent_id: 9, url: 'https://www.facebook.com/sharer/sharer.php?u=x' } }))).toEqual({
      kind: 'intent',
      intentId: 9,
      url: 'https://www.facebook.com/sharer/sharer.php?u=x',
    });
  });
  it('a published share is a success with its link', () => {
    expect(shareOutcome(answer({ share: share('published', 'https://wall/1') }))).toEqual({ kind: 'success', socialLink: 'https://wall/1' });
  });
  it('publishing is processing; unconfirmed and failed keep the reason', () => {
    expect(shareOutcome(answer({ share: share('publishing') }))).toEqual({ kind: 'processing' });
    expect(shareOutcome(answer({ share: share('unconfirmed', null, 'timeout') }))).toEqual({ kind: 'unconfirmed', reason: 'timeout' });
    expect(shareOutcome(answer({ share: share('failed', null, 'revoked') }))).toEqual({ kind: 'failed', reason: 'revoked' });
  });
});

describe('share phases', () => {
  const base = { isShareProcessing: false, deferredPostId: null } as NetworkMetadata;
  it('start processing, queued or idle from the metadata', () => {
    expect(initialPhase({ ...base, isShareProcessing: true })).toEqual({ kind: 'processing' });
    expect(initialPhase({ ...base, deferredPostId: 5 })).toEqual({ kind: 'queued' });
    expect(initialPhase(base)).toEqual({ kind: 'idle' });
  });
  it('allow Share Now only when idle or after an unconfirmed share', () => {
    expect(canPressShare({ kind: 'idle' })).toBe(true);
    expect(canPressShare({ kind: 'unconfirmed', reason: null })).toBe(true);
    expect(canPressShare({ kind: 'loading' })).toBe(false);
    expect(canPressShare({ kind: 'processing' })).toBe(false);
    expect(canPressShare({ kind: 'intent', intentId: 1, url: 'u' })).toBe(false);
  });
  it('follow only http(s) urls', () => {
    expect(isFollowableUrl('https://twitter.com/i/oauth2/authorize?x=1', 'https://a.example')).toBe(true);
    expect(isFollowableUrl('/api/v1/social/sandbox/twitter/authorize', 'https://a.example')).toBe(true);
    expect(isFollowableUrl('javascript:alert(1)', 'https://a.example')).toBe(false);
  });
});
