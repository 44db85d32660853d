/**
 * Job: every ten minutes, delete rate-limit windows that have ended, so request_counters
 * stays the size of one window's traffic. Queue name, schedule and handler live together here.
 */
import { lt, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import type { Database } from '../db/database.ts';
import { requestCounters } from '../db/schema.ts';
import { RATE_LIMIT_WINDOW_MS } from '../plugins/rate-limit.ts';

/** The pg-boss queue. */
export const PRUNE_REQUEST_COUNTERS_QUEUE = 'prune-request-counters';

/** Cron schedule: often enough that the table stays small, rarely enough to cost nothing. */
export const PRUNE_REQUEST_COUNTERS_CRON = '*/10 * * * *';

/** Queue options: a missed run is caught up by the next. */
export const pruneRequestCountersQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 300,
  policy: 'singleton',
};

/** Worker options. */
export const pruneRequestCountersWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 30 };

/** Deletes every window that ended before the current one; returns how many rows went. */
export async function pruneRequestCounters(db: Database): Promise<number> {
  // One whole window of slack, so a window still being counted is never deleted.
  const rows = await db
    .delete(requestCounters)
    .where(lt(requestCounters.windowStart, sql`now() - make_interval(secs => ${(2 * RATE_LIMIT_WINDOW_MS) / 1000})`))
    .returning({ key: requestCounters.key });
  return rows.length;
}

/** The pg-boss work handler. */
export function pruneRequestCountersWorker(db: Database): WorkHandler<unknown, void> {
  return async () => {
    await pruneRequestCounters(db);
  };
}
