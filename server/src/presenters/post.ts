/**
 * Builds the contract's Post from post rows. Everything a post needs beyond its row (topics,
 * like counts, the viewer's like, the suggester) comes from correlated subqueries selected
 * with the rows (queries/post-extras.ts), and share counts are columns of the row, so a
 * page of posts is one query, never one per post.
 */
import { PostStatus, type TopicRef, type Post } from '@chorus/core';
import type { PostRow } from '../db/schema.ts';

/** Per-post data gathered for a page. */
export interface PostExtras {
  categories: TopicRef[];
  likes: number;
  likedByViewer: boolean;
  suggestedBy: { id: number; name: string } | null;
  bookmarked: boolean;
  subscribed: boolean;
  comments: number;
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

/**
 * Whether a post is live at `now`: status live, started, not expired (the rule the library's
 * query applies in SQL: queries/live-posts.ts).
 */
export function isLivePost(post: Pick<PostRow, 'status' | 'start' | 'expiration'>, now: Date = new Date()): boolean {
  return post.status === PostStatus.LIVE && post.start.getTime() <= now.getTime() && (post.expiration === null || post.expiration.getTime() > now.getTime());
}

/** Presents one post with its gathered extras. */
export function presentPost(row: PostRow, extras: PostExtras): Post {
  const tags = hashtagsString(row.hashtags);
  const twitterShares = row.twitterShares;
  const facebookShares = row.facebookShares;
  const linkedinShares = row.linkedinShares;
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
    comments: { num_results: extras.comments },
    is_reactions_enabled: row.reactionsEnabled,
    is_comments_enabled: row.commentsEnabled,
    is_featured: row.isFeatured,
    is_bookmarked: extras.bookmarked ? 1 : 0,
    is_subscribed: extras.subscribed,
    editable: true,
    properties: { suggested_by: extras.suggestedBy },
    post_deferred: [],
    post_processing: [],
  };
}

export function extrasOf(row: PostRow, loaded: PostExtrasRow | undefined): PostExtras {
  const suggester = loaded?.suggester ?? null;
  return {
    categories: loaded?.categories ?? [],
    likes: loaded?.likes ?? 0,
    likedByViewer: loaded?.liked ?? false,
    bookmarked: loaded?.bookmarked ?? false,
    subscribed: loaded?.subscribed ?? false,
    comments: loaded?.comments ?? 0,
    // A suggester whose account is gone has already been set null by the foreign key.
    suggestedBy: row.suggestedBy === null || suggester === null ? null : { id: row.suggestedBy, name: `${suggester.first} ${suggester.last}`.trim() },
  };
}

/** Presents posts loaded with their extras (in the given order). */
export function presentPostsWithExtras(rows: readonly PostWithExtras[]): Post[] {
  return rows.map((r) => presentPost(r.post, extrasOf(r.post, r.extras)));
}

/** The suggester's name parts, as stored. */
export interface SuggesterName {
  first: string;
  last: string;
}

/** What presenting a post needs beyond its row that is the same for every viewer. */
export interface SharedExtrasRow {
  categories: TopicRef[];
  likes: number;
  suggester: SuggesterName | null;
  comments: number;
}

/** The viewer's own marks on a post. */
export interface ViewerMarksRow {
  liked: boolean;
  /** The viewer bookmarked the post. */
  bookmarked: boolean;
  /** The viewer is subscribed to the post's notifications. */
  subscribed: boolean;
}

/** Per-post data loaded with the row. */
export type PostExtrasRow = SharedExtrasRow & ViewerMarksRow;

/** A post with its extras. */
export interface PostWithExtras {
  post: PostRow;
  extras: PostExtrasRow;
}
