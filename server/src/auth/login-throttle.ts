/**
 * Login throttling (error 308): each address has one counter row in login_failures, so the
 * count holds across every API process. An address gets LOGIN_THROTTLE_MAX_FAILURES password
 * tries per window of LOGIN_THROTTLE_WINDOW_MS, counted from its first failure; a right
 * password clears the count.
 *
 * A try is counted before its password is checked, by one INSERT ... ON CONFLICT DO UPDATE
 * ... RETURNING: the row lock makes concurrent tries take their turn, so however many arrive
 * at once, exactly the allowed number are evaluated and the rest answer 308.
 *
 * The lock throttles password guesses only: the owner's recovery link and magic link always
 * get them in, and clear the count (clearUserLoginFailures), so a stranger typing wrong
 * passwords cannot keep the owner out.
 *
 * Failures are counted per e-mail address, whether or not an account has it: were only
 * accounts throttled, a sixth wrong try answering 308 instead of 302 would tell anyone which
 * addresses have an account. The address is kept only as a hash.
 */
import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '@chorus/core';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loginFailures, type UserRow } from '../db/schema.ts';
import { accountDeactivated, loginThrottled, wrongCredentials } from '../errors.ts';
import { verifyPassword } from './passwords.ts';

// The database clock, so every process measures the window the same way.
function windowStart(): SQL {
  return sql`now() - make_interval(secs => ${LOGIN_THROTTLE_WINDOW_MS / 1000})`;
}

/** The stored key of an address: SHA-256 of the address as sign-in compares it (trimmed, lower case). */
export function loginKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Counts one password try for an address (and its account, if any) and tells whether it may
 * be evaluated: false once the address has used its tries in the current window, and then
 * nothing is counted, so the lock ends when the window does. A window that has passed starts
 * over at this try.
 */
export async function reserveLoginAttempt(db: Database, email: string, userId: number | null): Promise<boolean> {
  const windowOver = sql`${loginFailures.created} <= ${windowStart()}`;
  const rows = await db
    .insert(loginFailures)
    .values({ emailKey: loginKey(email), userId, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.emailKey,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginFailures.failures} + 1 end`,
        created: sql`case when ${windowOver} then now() else ${loginFailures.created} end`,
        userId: sql`coalesce(excluded.user_id, ${loginFailures.userId})`,
      },
      setWhere: sql`${windowOver} or ${loginFailures.failures} < ${LOGIN_THROTTLE_MAX_FAILURES}`,
    })
    .returning({ failures: loginFailures.failures });
  return rows.length === 1;
}

/** Seconds until an address's lock-out ends (its window, counted from its first failure, runs out). */
export async function lockOutSecondsLeft(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from (${loginFailures.created} + make_interval(secs => ${LOGIN_THROTTLE_WINDOW_MS / 1000}) - now()))::float8` })
    .from(loginFailures)
    .where(eq(loginFailures.emailKey, loginKey(email)))
    .limit(1);
  // The row always exists while the lock holds; a lock that just ended leaves one second to wait.
  return Math.max(1, row?.seconds ?? 1);
}

/**
 * One password try, counted before it is checked (error 308, with the seconds left of the
 * lock, once the address has used its tries), then checked (error 302 when wrong or unknown);
 * a right one clears the count. The right password of a deactivated account is 493, which
 * tells its owner how to get it reactivated. Every way in that takes a password goes through here.
 */
export async function checkPasswordTry(db: Database, email: string, user: UserRow | null | undefined, password: string): Promise<UserRow> {
  if (!(await reserveLoginAttempt(db, email, user?.id ?? null))) throw loginThrottled(await lockOutSecondsLeft(db, email));
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw wrongCredentials();
  await clearLoginFailures(db, email);
  if (user.deactivatedAt !== null) throw accountDeactivated();
  return user;
}

/** Forgets an address's failures after a successful sign-in. */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, loginKey(email)));
}

/**
 * Forgets a person's failures once their recovery or magic link got them in: those counted
 * against their account and those counted against their address before it had one.
 */
export async function clearUserLoginFailures(db: Database, user: { id: number; email: string }): Promise<void> {
  await db.delete(loginFailures).where(or(eq(loginFailures.userId, user.id), eq(loginFailures.emailKey, loginKey(user.email))));
}
