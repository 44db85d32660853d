import type { NetworkMetadata, ShareResponse } from '@chorus/core';

/**
 * A network's share button (spec 2: loading, success, queued-on-network, processing-on-network;
 * spec 4 "Share": idle, processing, then success or error). `intent` waits for the person to
 * finish on the network's own page; `unconfirmed` is a share the network may or may not have made.
 */
export type SharePhase =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; socialLink: string | null }
  | { kind: 'processing' }
  | { kind: 'queued' }
  | { kind: 'intent'; intentId: number; url: string }
  | { kind: 'unconfirmed'; reason: string | null };

/** How long the success state shows (spec 9: 2 to 3 s). */
export const SUCCESS_FLAG_MS = 2500;

/** How long before Facebook's share dialog opens (spec 9: 500 ms). */
export const INTENT_DIALOG_DELAY_MS = 500;

/** The phase a network's button starts in, from the metadata. */
export function initialPhase(network: NetworkMetadata): SharePhase {
  if (network.isShareProcessing) return { kind: 'processing' };
  if (network.deferredPostId !== null) return { kind: 'queued' };
  return { kind: 'idle' };
}

/** What the client does with a share answer (HTTP 200). */
export type ShareOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'intent'; intentId: number; url: string }
  | { kind: 'processing' }
  | { kind: 'success'; socialLink: string | null }
  | { kind: 'unconfirmed'; reason: string | null }
  | { kind: 'failed'; reason: string | null };

/** Reads a share answer: 203 goes to the url, 669 is processing, an intent opens the network's page, else the share's state. */
export function shareOutcome(response: ShareResponse): ShareOutcome {
  if (response.error === 203) return response.url ? { kind: 'redirect', url: response.url } : { kind: 'failed', reason: null };
  if (response.error === 669) return { kind: 'processing' };
  // No API post was possible (a Facebook profile, X without an app): the server opened an intent.
  if (response.intent) return { kind: 'intent', intentId: response.intent.postshare_intent_id, url: response.intent.url };
  const share = response.share;
  if (share === null) return { kind: 'success', socialLink: null };
  switch (share.state) {
    case 'published':
      return { kind: 'success', socialLink: share.social_link };
    case 'publishing':
    case 'queued':
      return { kind: 'processing' };
    case 'unconfirmed':
      return { kind: 'unconfirmed', reason: share.reason };
    case 'failed':
    case 'cancelled':
      return { kind: 'failed', reason: share.reason };
  }
}

/** Whether Share Now can be pressed in a phase. */
export function canPressShare(phase: SharePhase): boolean {
  return phase.kind === 'idle' || phase.kind === 'unconfirmed';
}

/** Only http(s) urls are followed for a 203 (the network's authorization page). */
export function isFollowableUrl(url: string, base: string): boolean {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
