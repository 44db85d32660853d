/**
 * Read queries of the content library: one post, the paged list and the feed. Pages are
 * loaded with their presentation extras (post-extras.ts) in the same query. The list and the
 * feed are prepared once per shape (prepared.ts): the values travel as placeholders.
 */
import { FEED_TITLE_COUNT_CAP, FilterBy, PostListType, RECOMMENDATION_WINDOW_DAYS, SortBy } from '@chorus/core';
import { and, desc, eq, exists, notExists, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.ts';
import { bookmarks, categories, categoryFollows, postCategories, postDismissals, posts, shares, type PostRow } from '../db/schema.ts';
import type { Caches } from '../lib/caches.ts';
import { liveInCompany } from './live-posts.ts';
import { sharedExtrasFields, viewerMarksFields, type PostWithExtras, type SharedPost, type ViewerMarksRow } from './post-extras.ts';
import { limitInText, preparedQuery, type PlanMode } from './prepared.ts';
import { prefixTsQuery, searchMatches, searchRank } from './search.ts';

/** Featured posts on the feed: the carousel shows a handful. */
export const FEATURED_ON_FEED = 10;

/**
 * Totals are counted up to this many matches. Beyond it `num_results` is a lower bound (more
 * than this many), never a scan of the whole library per request: the feed's title shows
 * "20+" anyway, and a list's `total_pages` stays one past the page while more rows follow it,
 * and exact on the page that shows the end (each page reads one row more than it shows).
 */
export const COUNTED_TOTAL_MAX = 1000;

/**
 * The feed's `num_results` is counted up to one past this: it only serves the feed's title,
 * which shows "20+" beyond it (the spec's count prefix), and counting a thousand posts per
 * request was half of the database's work on an uncached feed.
 */
const FEED_COUNTED_MAX = FEED_TITLE_COUNT_CAP;

/** The placeholders of the prepared list and feed queries; their limits are part of the SQL text (limitInText). */
const P = {
  company: sql.placeholder('company'),
  viewer: sql.placeholder('viewer'),
  topics: sql.placeholder('topics'),
  tsquery: sql.placeholder('tsquery'),
  offset: sql.placeholder('offset'),
  ids: sql.placeholder('ids'),
};

/** A live post of the company, or null (missing, another company's, not live). */
export async function findLivePost(db: Database, companyId: number, postId: number): Promise<PostRow | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), liveInCompany(companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * The id of the newest post on the company's feed (the Latest section's first post under the
 * default filter), or null when the library is empty: what new-post polling compares.
 */
