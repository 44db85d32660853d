/**
 * Tracking writes (content library spec, "Tracking; clicks carry a channel"): impressions are
 * counted per post, person, UTC day and channel, clicks kept one row each. Only live posts of
 * the company are recorded.
 */
import type { ShareFlowType } from '@chorus/core';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { postClicks, postImpressions, posts } from '../db/schema.ts';
import { findLivePost } from '../queries/posts.ts';
import { liveInCompany } from '../queries/live-posts.ts';

/** Who saw or clicked, where. */
export interface Tracker {
  companyId: number;
  userId: number;
  channel: ShareFlowType;
}

/**
 * Counts one impression of each post today; ids of posts that are not live in the company are
 * ignored. Returns how many posts were counted.
 */
export async function recordImpressions(db: Database, tracker: Tracker, postIds: readonly number[]): Promise<number> {
  const live = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, [...postIds]), liveInCompany(tracker.companyId)))
    // One lock order for every request, so two batches of the same person cannot deadlock.
    .orderBy(asc(posts.id));
  if (live.length === 0) return 0;
  await db
    .insert(postImpressions)
    .values(live.map((post) => ({ companyId: tracker.companyId, postId: post.id, userId: tracker.userId, channel: tracker.channel })))
    .onConflictDoUpdate({
      target: [postImpressions.postId, postImpressions.userId, postImpressions.day, postImpressions.channel],
      set: { count: sql`${postImpressions.count} + 1`, updated: sql`now()` },
    });
  return live.length;
}

/** Records a click on a live post of the company; false when there is no such post. */
export async function recordClick(db: Database, tracker: Tracker, postId: number): Promise<boolean> {
  const post = await findLivePost(db, tracker.companyId, postId);
  if (post === null) return false;
  await db.insert(postClicks).values({ companyId: tracker.companyId, postId: post.id, userId: tracker.userId, channel: tracker.channel });
  return true;
}
