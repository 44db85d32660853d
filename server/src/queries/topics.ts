/** Read queries of topics (categories). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, postCategories, posts } from '../db/schema.ts';
import { liveInCompany } from './live-posts.ts';

/** A topic with its number of live posts. */
export interface TopicWithCount {
  id: number;
  name: string;
  numberOfPosts: number;
}

/** One page of the company's topics by name, with the total. */
export async function listTopics(
  db: Database,
  companyId: number,
  page: number,
  perPage: number,
): Promise<{ rows: TopicWithCount[]; total: number }> {
  const [counted] = await db.select({ total: count() }).from(categories).where(eq(categories.companyId, companyId));
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ id: categories.id, name: categories.name, numberOfPosts: sql<number>`count(${posts.id})::int` })
    .from(categories)
    .leftJoin(postCategories, eq(postCategories.categoryId, categories.id))
    .leftJoin(posts, and(eq(posts.id, postCategories.postId), liveInCompany(companyId)))
    .where(eq(categories.companyId, companyId))
    .groupBy(categories.id)
    .orderBy(sql`lower(${categories.name})`, asc(categories.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total };
}
