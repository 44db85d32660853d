/** Read queries of a user's topics: follow state, lock and live post counts. */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, categoryFollows, postCategories, posts } from '../db/schema.ts';
import { containsPattern } from './like-pattern.ts';
import { liveInCompany } from './live-posts.ts';

/** A company topic with the user's follow state. */
export interface TopicEntryRow {
  id: number;
  name: string;
  followed: boolean;
  locked: boolean;
  numberOfPosts: number;
}

/**
 * The company's topics for one user: followed ones first in the user's order, then the rest
 * by name; `nameContains` narrows by name (case-insensitive).
 */
export async function listTopicEntries(db: Database, companyId: number, userId: number, nameContains = ''): Promise<TopicEntryRow[]> {
  const conditions = [eq(categories.companyId, companyId)];
  if (nameContains !== '') conditions.push(ilike(categories.name, containsPattern(nameContains)));
  return db
    .select({
      id: categories.id,
      name: categories.name,
      followed: sql<boolean>`${categoryFollows.userId} is not null`,
      locked: sql<boolean>`coalesce(${categoryFollows.locked}, false)`,
      numberOfPosts: sql<number>`(select count(*)::int from ${postCategories} join ${posts} on ${posts.id} = ${postCategories.postId}
        where ${postCategories.categoryId} = ${categories.id} and ${liveInCompany(companyId)})`,
    })
    .from(categories)
    .leftJoin(categoryFollows, and(eq(categoryFollows.categoryId, categories.id), eq(categoryFollows.userId, userId)))
    .where(and(...conditions))
    .orderBy(sql`${categoryFollows.position} asc nulls last`, sql`lower(${categories.name})`, asc(categories.id));
}

/** The ids of the user's followed topics in the user's order. */
export async function followedTopicIds(db: Database, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: categoryFollows.categoryId })
    .from(categoryFollows)
    .innerJoin(categories, eq(categories.id, categoryFollows.categoryId))
    .where(and(eq(categoryFollows.companyId, companyId), eq(categoryFollows.userId, userId)))
    .orderBy(asc(categoryFollows.position), sql`lower(${categories.name})`, asc(categories.id));
  return rows.map((r) => r.id);
}
