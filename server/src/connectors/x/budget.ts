/**
 * The app-wide X posting budget. X limits an app to 10,000 posts per 24 hours across every
 * company and a person to 100 posts per 15 minutes, and charges for each post; past either the
 * share command falls back to X's web intent (intents.ts) rather than failing. One row per post
 * taken, counted over sliding windows under a transaction-scoped advisory lock, so processes
 * sharing the database never overspend together.
 */
import { and, count, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { xPostBudget } from '../../db/schema.ts';

/** Posts the app may make in 24 hours (X's app limit for POST /2/tweets). */
export const X_APP_POSTS_PER_DAY = 10_000;
/** Posts one person may make in 15 minutes (X's user limit for POST /2/tweets). */
export const X_USER_POSTS_PER_15_MIN = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** Serialises budget takers across processes (pg_advisory_xact_lock key). */
const X_BUDGET_LOCK_ID = 7_413_014;

/** Whether a post may go through the X API now, and if not, which limit is spent. */
export type XBudgetResult = { kind: 'ok' } | { kind: 'spent'; scope: 'app' | 'user' };

/** Limits, overridable for tests. */
export interface XBudgetLimits {
  perDay: number;
  perUserPer15Min: number;
}

/** X's published limits. */
const X_LIMITS: XBudgetLimits = { perDay: X_APP_POSTS_PER_DAY, perUserPer15Min: X_USER_POSTS_PER_15_MIN };

/**
 * Takes one post from the budget for this person, or says which limit is spent. Taken posts
 * are not given back when the post then fails: X counts attempts too, and an unconfirmed post
 * may well have been made.
 */
export async function takeXBudget(db: Database, userId: number, limits: XBudgetLimits = X_LIMITS, now: Date = new Date()): Promise<XBudgetResult> {
  const [result] = await takeXBudgets(db, [userId], limits, now);
  return result ?? { kind: 'spent', scope: 'app' };
}

/**
 * Takes one post each for several posts at once (a delivery batch), in order: one lock and one
 * count for the batch instead of one per post. Results are in the order of `userIds`.
 */
export async function takeXBudgets(db: Database, userIds: readonly number[], limits: XBudgetLimits = X_LIMITS, now: Date = new Date()): Promise<XBudgetResult[]> {
  if (userIds.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${X_BUDGET_LOCK_ID})`);
    const dayAgo = new Date(now.getTime() - DAY_MS);
    await tx.delete(xPostBudget).where(lt(xPostBudget.created, dayAgo));
    const [app] = await tx.select({ n: count() }).from(xPostBudget).where(gt(xPostBudget.created, dayAgo));
    const quarterAgo = new Date(now.getTime() - QUARTER_HOUR_MS);
    const people = [...new Set(userIds)];
    const perUser = await tx
      .select({ userId: xPostBudget.userId, n: count() })
      .from(xPostBudget)
      .where(and(inArray(xPostBudget.userId, people), gt(xPostBudget.created, quarterAgo)))
      .groupBy(xPostBudget.userId);
    const used = new Map(perUser.map((row) => [row.userId, row.n]));
    let appUsed = app?.n ?? 0;
    const results: XBudgetResult[] = [];
    const taken: number[] = [];
    for (const userId of userIds) {
      const mine = used.get(userId) ?? 0;
      if (appUsed >= limits.perDay) results.push({ kind: 'spent', scope: 'app' });
      else if (mine >= limits.perUserPer15Min) results.push({ kind: 'spent', scope: 'user' });
      else {
        appUsed += 1;
        used.set(userId, mine + 1);
        taken.push(userId);
        results.push({ kind: 'ok' });
      }
    }
    if (taken.length > 0) await tx.insert(xPostBudget).values(taken.map((userId) => ({ userId, created: now })));
    return results;
  });
}
