/**
 * Builds the contract's Post from post rows. Everything a page of posts needs beyond the
 * rows (topics, share and like counts, the viewer's likes, suggesters) is loaded in one
 * query each for the whole page, never per post.
 */
import { Network, type CategoryRef, type Post } from '@chorus/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, postCategories, postReactions, postShares, users, type PostRow } from '../db/schema.ts';

/** Per-post data gathered for a page. */
export interface PostExtras {
  categories: CategoryRef[];
  sharesByNetwork: ReadonlyMap<number, number>;
  likes: number;
  likedByViewer: boolean;
  suggestedBy: { id: number; name: string } | null;
}

/** "#a #b" from stored tags (kept without the hash sign). */
export function hashtagsString(hashtags: readonly string[]): string {
  return hashtags.map((tag) => `#${tag}`).join(' ');
}

/** The site a post's link points at, without "www."; null for internal content. */
export function sourceOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Presents one post with its gathered extras. */
export function presentPost(row: PostRow, extras: PostExtras): Post {
  const tags = hashtagsString(row.hashtags);
  const twitterShares = extras.sharesByNetwork.get(Network.TWITTER) ?? 0;
  const facebookShares = extras.sharesByNetwork.get(Network.FACEBOOK) ?? 0;
  const linkedinShares = extras.sharesByNetwork.get(Network.LINKEDIN) ?? 0;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    content_for_viewing: [row.content, tags].filter((part) => part !== '').join(' '),
    additional_content: row.additionalContent,
    hashtags: row.hashtags,
    hashtags_string: tags,
    url: row.url,
    source: sourceOf(row.url),
    type: row.type,
    status: row.status,
    categories: extras.categories,
    mainCategory: extras.categories[0] ?? null,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    start: row.start.toISOString(),
    expiration: row.expiration ? row.expiration.toISOString() : null,
    attachment: row.attachment,
    media_images: row.media.images,
    media_videos: row.media.videos,
    twitter: row.twitter,
    facebook: row.facebook,
    linkedin: row.linkedin,
    twitter_shares: twitterShares,
    facebook_shares: facebookShares,
    linkedin_shares: linkedinShares,
    shares: { num_results: twitterShares + facebookShares + linkedinShares },
    reactions: { num_results: extras.likes, reaction: extras.likedByViewer },
    // Comments arrive with a later issue.
    comments: { num_results: 0 },
    is_reactions_enabled: row.reactionsEnabled,
    is_comments_enabled: row.commentsEnabled,
    is_featured: row.isFeatured,
    // Bookmarks arrive with a later issue.
    is_bookmarked: 0,
    is_subscribed: false,
    editable: true,
    properties: { suggested_by: extras.suggestedBy },
    post_deferred: [],
    post_processing: [],
  };
}

/** Presents a page of posts (in the given order) for a viewer, with four batched queries. */
export async function presentPosts(db: Database, rows: readonly PostRow[], viewerId: number): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.id))];
  const suggesterIds = [...new Set(rows.flatMap((r) => (r.suggestedBy === null ? [] : [r.suggestedBy])))];

  const categoryRows = await db
    .select({ postId: postCategories.postId, id: categories.id, name: categories.name })
    .from(postCategories)
    .innerJoin(categories, eq(categories.id, postCategories.categoryId))
    .where(inArray(postCategories.postId, ids))
    .orderBy(asc(postCategories.position), sql`lower(${categories.name})`, asc(categories.id));
  const shareRows = await db
    .select({ postId: postShares.postId, network: postShares.network, shares: sql<number>`count(*)::int` })
    .from(postShares)
    .where(inArray(postShares.postId, ids))
    .groupBy(postShares.postId, postShares.network);
  const likeRows = await db
    .select({
      postId: postReactions.postId,
      likes: sql<number>`count(*)::int`,
      liked: sql<boolean>`bool_or(${postReactions.userId} = ${viewerId})`,
    })
    .from(postReactions)
    .where(and(inArray(postReactions.postId, ids), eq(postReactions.type, 1)))
    .groupBy(postReactions.postId);
  const suggesters =
    suggesterIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, suggesterIds));

  const categoriesByPost = new Map<number, CategoryRef[]>();
  for (const c of categoryRows) categoriesByPost.set(c.postId, [...(categoriesByPost.get(c.postId) ?? []), { id: c.id, name: c.name }]);
  const sharesByPost = new Map<number, Map<number, number>>();
  for (const s of shareRows) {
    const byNetwork = sharesByPost.get(s.postId) ?? new Map<number, number>();
    byNetwork.set(s.network, s.shares);
    sharesByPost.set(s.postId, byNetwork);
  }
  const likesByPost = new Map(likeRows.map((l) => [l.postId, l]));
  const suggesterById = new Map(suggesters.map((u) => [u.id, { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() }]));
  const noShares = new Map<number, number>();

  return rows.map((row) =>
    presentPost(row, {
      categories: categoriesByPost.get(row.id) ?? [],
      sharesByNetwork: sharesByPost.get(row.id) ?? noShares,
      likes: likesByPost.get(row.id)?.likes ?? 0,
      likedByViewer: likesByPost.get(row.id)?.liked ?? false,
      suggestedBy: row.suggestedBy === null ? null : (suggesterById.get(row.suggestedBy) ?? null),
    }),
  );
}
