/** A My Shares item (content-library spec 3 "Timeline post"), from its share and post rows. */
import { PostStatus, type PushedEdit, type TimelinePost } from '@chorus/core';
import type { PostRow, ShareRow } from '../db/schema.ts';
import { hashtagsString, isLivePost } from './post.ts';
import { presentShare } from './share.ts';

/** One item as the timeline shows it, with the admin edits waiting for the person. */
export function presentTimelinePost(share: ShareRow, post: PostRow, clicks: number, language: string, pending: readonly PushedEdit[] = []): TimelinePost {
  const summary = presentShare(share, language);
  const images = post.media.images.map((image) => image.medium);
  return {
    id: share.id,
    post_id: post.id,
    post_title: post.title,
    network_id: summary.network_id,
    content: share.content,
    mentions: share.mentions,
    hashtags: hashtagsString(post.hashtags),
    url: post.url,
    social_link: share.networkUrl,
    primary_media_images: images.slice(0, 1),
    media_images: images,
    date: (share.state === 'queued' ? (share.scheduledAt ?? share.created) : (share.publishedAt ?? share.updated)).toISOString(),
    status: isLivePost(post) ? PostStatus.LIVE : PostStatus.SHARED,
    leaderboard_score_value: 0,
    // The network's numbers as jobs/share-metrics last read them; clickthroughs are ours.
    analytics: { likes: share.likes ?? 0, comments: share.comments ?? 0, clickthroughs: clicks, reshares: share.reshares ?? 0 },
    pushed_edits: [...pending],
    state: summary.state,
    reason: summary.reason,
    retryable: summary.retryable,
    reminder: share.network === 2 && share.pageId === null,
  };
}
