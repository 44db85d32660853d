/** Following, unfollowing and ordering a user's topics (category_follows). */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, categoryFollows } from '../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../errors.ts';
import { ErrorCode } from '@chorus/core';
import { followedTopicIds } from '../queries/user-topics.ts';

async function requireTopic(db: Database, companyId: number, categoryId: number): Promise<void> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound();
}

/** Follows a topic of the company; it goes last in the user's order. Following twice is a no-op. */
export async function followTopic(db: Database, companyId: number, userId: number, categoryId: number): Promise<void> {
  await requireTopic(db, companyId, categoryId);
  await db
    .insert(categoryFollows)
    .values({
      userId,
      categoryId,
      companyId,
      position: sql`(select coalesce(max(${categoryFollows.position}), -1) + 1 from ${categoryFollows} where ${categoryFollows.userId} = ${userId} and ${categoryFollows.companyId} = ${companyId})`,
    })
    .onConflictDoNothing();
}

/** Unfollows a topic; a topic an admin locked for the user is refused with 409. */
export async function unfollowTopic(db: Database, companyId: number, userId: number, categoryId: number): Promise<void> {
  await requireTopic(db, companyId, categoryId);
  const where = and(eq(categoryFollows.userId, userId), eq(categoryFollows.categoryId, categoryId), eq(categoryFollows.companyId, companyId));
  const [row] = await db.select({ locked: categoryFollows.locked }).from(categoryFollows).where(where).limit(1);
  if (!row) return;
  if (row.locked) throw new ApiError(ErrorCode.TOPIC_LOCKED);
  await db.delete(categoryFollows).where(and(where, eq(categoryFollows.locked, false)));
}

/**
 * Saves the order of the followed topics. The list must hold each followed topic exactly
 * once (locked ones included), so a stale screen cannot drop or invent follows.
 */
export async function saveTopicOrder(db: Database, companyId: number, userId: number, order: readonly number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const followed = await followedTopicIds(tx, companyId, userId);
    const given = new Set(order);
    if (order.length !== followed.length || followed.some((id) => !given.has(id))) {
      throw validationFailed([{ path: 'sort_order', message: 'sort_order must list each followed topic exactly once' }]);
    }
    if (order.length > 0) {
      await tx.execute(sql`update ${categoryFollows} set position = o.position::int - 1
        from unnest(${`{${order.join(',')}}`}::int[]) with ordinality as o(category_id, position)
        where ${categoryFollows.userId} = ${userId} and ${categoryFollows.companyId} = ${companyId} and ${categoryFollows.categoryId} = o.category_id`);
    }
    return [...order];
  });
}
