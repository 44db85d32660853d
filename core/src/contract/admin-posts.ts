/**
 * The admin console's posts (issue 47 "Content"; the spec says how admins act is not shown).
 * Paths, all of the host's company, refused to a plain member:
 *
 * - `GET /api/v1/admin/posts`: the post list (search, filters, sort, pages), content creators up.
 * - `GET /api/v1/admin/posts/authors`: who wrote the company's posts (the author filter).
 * - `GET /api/v1/admin/posts/:id`: one post as the editor reads it.
 * - `POST /api/v1/admin/posts`: creates a draft; `PUT /api/v1/admin/posts/:id` saves an edit.
 * - `POST /api/v1/admin/posts/images`: uploads one image (multipart field `file`), re-encoded.
 * - `POST /api/v1/admin/posts/link-preview`: reads a link's preview under the SSRF guard.
 * - `POST /api/v1/admin/posts/actions`: publish, unpublish, expire, delete, restore or move
 *   topic, for one post or many (managers and admins: `posts.publish`).
 *
 * What a draft may hold is checked by `postDraftProblems` (`@chorus/core/post-draft`, beside the
 * caption counter it needs, out of the member's first render), so the editor shows the same
 * problems next to its fields that the server refuses with (201, each issue's `message` being
 * the problem's key under `adminPosts.problem.` of the `screens` namespace).
 */
import { z } from 'zod';
import { Attachment, MediaImage, TopicRef } from './post.ts';
import { paged } from './common.ts';

/** Longest title. */
export const POST_TITLE_MAX = 200;
/** Longest text of a post. */
export const POST_TEXT_MAX = 5000;
/** Most hashtags on a post. */
export const POST_HASHTAGS_MAX = 10;
/** Longest hashtag, without its '#'. */
export const POST_HASHTAG_MAX = 60;
/** Most images on a post: X takes four per post, so four go everywhere. */
export const POST_IMAGES_MAX = 4;
/** Largest image upload, in bytes. */
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The image types an upload may have (decoded and re-encoded as JPEG either way). */
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Most topics on a post (the first is its main topic). */
export const POST_TOPICS_MAX = 10;
/** Most posts one bulk action takes. */
export const POST_ACTION_MAX = 100;
/** Days a deleted post can be restored before it is gone for good. */
export const POST_RESTORE_DAYS = 30;
/** Longest link. */
export const POST_URL_MAX = 2048;

/**
 * A post's state in the console: a draft (never published, or a suggestion approved into one),
 * scheduled (published, its start ahead), live, expired (published, its expiration passed),
 * unpublished (taken down, kept) or deleted (restorable for POST_RESTORE_DAYS).
 */
export const ADMIN_POST_STATES = ['draft', 'scheduled', 'live', 'expired', 'unpublished', 'deleted'] as const;
export const AdminPostState = z.enum(ADMIN_POST_STATES);
export type AdminPostState = z.infer<typeof AdminPostState>;

/** The networks a post may go to (all off: an internal post, read in Chorus and never shared). */
export const PostNetworks = z.object({ twitter: z.boolean(), facebook: z.boolean(), linkedin: z.boolean() });
export type PostNetworks = z.infer<typeof PostNetworks>;

/** A suggested caption per network, or null for the post's own text. */
export const SuggestedCaptions = z.object({
  twitter: z.string().max(POST_TEXT_MAX).nullable(),
  facebook: z.string().max(POST_TEXT_MAX).nullable(),
  linkedin: z.string().max(POST_TEXT_MAX).nullable(),
});
export type SuggestedCaptions = z.infer<typeof SuggestedCaptions>;

/** Body of `POST /api/v1/admin/posts` and `PUT /api/v1/admin/posts/:id`: the whole draft. */
export const AdminPostInput = z.object({
  title: z.string().max(POST_TITLE_MAX * 2),
  content: z.string().max(POST_TEXT_MAX * 2),
  /** Without their '#'. */
  hashtags: z.array(z.string().max(POST_HASHTAG_MAX * 2)).max(POST_HASHTAGS_MAX * 2),
  url: z.string().max(POST_URL_MAX).nullable(),
  /** Images uploaded through `POST /api/v1/admin/posts/images` (of this company's media only). */
  images: z.array(MediaImage).max(POST_IMAGES_MAX * 2),
  networks: PostNetworks,
  /** Topic ids, the main topic first. */
  topic_ids: z.array(z.number().int().positive()).max(POST_TOPICS_MAX * 2),
  is_featured: z.boolean(),
  is_reactions_enabled: z.boolean(),
  is_comments_enabled: z.boolean(),
  /** When the post goes live once published (ISO 8601); null for at once. */
  start: z.string().datetime({ offset: true }).nullable(),
  /** When it leaves the library (ISO 8601); null for never. */
  expiration: z.string().datetime({ offset: true }).nullable(),
  /** Up to twice the longest text, like the fields above, so an over-long caption is postDraftProblems' `facebookLong`, not a schema failure. */
  captions: z.object({
    twitter: z.string().max(POST_TEXT_MAX * 2).nullable(),
    facebook: z.string().max(POST_TEXT_MAX * 2).nullable(),
    linkedin: z.string().max(POST_TEXT_MAX * 2).nullable(),
  }),
});
export type AdminPostInput = z.infer<typeof AdminPostInput>;

