/**
 * Job: every hour, delete accounts that signed up on their own and never confirmed their
 * address within 7 days (the life of their confirmation link), so an address typed by someone
 * else does not stay taken. Their memberships, sessions and tokens go with them (cascades).
 * Queue name, schedule and handler live together here.
 */
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { EMAIL_CONFIRMATION_EXPIRY_MS } from '../commands/email-confirmation.ts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';

/** The pg-boss queue. */
export const PRUNE_UNCONFIRMED_QUEUE = 'prune-unconfirmed';

/** Cron schedule: hourly, at minute 23 (away from the other hourly jobs). */
export const PRUNE_UNCONFIRMED_CRON = '23 * * * *';

/** How long an unconfirmed account is kept: as long as its confirmation link works. */
export const UNCONFIRMED_ACCOUNT_TTL_MS = EMAIL_CONFIRMATION_EXPIRY_MS;

/** Queue options: a missed run is caught up by the next. */
export const pruneUnconfirmedQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 600,
  policy: 'singleton',
};

/** Worker options. */
export const pruneUnconfirmedWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 30 };

/** Deletes the unconfirmed accounts older than the limit; returns their ids. */
export async function pruneUnconfirmed(db: Database): Promise<number[]> {
  const gone = await db
    .delete(users)
    .where(and(isNull(users.emailConfirmedAt), lt(users.created, sql`now() - make_interval(secs => ${UNCONFIRMED_ACCOUNT_TTL_MS / 1000})`)))
    .returning({ id: users.id });
  return gone.map((row) => row.id);
}

/** The pg-boss work handler. */
export function pruneUnconfirmedWorker(db: Database): WorkHandler<unknown, void> {
  return async () => {
    await pruneUnconfirmed(db);
  };
}
