/** Read queries of the content library: one post, the paged list and the feed. */
import { FilterBy, SortBy } from '@chorus/core';
import { and, asc, desc, eq, exists, ilike, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, postCategories, posts, postShares, type PostRow } from '../db/schema.ts';
import { liveInCompany } from './live-posts.ts';

/** Featured posts on the feed: the carousel shows a handful. */
export const FEATURED_ON_FEED = 10;

/** A live post of the company, or null (missing, another company's, not live). */
export async function findLivePost(db: Database, companyId: number, postId: number): Promise<PostRow | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), liveInCompany(companyId)))
    .limit(1);
  return row ?? null;
}

/** Parameters of the post list, as validated by the contract. */
export interface PostListParams {
  filterBy: FilterBy;
  sortBy: SortBy;
  perPage: number;
  page: number;
  categoryIds: readonly number[];
  query: string;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listConditions(companyId: number, viewerId: number, params: PostListParams): SQL[] {
  const conditions: SQL[] = [liveInCompany(companyId)];
  if (params.filterBy === FilterBy.UNSHARED) {
    conditions.push(
      notExists(
        sql`(select 1 from ${postShares} where ${postShares.postId} = ${posts.id} and ${postShares.userId} = ${viewerId})`,
      ),
    );
  }
  if (params.categoryIds.length > 0) {
    conditions.push(
      exists(
        sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${inArray(postCategories.categoryId, [...params.categoryIds])})`,
      ),
    );
  }
  if (params.query !== '') {
    const pattern = likePattern(params.query);
    // Hashtags are matched as "#tag #tag" so that both "tag" and "#tag" find them.
    const searched = or(
      ilike(posts.title, pattern),
      ilike(posts.content, pattern),
      sql`('#' || array_to_string(${posts.hashtags}, ' #')) ilike ${pattern}`,
    );
    if (searched) conditions.push(searched);
  }
  return conditions;
}

/** One page of the post list with the total number of matches. */
export async function listPosts(
  db: Database,
  companyId: number,
  viewerId: number,
  params: PostListParams,
): Promise<{ rows: PostRow[]; total: number }> {
  const where = and(...listConditions(companyId, viewerId, params));
  const offset = (params.page - 1) * params.perPage;
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(where);
  const total = counted?.total ?? 0;
  if (offset >= total) return { rows: [], total };

  if (params.sortBy === SortBy.TOP_PERFORMING) {
    const shareCounts = db
      .select({ postId: postShares.postId, shares: sql<number>`count(*)::int`.as('shares') })
      .from(postShares)
      .where(eq(postShares.companyId, companyId))
      .groupBy(postShares.postId)
      .as('share_counts');
    const rows = await db
      .select({ post: posts })
      .from(posts)
      .leftJoin(shareCounts, eq(shareCounts.postId, posts.id))
      .where(where)
      .orderBy(sql`coalesce(${shareCounts.shares}, 0) desc`, desc(posts.created), desc(posts.id))
      .limit(params.perPage)
      .offset(offset);
    return { rows: rows.map((r) => r.post), total };
  }
  const rows = await db.select().from(posts).where(where).orderBy(desc(posts.created), desc(posts.id)).limit(params.perPage).offset(offset);
  return { rows, total };
}

/** The newest live posts. */
export async function latestPosts(db: Database, companyId: number, limit: number): Promise<PostRow[]> {
  if (limit === 0) return [];
  return db.select().from(posts).where(liveInCompany(companyId)).orderBy(desc(posts.created), desc(posts.id)).limit(limit);
}

/** The newest live featured posts. */
export async function featuredPosts(db: Database, companyId: number, limit: number): Promise<PostRow[]> {
  return db
    .select()
    .from(posts)
    .where(and(liveInCompany(companyId), eq(posts.isFeatured, true)))
    .orderBy(desc(posts.created), desc(posts.id))
    .limit(limit);
}

/** A topic doormat: a category and the ids of its newest live posts. */
export interface TopicPostIds {
  category: { id: number; name: string };
  postIds: number[];
}

/** Every topic with live posts, by name, each with its newest `perTopic` post ids (one query). */
export async function topicDoormats(db: Database, companyId: number, perTopic: number): Promise<TopicPostIds[]> {
  if (perTopic === 0) return [];
  const ranked = db
    .select({
      categoryId: postCategories.categoryId,
      categoryName: categories.name,
      postId: posts.id,
      rank: sql<number>`row_number() over (partition by ${postCategories.categoryId} order by ${posts.created} desc, ${posts.id} desc)`.as(
        'rank',
      ),
    })
    .from(postCategories)
    .innerJoin(posts, eq(posts.id, postCategories.postId))
    .innerJoin(categories, and(eq(categories.id, postCategories.categoryId), eq(categories.companyId, companyId)))
    .where(liveInCompany(companyId))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perTopic))
    .orderBy(sql`lower(${ranked.categoryName})`, asc(ranked.categoryId), asc(ranked.rank));
  const topics = new Map<number, TopicPostIds>();
  for (const row of rows) {
    const topic = topics.get(row.categoryId) ?? { category: { id: row.categoryId, name: row.categoryName }, postIds: [] };
    topic.postIds.push(row.postId);
    topics.set(row.categoryId, topic);
  }
  return [...topics.values()];
}

/** Loads posts of the company by id. */
export async function postsByIds(db: Database, companyId: number, ids: readonly number[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(posts)
    .where(and(eq(posts.companyId, companyId), inArray(posts.id, [...ids])));
}
