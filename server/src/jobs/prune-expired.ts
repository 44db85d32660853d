/**
 * Job: every hour, delete what has outlived its use: expired sessions, one-time tokens a week
 * past their expiry (kept that long so a used or expired link still says so rather than
 * "unknown"), SAML request ids nobody answered, and failed sign-ins older than the throttle
 * window. Queue name, schedule and handler live together here.
 */
import { LOGIN_THROTTLE_WINDOW_MS } from '@chorus/core';
import { lt, sql } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { SAML_REQUEST_TTL_MS } from '../auth/saml-request-cache.ts';
import type { Database } from '../db/database.ts';
import { loginFailures, oneTimeTokens, samlRequests, sessions } from '../db/schema.ts';

/** The pg-boss queue. */
export const PRUNE_EXPIRED_QUEUE = 'prune-expired';

/** Cron schedule: hourly, at minute 17 (away from the top of the hour). */
export const PRUNE_EXPIRED_CRON = '17 * * * *';

/** How long a one-time token is kept after it expired. */
export const EXPIRED_TOKEN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** Queue options: a missed run is caught up by the next. */
export const pruneExpiredQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 0,
  expireInSeconds: 600,
  policy: 'singleton',
};

/** Worker options. */
export const pruneExpiredWorkOptions: WorkOptions = { batchSize: 1, pollingIntervalSeconds: 30 };

/** Rows deleted per table. */
export interface PruneCounts {
  sessions: number;
  oneTimeTokens: number;
  samlRequests: number;
  loginFailures: number;
}

const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/** Deletes the expired rows; returns how many went from each table. */
export async function pruneExpired(db: Database): Promise<PruneCounts> {
  const goneSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
  const goneTokens = await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, ago(EXPIRED_TOKEN_GRACE_MS))).returning({ id: oneTimeTokens.id });
  const goneRequests = await db.delete(samlRequests).where(lt(samlRequests.created, ago(SAML_REQUEST_TTL_MS))).returning({ id: samlRequests.id });
  const goneFailures = await db.delete(loginFailures).where(lt(loginFailures.created, ago(2 * LOGIN_THROTTLE_WINDOW_MS))).returning({ id: loginFailures.id });
  return { sessions: goneSessions.length, oneTimeTokens: goneTokens.length, samlRequests: goneRequests.length, loginFailures: goneFailures.length };
}

/** The pg-boss work handler. */
export function pruneExpiredWorker(db: Database): WorkHandler<unknown, void> {
  return async () => {
    await pruneExpired(db);
  };
}
