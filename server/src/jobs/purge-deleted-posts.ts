/**
 * Job: every hour, remove for good the posts deleted in the admin console more than
 * POST_RESTORE_DAYS ago (their topics, shares, reactions and the rest go with them by cascade;
 * events keep their rows without the post). Queue name, schedule and handler live together here.
 */
import { POST_RESTORE_DAYS } from '@chorus/core';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { posts } from '../db/schema.ts';
import { DELETED_STATUS } from '../lib/admin-post-states.ts';

/** The pg-boss queue. */
export const PURGE_DELETED_POSTS_QUEUE = 'purge-deleted-posts';

/** Cron schedule: hourly, at minute 43 (away from the other hourly jobs). */
export const PURGE_DELETED_POSTS_CRON = '43 * * * *';

/** Queue options: a missed run is caught up by the next. */
export const purgeDeletedPostsQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 600,
  policy: 'singleton',
};

/** Worker options. */
export const purgeDeletedPostsWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 30 };

/** Deletes the posts whose restore window has closed; returns their ids. */
export async function purgeDeletedPosts(db: Database): Promise<number[]> {
  const rows = await db
    .delete(posts)
    .where(and(eq(posts.status, DELETED_STATUS), lte(posts.deletedAt, sql`now() - make_interval(days => ${POST_RESTORE_DAYS})`)))
    .returning({ id: posts.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The pg-boss work handler. */
export function purgeDeletedPostsWorker(db: Database): WorkHandler<unknown, void> {
  return async () => {
    await purgeDeletedPosts(db);
  };
}
