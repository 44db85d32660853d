/**
 * Read queries of the content library: one post, the paged list and the feed. Pages are
 * loaded with their presentation extras (post-extras.ts) in the same query.
 */
import { FilterBy, SortBy } from '@chorus/core';
import { and, desc, eq, exists, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { categories, postCategories, posts, postShares, type PostRow } from '../db/schema.ts';
import { cachedCount } from './count-cache.ts';
import { liveInCompany } from './live-posts.ts';
import { postExtrasFields, type PostWithExtras } from './post-extras.ts';

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
      // The same immutable expression as the trigram index posts_search_trgm_idx.
      sql`post_hashtags_text(${posts.hashtags}) ilike ${pattern}`,
    );
    if (searched) conditions.push(searched);
  }
  return conditions;
}

/** The cache key of a list total: everything that decides the matches (not sort or page). */
function countKey(companyId: number, viewerId: number, params: PostListParams): string {
  const viewer = params.filterBy === FilterBy.UNSHARED ? viewerId : 0;
  const topics = [...new Set(params.categoryIds)].sort((a, b) => a - b).join(',');
  return JSON.stringify(['posts', companyId, params.filterBy, viewer, topics, params.query]);
}

/** One page of the post list, with extras, and the total number of matches (cached briefly). */
export async function listPosts(
  db: Database,
  companyId: number,
  viewerId: number,
  params: PostListParams,
): Promise<{ rows: PostWithExtras[]; total: number }> {
  const where = and(...listConditions(companyId, viewerId, params));
  const offset = (params.page - 1) * params.perPage;
  const total = await cachedCount(db, countKey(companyId, viewerId, params), async () => {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(where);
    return counted?.total ?? 0;
  });
  if (offset >= total) return { rows: [], total };

  // The page's ids first, then the rows with their extras: selected in one query with
  // LIMIT/OFFSET, the extras' subqueries would also run for every skipped row.
  // Top performing reads posts_company_share_count_idx, the newest first posts_company_created_idx.
  const top = params.sortBy === SortBy.TOP_PERFORMING;
  const page = db
    .select({ id: posts.id })
    .from(posts)
    .where(where)
    .orderBy(...(top ? [desc(posts.shareCount)] : []), desc(posts.created), desc(posts.id))
    .limit(params.perPage)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ post: posts, extras: postExtrasFields(viewerId) })
    .from(page)
    .innerJoin(posts, eq(posts.id, page.id))
    .orderBy(...(top ? [desc(posts.shareCount)] : []), desc(posts.created), desc(posts.id));
  return { rows, total };
}

/** What the feed shows; each limit may be 0. */
export interface FeedLimits {
  featured: number;
  latest: number;
  perTopic: number;
}

/** The feed's posts, with extras: a topic doormat is a topic with its newest posts. */
export interface FeedPosts {
  featured: PostWithExtras[];
  latest: PostWithExtras[];
  topics: { category: { id: number; name: string }; posts: PostWithExtras[] }[];
}

const Section = { FEATURED: 1, LATEST: 2, TOPIC: 3 } as const;

/**
 * The whole feed in one query: the ids of the featured, latest and per-topic posts
 * (UNION ALL), joined back to the posts with their extras. Topics with no live posts drop
 * out; topics come by name, posts newest first everywhere.
 */
export async function feedPosts(db: Database, companyId: number, viewerId: number, limits: FeedLimits): Promise<FeedPosts> {
  const newest = [desc(posts.created), desc(posts.id)];
  const featured = db
    .select({
      section: sql<number>`${Section.FEATURED}::int`.as('section'),
      categoryId: sql<number | null>`null::int`.as('category_id'),
      categoryName: sql<string | null>`null::text`.as('category_name'),
      postId: sql<number>`${posts.id}`.as('post_id'),
    })
    .from(posts)
    .where(and(liveInCompany(companyId), eq(posts.isFeatured, true)))
    .orderBy(...newest)
    .limit(limits.featured);
  const latest = db
    .select({
      section: sql<number>`${Section.LATEST}::int`.as('section'),
      categoryId: sql<number | null>`null::int`.as('category_id'),
      categoryName: sql<string | null>`null::text`.as('category_name'),
      postId: sql<number>`${posts.id}`.as('post_id'),
    })
    .from(posts)
    .where(liveInCompany(companyId))
    .orderBy(...newest)
    .limit(limits.latest);
  // Per topic, walk the company's live posts newest first (posts_company_created_idx) and keep
  // those in the topic: a few index steps per topic, where ranking every (topic, post) pair
  // with a window function sorted the whole library on each request.
  const topicNewest = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        liveInCompany(companyId),
        exists(sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = ${categories.id})`),
      ),
    )
    .orderBy(...newest)
    .limit(limits.perTopic)
    .as('topic_newest');
  const topics = db
    .select({
      section: sql<number>`${Section.TOPIC}::int`.as('section'),
      categoryId: sql<number | null>`${categories.id}`.as('category_id'),
      categoryName: sql<string | null>`${categories.name}`.as('category_name'),
      postId: sql<number>`${topicNewest.id}`.as('post_id'),
    })
    .from(categories)
    .crossJoinLateral(topicNewest)
    .where(eq(categories.companyId, companyId));
  const ids = unionAll(featured, latest, topics).as('feed_ids');
  const rows = await db
    .select({ section: ids.section, categoryId: ids.categoryId, categoryName: ids.categoryName, post: posts, extras: postExtrasFields(viewerId) })
    .from(ids)
    .innerJoin(posts, eq(posts.id, ids.postId))
    .orderBy(ids.section, sql`lower(${ids.categoryName})`, ids.categoryId, ...newest);

  const feed: FeedPosts = { featured: [], latest: [], topics: [] };
  let topic: FeedPosts['topics'][number] | null = null;
  for (const row of rows) {
    const item = { post: row.post, extras: row.extras };
    if (row.section === Section.FEATURED) feed.featured.push(item);
    else if (row.section === Section.LATEST) feed.latest.push(item);
    else if (row.categoryId !== null && row.categoryName !== null) {
      if (topic === null || topic.category.id !== row.categoryId) {
        topic = { category: { id: row.categoryId, name: row.categoryName }, posts: [] };
        feed.topics.push(topic);
      }
      topic.posts.push(item);
    }
  }
  return feed;
}
