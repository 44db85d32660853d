/**
 * Login throttling (error 308): failed password attempts are rows in login_failures, so the
 * count holds across every API process. An address with LOGIN_THROTTLE_MAX_FAILURES failures
 * inside the last LOGIN_THROTTLE_WINDOW_MS is locked until the oldest of them leaves the window.
 *
 * Failures are counted per e-mail address, whether or not an account has it: were only
 * accounts throttled, a sixth wrong try answering 308 instead of 302 would tell anyone which
 * addresses have an account. The address is kept only as a hash.
 */
import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '@chorus/core';
import { and, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

// The database clock, so every process measures the window the same way.
function windowStart(): SQL {
  return sql`now() - make_interval(secs => ${LOGIN_THROTTLE_WINDOW_MS / 1000})`;
}

/** The stored key of an address: SHA-256 of the address as sign-in compares it (trimmed, lower case). */
export function loginKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** True while the address has too many recent failures to be allowed another try. */
export async function isLoginThrottled(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ failures: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailKey, loginKey(email)), gt(loginFailures.created, windowStart())));
  return (row?.failures ?? 0) >= LOGIN_THROTTLE_MAX_FAILURES;
}

/** Records a failed sign-in for an address (and its account, if any), dropping its failures that have aged out. */
export async function recordLoginFailure(db: Database, email: string, userId: number | null): Promise<void> {
  const key = loginKey(email);
  await db.delete(loginFailures).where(and(eq(loginFailures.emailKey, key), lt(loginFailures.created, windowStart())));
  await db.insert(loginFailures).values({ emailKey: key, userId });
}

/** Forgets an address's failures after a successful sign-in. */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, loginKey(email)));
}
