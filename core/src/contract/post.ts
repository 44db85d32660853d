import { z } from 'zod';
import { FilterBy, POST_LIST_TYPES, PostListType, SortBy } from '../domain/enums.ts';
import { paged } from './common.ts';

/** GET /api/v1/category: one entry. */
export const Topic = z.object({
  id: z.number().int(),
  name: z.string(),
  number_of_posts: z.number().int().nonnegative(),
});
export type Topic = z.infer<typeof Topic>;
export const TopicListResponse = paged(Topic);

/** GET /api/v1/category: paging parameters (the topic list is usually read whole). */
export const TopicListQuery = z.object({
  page_num: z.coerce.number().int().min(1).default(1),
  results_per_page: z.coerce.number().int().min(1).max(500).default(500),
  _: z.string().optional(),
});
export type TopicListResponse = z.infer<typeof TopicListResponse>;

export const TopicRef = z.object({ id: z.number().int(), name: z.string() });
export type TopicRef = z.infer<typeof TopicRef>;

export const MediaImage = z.object({ original: z.string(), thumb: z.string(), medium: z.string() });
export type MediaImage = z.infer<typeof MediaImage>;
export const MediaVideo = z.object({ mp4: z.string().nullable(), mov: z.string().nullable(), poster: z.string().nullable() });
export type MediaVideo = z.infer<typeof MediaVideo>;

export const Attachment = z.object({
  type: z.enum(['link', 'article']),
  object: z.object({
    url: z.string(),
    domain: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    video_embed_url: z.string().nullable(),
  }),
});
export type Attachment = z.infer<typeof Attachment>;

export const QueuedShareRef = z.object({
  id: z.number().int(),
  network: z.number().int(),
  date: z.string(),
  attempts: z.number().int(),
  channel_id: z.number().int(),
});

/** A post as the library returns it (v4). */
export const Post = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  content_for_viewing: z.string(),
  additional_content: z.string().nullable(),
  hashtags: z.array(z.string()),
  hashtags_string: z.string(),
  url: z.string().nullable(),
  /** Where the content comes from (the link's site); null means internal content. */
  source: z.string().nullable(),
  type: z.number().int(),
  status: z.number().int(),
  categories: z.array(TopicRef),
  mainCategory: TopicRef.nullable(),
  created: z.string(),
  modified: z.string(),
  start: z.string().nullable(),
  expiration: z.string().nullable(),
  attachment: Attachment.nullable(),
  media_images: z.array(MediaImage),
  media_videos: z.array(MediaVideo),
  twitter: z.boolean(),
  facebook: z.boolean(),
  linkedin: z.boolean(),
  twitter_shares: z.number().int(),
  facebook_shares: z.number().int(),
  linkedin_shares: z.number().int(),
  shares: z.object({ num_results: z.number().int() }),
  reactions: z.object({ num_results: z.number().int(), reaction: z.boolean() }),
  comments: z.object({ num_results: z.number().int() }),
  is_reactions_enabled: z.boolean(),
  is_comments_enabled: z.boolean(),
  is_featured: z.boolean(),
  is_bookmarked: z.union([z.literal(0), z.literal(1)]),
  is_subscribed: z.boolean(),
  editable: z.boolean(),
  properties: z.object({ suggested_by: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  post_deferred: z.array(QueuedShareRef),
  post_processing: z.array(z.object({ network: z.number().int() })),
});
export type Post = z.infer<typeof Post>;

/** GET /api/v4/post/{id} */
export const PostResponse = Post;

const csvIds = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    const ids = v.split(',').map((s) => Number(s.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'categories must be a comma-separated list of ids' });
      return z.NEVER;
    }
    return ids;
  });

/** GET /api/v4/post/ */
export const PostListQuery = z.object({
  filter_by: z.enum([FilterBy.ALL, FilterBy.UNSHARED]).default(FilterBy.ALL),
  /**
   * Absent means the library state's default (the spec's `sort_by: []`): best match first while
   * searching, otherwise latest.
   */
  sort_by: z.enum([SortBy.LATEST, SortBy.TOP_PERFORMING]).optional(),
  results_per_page: z.coerce.number().int().min(1).max(100).default(20),
  page_num: z.coerce.number().int().min(1).default(1),
  categories: csvIds,
  query: z.string().trim().max(200).default(''),
  /** Which list: the library (`user-list`, the default) or a special topic's. */
  type: z.enum(POST_LIST_TYPES).default(PostListType.USER_LIST),
  _: z.string().optional(),
});
/** Client-side parameters of the post list. */
export interface PostListQuery {
  filter_by?: FilterBy;
  sort_by?: SortBy;
  results_per_page?: number;
  page_num?: number;
  categories?: readonly number[];
  query?: string;
  type?: PostListType;
}
export const PostListResponse = paged(Post);
export type PostListResponse = z.infer<typeof PostListResponse>;

/** GET /api/v4/post/feed */
export const FeedQuery = z.object({
  latest: z.coerce.number().int().min(0).max(50).default(12),
  categories_followed: z.coerce.number().int().min(0).max(20).default(4),
  /** The library state's filter and sort, applied to every section of the feed. */
  filter_by: z.enum([FilterBy.ALL, FilterBy.UNSHARED]).default(FilterBy.ALL),
  sort_by: z.enum([SortBy.LATEST, SortBy.TOP_PERFORMING]).default(SortBy.LATEST),
  _: z.string().optional(),
});
/** Client-side parameters of the feed. */
export interface FeedQuery {
  latest?: number;
  categories_followed?: number;
  filter_by?: FilterBy;
  sort_by?: SortBy;
}
export const FeedResponse = z.object({
  featured: z.array(Post),
  latest: z.array(Post),
  /** One doormat per followed topic. */
  topics: z.array(z.object({ category: TopicRef, posts: z.array(Post) })),
  /**
   * Live posts matching the filter, less those the viewer dismissed (the page title's count),
   * counted up to one past FEED_TITLE_COUNT_CAP: a number above the cap means "20+".
   */
  num_results: z.number().int().nonnegative(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;

/** GET /api/v4/post/last-post-id: the newest post the viewer can see on the feed, null when none (new-post polling). */
export const LastPostIdResponse = z.object({ id: z.number().int().positive().nullable() });
export type LastPostIdResponse = z.infer<typeof LastPostIdResponse>;

/** v1 GET /post/dismiss/{id} (and our DELETE, its undo): whether the post is now kept out of the viewer's feed. */
export const DismissResponse = z.object({ id: z.number().int().positive(), dismissed: z.boolean() });
export type DismissResponse = z.infer<typeof DismissResponse>;

/** v2 POST and DELETE /post/{id}/bookmark: the viewer's state of the post afterwards. */
export const BookmarkResponse = z.object({ is_bookmarked: z.union([z.literal(0), z.literal(1)]), is_subscribed: z.boolean() });
export type BookmarkResponse = z.infer<typeof BookmarkResponse>;

/** v2 POST /post/{id}/notification/subscribe and unsubscribe. */
export const SubscriptionResponse = z.object({ is_subscribed: z.boolean() });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;