/** A post as the console's editor reads it (`GET /api/v1/admin/posts/:id`, and the save's answer). */
export const AdminPost = z.object({
  id: z.number().int(),
  state: AdminPostState,
  title: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  url: z.string().nullable(),
  attachment: Attachment.nullable(),
  images: z.array(MediaImage),
  networks: PostNetworks,
  topics: z.array(TopicRef),
  is_featured: z.boolean(),
  is_reactions_enabled: z.boolean(),
  is_comments_enabled: z.boolean(),
  start: z.string().nullable(),
  expiration: z.string().nullable(),
  captions: SuggestedCaptions,
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  suggested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created: z.string(),
  modified: z.string(),
  /** When it was deleted (restorable until POST_RESTORE_DAYS later), or null. */
  deleted_at: z.string().nullable(),
  share_count: z.number().int().nonnegative(),
});
export type AdminPost = z.infer<typeof AdminPost>;

/** One row of the console's post list. */
export const AdminPostSummary = AdminPost.pick({
  id: true,
  state: true,
  title: true,
  url: true,
  images: true,
  networks: true,
  topics: true,
  is_featured: true,
  start: true,
  expiration: true,
  author: true,
  created: true,
  modified: true,
  deleted_at: true,
  share_count: true,
});
export type AdminPostSummary = z.infer<typeof AdminPostSummary>;

/** How the list is sorted: newest or oldest first, by title, by most shares, by start. */
export const ADMIN_POST_SORTS = ['newest', 'oldest', 'title', 'shares', 'start'] as const;
export type AdminPostSort = (typeof ADMIN_POST_SORTS)[number];

/** Query of `GET /api/v1/admin/posts`. */
export const AdminPostListQuery = z.object({
  query: z.string().trim().max(200).optional(),
  /** Absent: every state but deleted. */
  state: AdminPostState.optional(),
  topic_id: z.coerce.number().int().positive().optional(),
  /** 1 Twitter, 2 Facebook, 3 LinkedIn: posts that may go there. */
  network: z.coerce.number().int().min(1).max(3).optional(),
  author_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(ADMIN_POST_SORTS).optional(),
  page_num: z.coerce.number().int().min(1).optional(),
  results_per_page: z.coerce.number().int().min(1).max(100).optional(),
  _: z.string().optional(),
});
/** Client-side parameters of the list. */
export interface AdminPostListQuery {
  query?: string;
  state?: AdminPostState;
  topic_id?: number;
  network?: number;
  author_id?: number;
  sort?: AdminPostSort;
  page_num?: number;
  results_per_page?: number;
}
export const AdminPostListResponse = paged(AdminPostSummary);
export type AdminPostListResponse = z.infer<typeof AdminPostListResponse>;

/** Answer of `GET /api/v1/admin/posts/authors`: the people who wrote the company's posts, for the author filter. */
export const AdminPostAuthorsResponse = z.object({ objects: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type AdminPostAuthorsResponse = z.infer<typeof AdminPostAuthorsResponse>;

/** Body of `POST /api/v1/admin/posts/link-preview`. */
export const LinkPreviewRequest = z.object({ url: z.string().max(POST_URL_MAX) });
/** Its answer: the preview as members will see it. */
export const LinkPreviewResponse = Attachment;
export type LinkPreviewResponse = z.infer<typeof LinkPreviewResponse>;

/** Answer of `POST /api/v1/admin/posts/images`: the stored image's three sizes. */
export const PostImageResponse = MediaImage;
export type PostImageResponse = z.infer<typeof PostImageResponse>;

/** What one bulk action does. */
export const ADMIN_POST_ACTIONS = ['publish', 'unpublish', 'expire', 'delete', 'restore', 'move-topic'] as const;
export type AdminPostAction = (typeof ADMIN_POST_ACTIONS)[number];

/** Body of `POST /api/v1/admin/posts/actions`. */
export const AdminPostActionRequest = z.object({
  action: z.enum(ADMIN_POST_ACTIONS),
  ids: z.array(z.number().int().positive()).min(1).max(POST_ACTION_MAX),
  /** The topic posts move to (`move-topic` only: it becomes their main and only topic). */
  topic_id: z.number().int().positive().optional(),
});
export type AdminPostActionRequest = z.infer<typeof AdminPostActionRequest>;

/** Why a post of a bulk action was left as it was. */
export const ADMIN_POST_SKIPS = ['not-found', 'already', 'deleted', 'not-deleted', 'restore-expired', 'invalid'] as const;

/** Answer of `POST /api/v1/admin/posts/actions`: the posts changed, and each left alone with why. */
export const AdminPostActionResponse = z.object({
  done: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(ADMIN_POST_SKIPS) })),
});
export type AdminPostActionResponse = z.infer<typeof AdminPostActionResponse>;
