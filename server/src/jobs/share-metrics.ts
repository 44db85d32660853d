/**
 * Job: every ten minutes, ask the networks for the numbers of published shares (likes, comments,
 * reshares, impressions) so My Shares shows them (content-library spec 3 "Timeline post"
 * analytics; clickthroughs are ours, counted by the tracked link). A share is asked about hourly
 * in its first day and daily after that, for 30 days; the ones asked about longest ago go
 * first, a bounded batch per run, so a large wave of shares spreads over several runs instead of
 * spending a network's read limits at once. Queue name, schedule and handler live together here.
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import type { PostMetrics } from '../connectors/types.ts';
import type { Database } from '../db/database.ts';
import { shares, type ShareRow } from '../db/schema.ts';

/** The pg-boss queue. */
export const SHARE_METRICS_QUEUE = 'share-metrics';

/** Cron schedule: every ten minutes, at minute 4, 14, ... (away from the hourly jobs). */
export const SHARE_METRICS_CRON = '4-59/10 * * * *';

/** Shares asked about per run. */
export const SHARE_METRICS_BATCH = 100;

/** Network calls in flight at once. */
const CONCURRENCY = 4;

/** Queue options: a missed run is caught up by the next. */
export const shareMetricsQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 600,
  policy: 'singleton',
};

/** Worker options. */
export const shareMetricsWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 30 };

/** How the job reads a published share's numbers: the connector's, with the sharer's fresh token. */
export type ReadShareMetrics = (share: ShareRow) => Promise<PostMetrics | null>;

/** The published shares due to be asked about, oldest answer first. */
async function dueShares(db: Database, limit: number): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.state, 'published'),
        isNotNull(shares.networkPostId),
        isNotNull(shares.userId),
        gt(shares.publishedAt, sql`now() - interval '30 days'`),
        or(
          isNull(shares.metricsAt),
          and(gt(shares.publishedAt, sql`now() - interval '1 day'`), lt(shares.metricsAt, sql`now() - interval '1 hour'`)),
          lt(shares.metricsAt, sql`now() - interval '1 day'`),
        ),
      ),
    )
    .orderBy(sql`${shares.metricsAt} asc nulls first`, asc(shares.id))
    .limit(limit);
}

/**
 * Asks the networks about one batch of due shares and stores what they say. A network that says
 * nothing (or fails) keeps the numbers it gave before; the share is still marked asked, so it
 * waits its turn again rather than being asked on every run. Returns how many were asked.
 */
export async function refreshShareMetrics(db: Database, read: ReadShareMetrics, limit: number = SHARE_METRICS_BATCH): Promise<number> {
  const due = await dueShares(db, limit);
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < due.length) {
      const share = due[next++] as ShareRow;
      const metrics = await read(share).catch(() => null);
      await db
        .update(shares)
        .set(
          metrics === null
            ? { metricsAt: sql`now()` }
            : { likes: metrics.likes, comments: metrics.comments, reshares: metrics.reshares, impressions: metrics.impressions, metricsAt: sql`now()` },
        )
        .where(eq(shares.id, share.id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, work));
  return due.length;
}

/** The pg-boss work handler. */
export function shareMetricsWorker(db: Database, read: ReadShareMetrics): WorkHandler<unknown, void> {
  return async () => {
    await refreshShareMetrics(db, read);
  };
}
