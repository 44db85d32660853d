/**
 * Read queries of the content library: one post, the paged list and the feed. Pages are
 * loaded with their presentation extras (post-extras.ts) in the same query.
 */
import { FilterBy, PostListType, RECOMMENDATION_WINDOW_DAYS, SortBy } from '@chorus/core';
import { and, desc, eq, exists, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { bookmarks, categories, categoryFollows, postCategories, posts, postShares, type PostRow } from '../db/schema.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import { liveInCompany } from './live-posts.ts';
import { postExtrasFields, type PostWithExtras } from './post-extras.ts';
import { searchMatches, searchRank } from './search.ts';

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
  /** Which list: the library, the viewer's bookmarks, featured posts or recommendations. */
  type: PostListType;
  filterBy: FilterBy;
  /** null: best match first while searching, otherwise latest. */
  sortBy: SortBy | null;
  perPage: number;
  page: number;
  categoryIds: readonly number[];
  query: string;
}

function listConditions(companyId: number, viewerId: number, params: PostListParams): SQL[] {
  const conditions: SQL[] = [liveInCompany(companyId)];
  if (params.type === PostListType.BOOKMARKS) {
    conditions.push(
      exists(sql`(select 1 from ${bookmarks} where ${bookmarks.postId} = ${posts.id} and ${bookmarks.userId} = ${viewerId} and ${bookmarks.companyId} = ${companyId})`),
    );
  } else if (params.type === PostListType.FEATURED) {
    conditions.push(eq(posts.isFeatured, true));
  } else if (params.type === PostListType.RECOMMENDED) {
    conditions.push(sql`${posts.created} > now() - make_interval(days => ${RECOMMENDATION_WINDOW_DAYS})`);
  }
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
  if (params.query !== '') conditions.push(searchMatches(params.query));
  return conditions;
}

/** The cache key of a list total: everything that decides the matches (not sort or page). */
function countKey(companyId: number, viewerId: number, params: PostListParams): string {
  const perViewer = params.filterBy === FilterBy.UNSHARED || params.type === PostListType.BOOKMARKS;
  const topics = [...new Set(params.categoryIds)].sort((a, b) => a - b).join(',');
  return JSON.stringify(['posts', companyId, params.type, params.filterBy, perViewer ? viewerId : 0, topics, params.query]);
}

/** The list's order: the chosen sort, relevance while searching, newest as the tie-breaker. */
function listOrder(params: PostListParams): SQL[] {
  const newest = [desc(posts.created), desc(posts.id)];
  const searching = params.query !== '';
  if (params.sortBy === SortBy.TOP_PERFORMING) {
    return searching ? [desc(posts.shareCount), desc(searchRank(params.query)), ...newest] : [desc(posts.shareCount), ...newest];
  }
  if (params.sortBy === null && searching) return [desc(searchRank(params.query)), ...newest];
  return newest;
}

/**
 * One page of a post list, with extras, and the total number of matches (cached briefly).
 * Bookmark lists are counted fresh: the viewer's own toggles must show at once.
 */
export async function listPosts(
  db: Database,
  counts: ReadCache<number>,
  companyId: number,
  viewerId: number,
  params: PostListParams,
): Promise<{ rows: PostWithExtras[]; total: number }> {
  const where = and(...listConditions(companyId, viewerId, params));
  const offset = (params.page - 1) * params.perPage;
  const countAll = async (): Promise<number> => {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(where);
    return counted?.total ?? 0;
  };
  const total = params.type === PostListType.BOOKMARKS ? await countAll() : await counts.get(countKey(companyId, viewerId, params), countAll);
  if (offset >= total) return { rows: [], total };

  // The page's ids first, then the rows with their extras: selected in one query with
  // LIMIT/OFFSET, the extras' subqueries would also run for every skipped row.
  // Top performing reads posts_company_share_count_idx, the newest first posts_company_created_idx,
  // a search posts_search_vector_idx.
  const order = listOrder(params);
  const page = db
    .select({ id: posts.id, rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rank') })
    .from(posts)
    .where(where)
    .orderBy(...order)
    .limit(params.perPage)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ post: posts, extras: postExtrasFields(viewerId) })
    .from(page)
    .innerJoin(posts, eq(posts.id, page.id))
    .orderBy(page.rank);
  return { rows, total };
}

