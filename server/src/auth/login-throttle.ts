/**
 * Login throttling (error 308): failed password attempts are rows in login_failures, so the
 * count holds across every API process. An account with LOGIN_THROTTLE_MAX_FAILURES failures
 * inside the last LOGIN_THROTTLE_WINDOW_MS is locked until the oldest of them leaves the window.
 */
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '@chorus/core';
import { and, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

// The database clock, so every process measures the window the same way.
function windowStart(): SQL {
  return sql`now() - make_interval(secs => ${LOGIN_THROTTLE_WINDOW_MS / 1000})`;
}

/** True while the account has too many recent failures to be allowed another try. */
export async function isLoginThrottled(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ failures: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), gt(loginFailures.created, windowStart())));
  return (row?.failures ?? 0) >= LOGIN_THROTTLE_MAX_FAILURES;
}

/** Records a wrong password for an existing account, dropping its failures that have aged out. */
export async function recordLoginFailure(db: Database, userId: number): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.userId, userId), lt(loginFailures.created, windowStart())));
  await db.insert(loginFailures).values({ userId });
}

/** Forgets an account's failures after a successful sign-in. */
export async function clearLoginFailures(db: Database, userId: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}
