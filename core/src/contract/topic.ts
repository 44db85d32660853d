/** The user's topics (v2 /user/category): follow, unfollow, list, search and sort order. */
import { z } from 'zod';
import { paged } from './common.ts';
import { TopicRef } from './post.ts';

/** A topic as the user sees it (spec 3, Topic entry). */
export const TopicEntry = z.object({
  category: TopicRef,
  is_followed: z.boolean(),
  is_locked: z.boolean(),
  number_of_posts: z.number().int().nonnegative(),
});
export type TopicEntry = z.infer<typeof TopicEntry>;

/**
 * GET /api/v2/user/category and /search: the company's topics, followed ones first in the
 * user's order, then the others by name.
 */
export const UserTopicListResponse = paged(TopicEntry);
export type UserTopicListResponse = z.infer<typeof UserTopicListResponse>;

/** GET /api/v2/user/category/search */
export const UserTopicSearchQuery = z.object({
  q: z.string().trim().max(100).default(''),
  _: z.string().optional(),
});

/** POST /api/v2/user/category (follow) and DELETE /api/v2/user/category (unfollow). */
export const FollowTopicRequest = z.object({ category_id: z.coerce.number().int().positive() });
export type FollowTopicRequest = z.infer<typeof FollowTopicRequest>;
export const FollowTopicResponse = TopicEntry;
export type FollowTopicResponse = z.infer<typeof FollowTopicResponse>;

/** GET and POST /api/v2/user/category/sort-order: the followed topics' ids in the user's order. */
export const SortOrder = z.object({
  sort_order: z
    .array(z.number().int().positive())
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'sort_order must not repeat an id' }),
});
export type SortOrder = z.infer<typeof SortOrder>;