/** What the feed shows; each limit may be 0. */
export interface FeedLimits {
  featured: number;
  latest: number;
  perTopic: number;
  filterBy: FilterBy;
  sortBy: SortBy;
}

/** The feed's posts, with extras: a topic doormat is a topic with its newest posts. */
export interface FeedPosts {
  featured: PostWithExtras[];
  latest: PostWithExtras[];
  topics: { category: { id: number; name: string }; posts: PostWithExtras[] }[];
  /** Live posts matching the filter. */
  total: number;
}

const Section = { FEATURED: 1, LATEST: 2, TOPIC: 3 } as const;

/**
 * The whole feed in one query: the ids of the featured, latest and per-followed-topic posts
 * (UNION ALL), joined back to the posts with their extras. Followed topics with no live posts
 * drop out; topics come in the viewer's order (category_follows.position, then name). The
 * library state's filter and sort apply to every section.
 */
export async function feedPosts(db: Database, counts: ReadCache<number>, companyId: number, viewerId: number, limits: FeedLimits): Promise<FeedPosts> {
  const params: PostListParams = { type: PostListType.USER_LIST, filterBy: limits.filterBy, sortBy: limits.sortBy, perPage: 1, page: 1, categoryIds: [], query: '' };
  const visible = and(...listConditions(companyId, viewerId, params));
  const order = listOrder(params);
  const total = counts.get(countKey(companyId, viewerId, params), async () => {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).where(visible);
    return counted?.total ?? 0;
  });
  const featured = db
    .select({
      section: sql<number>`${Section.FEATURED}::int`.as('section'),
      categoryId: sql<number | null>`null::int`.as('category_id'),
      categoryName: sql<string | null>`null::text`.as('category_name'),
      position: sql<number>`0`.as('position'),
      postId: sql<number>`${posts.id}`.as('post_id'),
    })
    .from(posts)
    .where(and(visible, eq(posts.isFeatured, true)))
    .orderBy(...order)
    .limit(limits.featured);
  const latest = db
    .select({
      section: sql<number>`${Section.LATEST}::int`.as('section'),
      categoryId: sql<number | null>`null::int`.as('category_id'),
      categoryName: sql<string | null>`null::text`.as('category_name'),
      position: sql<number>`0`.as('position'),
      postId: sql<number>`${posts.id}`.as('post_id'),
    })
    .from(posts)
    .where(visible)
    .orderBy(...order)
    .limit(limits.latest);
  // Per topic, walk the company's live posts order first (posts_company_created_idx) and keep
  // those in the topic: a few index steps per topic, where ranking every (topic, post) pair
  // with a window function sorted the whole library on each request.
  const topicNewest = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        visible,
        exists(sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = ${categories.id})`),
      ),
    )
    .orderBy(...order)
    .limit(limits.perTopic)
    .as('topic_order');
  const topics = db
    .select({
      section: sql<number>`${Section.TOPIC}::int`.as('section'),
      categoryId: sql<number | null>`${categories.id}`.as('category_id'),
      categoryName: sql<string | null>`${categories.name}`.as('category_name'),
      position: sql<number>`${categoryFollows.position}`.as('position'),
      postId: sql<number>`${topicNewest.id}`.as('post_id'),
    })
    .from(categoryFollows)
    .innerJoin(categories, eq(categories.id, categoryFollows.categoryId))
    .crossJoinLateral(topicNewest)
    .where(and(eq(categoryFollows.userId, viewerId), eq(categoryFollows.companyId, companyId), eq(categories.companyId, companyId)));
  const ids = unionAll(featured, latest, topics).as('feed_ids');
  const rows = await db
    .select({ section: ids.section, categoryId: ids.categoryId, categoryName: ids.categoryName, post: posts, extras: postExtrasFields(viewerId) })
    .from(ids)
    .innerJoin(posts, eq(posts.id, ids.postId))
    .orderBy(ids.section, ids.position, sql`lower(${ids.categoryName})`, ids.categoryId, ...order);

  const feed: FeedPosts = { featured: [], latest: [], topics: [], total: await total };
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
