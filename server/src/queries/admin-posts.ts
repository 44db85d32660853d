/**
 * The admin console's reads of posts: one post with its topics and people, the list (search,
 * filters, sorts, pages) and the authors of the company's posts. Every read is scoped to the
 * company; pending suggestions (status 0) are read one at a time but never listed.
 */
import { Network, type AdminPostListQuery, type AdminPostSort, type TopicRef } from '@chorus/core';
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { postCategories, posts, users } from '../db/schema.ts';
import { CONSOLE_STATUSES, inAdminPostState, notDeleted } from '../lib/admin-post-states.ts';
import type { AdminPostRow, PersonName } from '../presenters/admin-post.ts';
import { prefixTsQuery, searchMatches } from './search.ts';

/** Posts per page of the console's list when the query does not say. */
export const ADMIN_POSTS_PER_PAGE = 20;

/** The post's topics, a column that schema.ts does not declare (migration 0030), main topic first. */
const POST_TOPICS = sql.raw('"posts"."topics"');
const POST_CREATED_BY = sql.raw('"posts"."created_by"');
const POST_SUGGESTED_BY = sql.raw('"posts"."suggested_by"');

/** A person's id and name by a user id column, or null. */
export function personOf(column: SQL): SQL<PersonName | null> {
  return sql<PersonName | null>`(select json_build_object('id', u.id, 'first', u.first_name, 'last', u.last_name) from users u where u.id = ${column})`;
}

/** Select fields of a console row; the query must select from the unaliased `posts` table. */
function adminPostFields() {
  return {
    post: posts,
    topics: sql<TopicRef[]>`${POST_TOPICS}`,
    author: personOf(POST_CREATED_BY),
    suggester: personOf(POST_SUGGESTED_BY),
  };
}

/** One post of the company in any status (a suggestion too), or null. */
export async function findAdminPost(db: Database, companyId: number, postId: number): Promise<AdminPostRow | null> {
  const [row] = await db
    .select(adminPostFields())
    .from(posts)
    .where(and(eq(posts.companyId, companyId), eq(posts.id, postId)))
    .limit(1);
  return row ?? null;
}

/** The column of posts that says whether it may go to a network (1 Twitter, 2 Facebook, 3 LinkedIn). */
const NETWORK_COLUMNS = { [Network.TWITTER]: posts.twitter, [Network.FACEBOOK]: posts.facebook, [Network.LINKEDIN]: posts.linkedin } as const;

function networkColumn(network: number) {
  return NETWORK_COLUMNS[network as keyof typeof NETWORK_COLUMNS];
}

/** What narrows the list, as its WHERE conditions. */
function listConditions(companyId: number, query: AdminPostListQuery): SQL[] {
  const conditions: SQL[] = [eq(posts.companyId, companyId), inArray(posts.status, [...CONSOLE_STATUSES])];
  conditions.push(query.state === undefined ? notDeleted() : inAdminPostState(query.state));
  // The library's search (title, hashtags and text, each word a prefix, any case); words only, so '%' matches nothing special.
  const tsquery = query.query === undefined || query.query === '' ? null : prefixTsQuery(query.query);
  if (tsquery !== null) conditions.push(searchMatches(tsquery));
  if (query.topic_id !== undefined) {
    conditions.push(exists(sql`(select 1 from ${postCategories} where ${postCategories.postId} = ${posts.id} and ${postCategories.categoryId} = ${query.topic_id})`));
  }
  if (query.network !== undefined) conditions.push(eq(networkColumn(query.network), true));
  if (query.author_id !== undefined) conditions.push(eq(posts.createdBy, query.author_id));
  return conditions;
}

/** Each sort's ORDER BY, the id last so pages never overlap. */
function orderOf(sort: AdminPostSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(posts.created), asc(posts.id)];
    case 'title':
      return [asc(sql`lower(${posts.title})`), asc(posts.id)];
    case 'shares':
      return [desc(posts.shareCount), desc(posts.created), desc(posts.id)];
    case 'start':
      return [desc(posts.start), desc(posts.id)];
    case 'newest':
      return [desc(posts.created), desc(posts.id)];
  }
}

/** One page of the console's list and the number of matches. */
export async function listAdminPosts(db: Database, companyId: number, query: AdminPostListQuery): Promise<{ rows: AdminPostRow[]; total: number; page: number; perPage: number }> {
  const page = query.page_num ?? 1;
  const perPage = query.results_per_page ?? ADMIN_POSTS_PER_PAGE;
  const where = and(...listConditions(companyId, query));
  const [rows, [counted]] = await Promise.all([
    db
      .select(adminPostFields())
      .from(posts)
      .where(where)
      .orderBy(...orderOf(query.sort ?? 'newest'))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page, perPage };
}

/** The people who wrote the company's posts, by name. */
export async function adminPostAuthors(db: Database, companyId: number): Promise<PersonName[]> {
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.createdBy))
    .where(eq(posts.companyId, companyId))
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}