export async function newestLivePostId(db: Database, companyId: number): Promise<number | null> {
  const shape: ListShape = { type: PostListType.USER_LIST, filterBy: FilterBy.ALL, sortBy: SortBy.LATEST, topics: false, searching: false };
  const query = preparedQuery(db, JSON.stringify(['newest', shape]), (name, on) =>
    on
      .select({ id: posts.id })
      .from(posts)
      .where(and(...listConditions(shape)))
      .orderBy(...newestFirst())
      .limit(limitInText(1))
      .prepare(name),
  );
  const [row] = await query.execute({ company: companyId });
  return row?.id ?? null;
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

/** What changes a list query's SQL text; everything else is a placeholder's value. */
interface ListShape {
  type: PostListType;
  filterBy: FilterBy;
  sortBy: SortBy | null;
  topics: boolean;
  searching: boolean;
  /** The feed leaves out the posts the viewer dismissed (lists, search and bookmarks keep them). */
  feed?: boolean;
}

function listConditions(shape: ListShape): SQL[] {
  const conditions: SQL[] = [liveInCompany(P.company)];
  if (shape.type === PostListType.BOOKMARKS) {
    conditions.push(
      exists(sql`(select 1 from ${bookmarks} where ${bookmarks.postId} = ${posts.id} and ${bookmarks.userId} = ${P.viewer} and ${bookmarks.companyId} = ${P.company})`),
    );
  } else if (shape.type === PostListType.FEATURED) {
    conditions.push(featuredOnly());
  } else if (shape.type === PostListType.RECOMMENDED) {
    conditions.push(sql`${posts.created} > now() - make_interval(days => ${sql.raw(String(RECOMMENDATION_WINDOW_DAYS))})`);
  }
  if (shape.filterBy === FilterBy.UNSHARED) {
    conditions.push(
      notExists(sql`(select 1 from ${shares} where ${shares.postId} = ${posts.id} and ${shares.userId} = ${P.viewer} and ${shares.state} = 'published')`),
    );
  }
  if (shape.topics) {
    conditions.push(exists(sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = any(${P.topics}::int[]))`));
  }
  if (shape.searching) conditions.push(searchMatches(P.tsquery));
  if (shape.feed === true) {
    conditions.push(notExists(sql`(select 1 from ${postDismissals} where ${postDismissals.postId} = ${posts.id} and ${postDismissals.userId} = ${P.viewer})`));
  }
  return conditions;
}

/** Featured posts, written as the predicate of posts_company_featured_idx (a parameter could not use that partial index). */
function featuredOnly(): SQL {
  return sql`${posts.isFeatured}`;
}

/**
 * Whether a list's matches depend on who asks: the viewer's bookmarks, or the posts the viewer
 * has not shared. Every other list matches and orders the same posts for every member.
 */
function matchesPerViewer(params: PostListParams): boolean {
  return params.filterBy === FilterBy.UNSHARED || params.type === PostListType.BOOKMARKS;
}

/** The cache key of a list total: everything that decides the matches (not sort or page). */
function countKey(companyId: number, viewerId: number, params: PostListParams): string {
  const topics = [...new Set(params.categoryIds)].sort((a, b) => a - b).join(',');
  return JSON.stringify(['posts', companyId, params.type, params.filterBy, matchesPerViewer(params) ? viewerId : 0, topics, params.query]);
}

/** The cache key of a page's post ids, for lists that are the same for every viewer: the matches, the order and the page. */
function pageIdsKey(companyId: number, params: PostListParams, offset: number, limit: number): string {
  return JSON.stringify([countKey(companyId, 0, params), params.sortBy, offset, limit]);
}

/** A search is planned for its words; every other shape once (prepared.ts). */
function planOf(shape: ListShape): PlanMode {
  return shape.searching ? 'per-values' : 'generic';
}

/** Newest first: the feed's Latest order, and every other order's tie-breaker. */
function newestFirst(): SQL[] {
  return [desc(posts.created), desc(posts.id)];
}

/** The list's order: the chosen sort, relevance while searching, newest as the tie-breaker. */
function listOrder(shape: ListShape): SQL[] {
  const newest = newestFirst();
  if (shape.sortBy === SortBy.TOP_PERFORMING) {
    return shape.searching ? [desc(posts.shareCount), desc(searchRank(P.tsquery)), ...newest] : [desc(posts.shareCount), ...newest];
  }
  if (shape.sortBy === null && shape.searching) return [desc(searchRank(P.tsquery)), ...newest];
  return newest;
}

/** The matches, up to one past `max`: what a total counts. */
function matchesUpTo(on: Database, shape: ListShape, max: number) {
  return on
    .select({ one: sql<number>`1`.as('one') })
    .from(posts)
    .where(and(...listConditions(shape)))
    .limit(limitInText(max + 1));
}

/** The matches counted up to one past `max`, alone. */
function countQuery(db: Database, shape: ListShape, max: number) {
  return preparedQuery(db, JSON.stringify(['count', shape, max]), (name, on) =>
    on.select({ total: sql<number>`count(*)::int` }).from(matchesUpTo(on, shape, max).as('matches')).prepare(name), planOf(shape));
}

/**
 * The same count as a column of the statement that reads the posts, where PostgreSQL computes
 * it once (an InitPlan): each statement is a round trip, and on a busy machine a round trip
 * (waking the database's process, then being woken by it) cost more than counting 21 posts.
 */
function countColumn(on: Database, shape: ListShape, max: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${matchesUpTo(on, shape, max)}) as matches)`;
}

/**
 * The ids of a page of the list, `limit` at most, in order, with their rank. Top performing
 * reads posts_company_share_count_idx, the newest first posts_company_created_idx, a search
 * posts_search_vector_idx (and ranks every match: the costly part of a search).
 */
function pageIdsSelect(on: Database, shape: ListShape, limit: number) {
  const order = listOrder(shape);
  return on
    .select({ id: posts.id, rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rank') })
    .from(posts)
    .where(and(...listConditions(shape)))
    .orderBy(...order)
    .limit(limitInText(limit))
    .offset(P.offset);
}

/**
 * A page of the list's post ids with the viewer's marks, `limit` rows at most, and the matches
 * counted up to one past `countUpTo` on each row (null: not counted). The page's ids first, then
 * the marks: selected in one query with LIMIT/OFFSET, the marks' subqueries would also run for
 * every skipped row. The posts come from the post cache, or ride along when it is off (inlinePosts).
 */
function pageQuery(db: Database, shape: ListShape, limit: number, countUpTo: number | null, inline: boolean) {
  return preparedQuery(db, JSON.stringify(['page', shape, limit, countUpTo, inline]), (name, on) => {
    const page = pageIdsSelect(on, shape, limit).as('page');
    return on
      .select({
        postId: posts.id,
        marks: viewerMarksFields(P.viewer),
        ...inlinePosts(inline),
        counted: countUpTo === null ? sql<number | null>`null::int` : countColumn(on, shape, countUpTo),
      })
      .from(page)
      .innerJoin(posts, eq(posts.id, page.id))
      .orderBy(page.rank)
      .prepare(name);
  }, planOf(shape));
}

/** pageQuery's first half alone: a page's ids in order, to share between viewers. */
function pageIdsQuery(db: Database, shape: ListShape, limit: number) {
  return preparedQuery(db, JSON.stringify(['page-ids', shape, limit]), (name, on) => pageIdsSelect(on, shape, limit).prepare(name), planOf(shape));
}

/**
 * pageQuery's second half alone: the viewer's marks on a page's ids (a shared page, computed
 * for another viewer), in the page's order. Posts no longer live since the page was computed
 * (expired, unpublished) are left out.
 */
function marksByIdsQuery(db: Database) {
  return preparedQuery(db, 'marks-by-ids', (name, on) => {
    const page = sql`unnest(${P.ids}::int[]) with ordinality as page(id, rank)`;
    return on
      .select({ postId: posts.id, marks: viewerMarksFields(P.viewer) })
      .from(page)
      .innerJoin(posts, eq(posts.id, sql`page.id`))
      .where(liveInCompany(P.company))
      .orderBy(sql`page.rank`)
      .prepare(name);
  });
}

/** The company's live posts of `ids`, with the extras every viewer shares. */
function sharedPostsQuery(db: Database) {
  return preparedQuery(db, 'shared-posts-by-ids', (name, on) =>
    on
      .select({ post: posts, shared: sharedExtrasFields() })
      .from(posts)
      .where(and(sql`${posts.id} = any(${P.ids}::int[])`, liveInCompany(P.company)))
      .prepare(name),
  );
}

/**
 * The posts with their shared extras as columns of a page's or the feed's own statement, when
 * the post cache is off: a second statement per request would cost a round trip, which on a busy
 * machine costs more than reading the posts. With the cache on they are not selected.
 */
function inlinePosts(inline: boolean): Partial<{ post: typeof posts; shared: ReturnType<typeof sharedExtrasFields> }> {
  return inline ? { post: posts, shared: sharedExtrasFields() } : {};
}

/** A page's or the feed's rows: ids with the viewer's marks, and their posts when inlinePosts selected them. */
type MarkedRow = MarkedId & Partial<SharedPost>;

/**
 * The posts of `rows` with their shared extras, by id: the ones selected with the rows, or else
 * the company's post cache's (one query for the ids it misses). Ids that are not live posts are
 * left out.
 */
async function sharedPosts(db: Database, cache: Caches['posts'], companyId: number, rows: readonly MarkedRow[]): Promise<Map<number, SharedPost>> {
  const selected = new Map<number, SharedPost>();
  for (const row of rows) if (row.post !== undefined && row.shared !== undefined) selected.set(row.postId, { post: row.post, shared: row.shared });
  // The statement's shape selects the posts for every row or for none.
  if (selected.size > 0 || rows.length === 0) return selected;
  const ids = rows.map((row) => row.postId);
  const keyOf = (id: number): string => `${companyId}:${id}`;
  const idOf = (key: string): number => Number(key.slice(key.indexOf(':') + 1));
  const found = await cache.getMany(companyId, ids.map(keyOf), async (keys) => {
    const live = await sharedPostsQuery(db).execute({ ids: keys.map(idOf), company: companyId });
    const byId = new Map<number, SharedPost>(live.map((row) => [row.post.id, row]));
    return new Map(keys.map((key) => [key, byId.get(idOf(key)) ?? null]));
  });
  const result = new Map<number, SharedPost>();
  for (const id of ids) {
    const shared = found.get(keyOf(id));
    if (shared) result.set(id, shared);
  }
  return result;
}

/** A post id with the viewer's marks on it, as the feed and list queries select them. */
interface MarkedId {
  postId: number;
  marks: ViewerMarksRow;
}

/** Each marked id with its shared post, in order; an id whose post is not live is left out. */
function withPosts<R extends MarkedId>(rows: readonly R[], shared: ReadonlyMap<number, SharedPost>): (R & PostWithExtras)[] {
  const joined: (R & PostWithExtras)[] = [];
  for (const row of rows) {
    const found = shared.get(row.postId);
    if (found !== undefined) joined.push({ ...row, post: found.post, extras: { ...found.shared, ...row.marks } });
  }
  return joined;
}

/**
 * The total a list reports: the count where it is at most COUNTED_TOTAL_MAX; beyond it, the
 * exact end when this page reached it, else at least one row past this page.
 */
function reportedTotal(counted: number, offset: number, shown: number, more: boolean, perPage: number): number {
  if (counted <= COUNTED_TOTAL_MAX) return counted;
  if (!more) return offset + shown;
  return Math.max(counted, offset + perPage + 1);
}

/**
 * One page of a post list, with extras, and the total number of matches (cached briefly,
 * counted up to COUNTED_TOTAL_MAX). Bookmark lists, and every list while caching is off, are
 * counted fresh, in the statement that reads the page: the viewer's own toggles must show at
 * once. A list that is the same for every viewer has its page's ids cached for the company (a
 * search ranks every match once, not once per member); each viewer's own marks (like,
 * bookmark, subscription) are always read fresh, and the posts with their shared extras come
 * from the company's post cache (sharedPosts).
 */
export async function listPosts(
  db: Database,
  caches: Pick<Caches, 'counts' | 'pageIds' | 'posts'>,
  companyId: number,
  viewerId: number,
  params: PostListParams,
): Promise<{ rows: PostWithExtras[]; total: number }> {
  const tsquery = params.query === '' ? null : prefixTsQuery(params.query);
  // A search with no words matches nothing.
  if (params.query !== '' && tsquery === null) return { rows: [], total: 0 };
  const shape: ListShape = { type: params.type, filterBy: params.filterBy, sortBy: params.sortBy, topics: params.categoryIds.length > 0, searching: tsquery !== null };
  const offset = (params.page - 1) * params.perPage;
  const values = { company: companyId, viewer: viewerId, topics: [...params.categoryIds], tsquery, offset };
  const countAll = async (): Promise<number> => {
    const [counted] = await countQuery(db, shape, COUNTED_TOTAL_MAX).execute(values);
    return counted?.total ?? 0;
  };
  // One row more than the page shows tells whether more follow it.
  const limit = params.perPage + 1;
  let counted: number;
  let fetched: MarkedRow[];
  // Read the posts with the page when there is no post cache to read them from.
  const inline = !caches.posts.enabled;
  if (params.type === PostListType.BOOKMARKS || !caches.counts.enabled) {
    // Counted fresh (bookmarks: the viewer's own toggles must show at once), in the page's own
    // statement; only a page past the end, which has no row to carry the count, counts alone.
    const rows: (MarkedRow & { counted: number | null })[] = await pageQuery(db, shape, limit, COUNTED_TOTAL_MAX, inline).execute(values);
    counted = rows[0]?.counted ?? (offset === 0 ? 0 : await countAll());
    fetched = rows;
  } else {
    counted = await caches.counts.get(companyId, countKey(companyId, viewerId, params), countAll);
    if (counted <= COUNTED_TOTAL_MAX && offset >= counted) return { rows: [], total: counted };
    if (matchesPerViewer(params) || !caches.pageIds.enabled) {
      fetched = await pageQuery(db, shape, limit, null, inline).execute(values);
    } else {
      const ids = await caches.pageIds.get(companyId, pageIdsKey(companyId, params, offset, limit), async () => {
        const page = await pageIdsQuery(db, shape, limit).execute(values);
        return page.map((row) => row.id);
      });
      fetched = ids.length === 0 ? [] : await marksByIdsQuery(db).execute({ ids, viewer: viewerId, company: companyId });
    }
  }
  const more = fetched.length > params.perPage;
  const page = more ? fetched.slice(0, params.perPage) : fetched;
  const rows = withPosts(page, await sharedPosts(db, caches.posts, companyId, page));
  return { rows, total: reportedTotal(counted, offset, page.length, more, params.perPage) };
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
  /** Live posts matching the filter and not dismissed by the viewer, counted up to FEED_COUNTED_MAX + 1. */
  total: number;
}

const Section = { FEATURED: 1, LATEST: 2, TOPIC: 3 } as const;

/** The feed's section sizes, part of its query's text. */
type FeedSizes = Pick<FeedLimits, 'featured' | 'latest' | 'perTopic'>;

/** The feed's query for a filter, sort and section sizes (see feedPosts). */
function feedQuery(db: Database, shape: ListShape, sizes: FeedSizes, inline: boolean) {
  return preparedQuery(db, JSON.stringify(['feed', shape, sizes.featured, sizes.latest, sizes.perTopic, inline]), (name, on) => {
    const visible = and(...listConditions(shape));
    const order = listOrder(shape);
    const featured = on
      .select({
        section: sql<number>`${Section.FEATURED}::int`.as('section'),
        categoryId: sql<number | null>`null::int`.as('category_id'),
        categoryName: sql<string | null>`null::text`.as('category_name'),
        position: sql<number>`0`.as('position'),
        postId: sql<number>`${posts.id}`.as('post_id'),
      })
      .from(posts)
      .where(and(visible, featuredOnly()))
      .orderBy(...order)
      .limit(limitInText(sizes.featured));
    const latest = on
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
      .limit(limitInText(sizes.latest));
    // Per topic, walk the company's live posts order first (posts_company_created_idx) and keep
    // those in the topic: a few index steps per topic, where ranking every (topic, post) pair
    // with a window function sorted the whole library on each request.
    const topicNewest = on
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          visible,
          exists(sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = ${categories.id})`),
        ),
      )
      .orderBy(...order)
      .limit(limitInText(sizes.perTopic))
      .as('topic_order');
    const topics = on
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
      .where(and(eq(categoryFollows.userId, P.viewer), eq(categoryFollows.companyId, P.company), eq(categories.companyId, P.company)));
    const ids = unionAll(featured, latest, topics).as('feed_ids');
    return on
      .select({
        section: ids.section,
        categoryId: ids.categoryId,
        categoryName: ids.categoryName,
        postId: posts.id,
        marks: viewerMarksFields(P.viewer),
        ...inlinePosts(inline),
        total: countColumn(on, shape, FEED_COUNTED_MAX),
      })
      .from(ids)
      .innerJoin(posts, eq(posts.id, ids.postId))
      .orderBy(ids.section, ids.position, sql`lower(${ids.categoryName})`, ids.categoryId, ...order)
      .prepare(name);
  });
}

/**
 * The whole feed's ids in one query: the featured, latest and per-followed-topic posts (UNION
 * ALL) with the viewer's marks; the posts with their shared extras come from the company's post
 * cache (sharedPosts), which members share. Followed topics with no live posts
 * drop out; topics come in the viewer's order (category_follows.position, then name). The
 * library state's filter and sort apply to every section, and posts the viewer dismissed are
 * left out of each.
 */
export async function feedPosts(db: Database, postCache: Caches['posts'], companyId: number, viewerId: number, limits: FeedLimits): Promise<FeedPosts> {
  const shape: ListShape = { type: PostListType.USER_LIST, filterBy: limits.filterBy, sortBy: limits.sortBy, topics: false, searching: false, feed: true };
  const values = { company: companyId, viewer: viewerId };
  // Counted fresh, like bookmarks (the viewer's own dismissals must show at once), in the same
  // statement; the feed's whole answer is cached (and retired by their writes) around this call.
  const rows: (MarkedRow & { section: number; categoryId: number | null; categoryName: string | null; total: number })[] = await feedQuery(db, shape, limits, !postCache.enabled).execute(values);
  // An empty feed has no row to carry the count: empty sections need not mean no posts.
  const total = rows[0]?.total ?? (await countQuery(db, shape, FEED_COUNTED_MAX).execute(values))[0]?.total ?? 0;
  const feed: FeedPosts = { featured: [], latest: [], topics: [], total };
  let topic: FeedPosts['topics'][number] | null = null;
  const shown = withPosts(rows, await sharedPosts(db, postCache, companyId, rows));
  for (const row of shown) {
    const item: PostWithExtras = { post: row.post, extras: row.extras };
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
