/**
 * Job: every minute, find posts that have gone live since the last run and queue a Teams
 * announcement (post-published) for each. Marking and selecting happen in one UPDATE, so two
 * workers never announce the same post. Queue name, schedule and handler live together here.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { posts } from '../db/schema.ts';
import type { JobQueue } from '../lib/context.ts';

/** The pg-boss queue. */
export const ANNOUNCE_DUE_POSTS_QUEUE = 'announce-due-posts';

/** Cron schedule: pg-boss's finest granularity, one minute. */
export const ANNOUNCE_DUE_POSTS_CRON = '* * * * *';

/** Queue options: a missed run is caught up by the next, so no retries pile up. */
export const announceDuePostsQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 120,
  policy: 'singleton',
};

/** Worker options. */
export const announceDuePostsWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 5 };

/** What the handler needs. */
export interface AnnounceDuePostsDeps {
  db: Database;
  jobs: JobQueue;
}

/** Marks every post that is live and not yet announced, and queues its announcement. */
export async function announceDuePosts(deps: AnnounceDuePostsDeps): Promise<number[]> {
  const now = sql`now()`;
  const rows = await deps.db
    .update(posts)
    .set({ announcedAt: now })
    .where(
      and(
        isNull(posts.announcedAt),
        eq(posts.status, 1),
        lte(posts.start, now),
        or(isNull(posts.expiration), gt(posts.expiration, now)),
      ),
    )
    .returning({ id: posts.id });
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  for (const id of ids) await deps.jobs.enqueuePostPublished(id);
  return ids;
}

/** The pg-boss work handler. */
export function announceDuePostsWorker(deps: AnnounceDuePostsDeps): WorkHandler<unknown, void> {
  return async () => {
    await announceDuePosts(deps);
  };
}
