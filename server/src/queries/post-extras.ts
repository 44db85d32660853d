/**
 * What presenting a post needs beyond its row (topics, likes, the viewer's like, the
 * suggester), as correlated subqueries that ride along in the query selecting the posts:
 * a page of posts then costs one round trip. Share counts and topics are columns of posts (kept
 * by triggers), so they need no subquery. The extras come in two halves: what every viewer
 * shares (sharedExtrasFields, cached with the post for a company's members) and the viewer's
 * own marks (viewerMarksFields, read with each member's page of ids).
 */
import type { TopicRef, Post } from '@chorus/core';
import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { posts, type PostRow } from '../db/schema.ts';
import { extrasOf, presentPost, type PostExtrasRow, type SharedExtrasRow, type SuggesterName, type ViewerMarksRow } from '../presenters/post.ts';

export type { PostExtrasRow, PostWithExtras, SharedExtrasRow, SuggesterName, ViewerMarksRow } from '../presenters/post.ts';

/** A post as every viewer sees it: its row and the extras that are not the viewer's own. */
export interface SharedPost {
  post: PostRow;
  shared: SharedExtrasRow;
}

/**
 * The outer posts row, spelled out: Drizzle renders columns unqualified in single-table
 * selects, and an unqualified "id" inside these subqueries would bind to the inner table.
 */
const POST_ID = sql.raw('"posts"."id"');
const POST_SUGGESTED_BY = sql.raw('"posts"."suggested_by"');
/** The post's topics, a column that schema.ts does not declare (see migration 0030). */
const POST_TOPICS = sql.raw('"posts"."topics"');

type Fields<Row> = { [K in keyof Row]: SQL<Row[K]> };

/** Select fields of the extras that are the same for every viewer; the query must select from the unaliased `posts` table. */
export function sharedExtrasFields(): Fields<SharedExtrasRow> {
  return {
    // Main topic first (position 0), then by name, as the contract's mainCategory expects: kept
    // on the post by triggers (migration 0030), which read them as a join per post took a third
    // of the database's time for an uncached feed.
    categories: sql<TopicRef[]>`${POST_TOPICS}`,
    likes: sql<number>`(select count(*)::int from post_reactions r where r.post_id = ${POST_ID} and r.type = 1)`,
    suggester: sql<SuggesterName | null>`(select json_build_object('first', u.first_name, 'last', u.last_name) from users u where u.id = ${POST_SUGGESTED_BY})`,
    comments: sql<number>`(select count(*)::int from comments cm where cm.post_id = ${POST_ID})`,
  };
}

/** Select fields of the viewer's marks; the query must select from the unaliased `posts` table. The viewer may be a placeholder. */
export function viewerMarksFields(viewerId: number | Placeholder): Fields<ViewerMarksRow> {
  return {
    liked: sql<boolean>`exists (select 1 from post_reactions r where r.post_id = ${POST_ID} and r.user_id = ${viewerId} and r.type = 1)`,
    bookmarked: sql<boolean>`exists (select 1 from bookmarks b where b.user_id = ${viewerId} and b.post_id = ${POST_ID})`,
    subscribed: sql<boolean>`exists (select 1 from post_subscriptions s where s.user_id = ${viewerId} and s.post_id = ${POST_ID})`,
  };
}

/** Select fields of all the extras (see sharedExtrasFields and viewerMarksFields). */
export function postExtrasFields(viewerId: number | Placeholder): Fields<PostExtrasRow> {
  return { ...sharedExtrasFields(), ...viewerMarksFields(viewerId) };
}

/** Loads the extras of the given posts (for rows loaded without them), by post id. */
export async function loadPostExtras(db: Database, ids: readonly number[], viewerId: number): Promise<Map<number, PostExtrasRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, extras: postExtrasFields(viewerId) })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.extras]));
}

/** Presents posts loaded without extras (in the given order), with one query for the extras. */
export async function presentPostRows(db: Database, rows: readonly PostRow[], viewerId: number): Promise<Post[]> {
  if (rows.length === 0) return [];
  const extras = await loadPostExtras(db, [...new Set(rows.map((r) => r.id))], viewerId);
  return rows.map((row) => presentPost(row, extrasOf(row, extras.get(row.id))));
}
