import { trackClick, trackImpressions, type ShareFlowType } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/**
 * `POST /api/v1/track/post/impressions`: post cards the person saw. Tracking never reports a
 * failure to the person nor holds anything up, so errors end here.
 */
export function sendImpressions(postIds: readonly number[], channel: ShareFlowType, keepalive: boolean): void {
  trackImpressions(api(), { post_ids: [...postIds], channel }, { keepalive }).catch(() => undefined);
}

/** `POST /api/v1/track/post/{id}/clicks`: a post opened or followed to its source; silent like impressions. */
export function sendClick(postId: number, channel: ShareFlowType): void {
  trackClick(api(), postId, { channel }).catch(() => undefined);
}
