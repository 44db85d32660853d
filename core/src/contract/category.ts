/** The user's topics (v2 /user/category): follow, unfollow, list, search and sort order. */
import { z } from 'zod';
import { paged } from './common.ts';
import { CategoryRef } from './post.ts';

/** A topic as the user sees it (spec 3, Topic entry). */
export const TopicEntry = z.object({
  category: CategoryRef,
  is_followed: z.boolean(),
  is_locked: z.boolean(),
  number_of_posts: z.number().int().nonnegative(),
});
export type TopicEntry = z.infer<typeof TopicEntry>;

/**
 * GET /api/v2/user/category and /search: the company's topics, followed ones first in the
 * user's order, then the others by name.
 */
export const UserCategoryListResponse = paged(TopicEntry);
export type UserCategoryListResponse = z.infer<typeof UserCategoryListResponse>;

/** GET /api/v2/user/category/search */
export const UserCategorySearchQuery = z.object({
  q: z.string().trim().max(100).default(''),
  _: z.string().optional(),
});

/** POST /api/v2/user/category (follow) and DELETE /api/v2/user/category (unfollow). */
export const FollowCategoryRequest = z.object({ category_id: z.coerce.number().int().positive() });
export type FollowCategoryRequest = z.infer<typeof FollowCategoryRequest>;
export const FollowCategoryResponse = TopicEntry;
export type FollowCategoryResponse = z.infer<typeof FollowCategoryResponse>;

/** GET and POST /api/v2/user/category/sort-order: the followed topics' ids in the user's order. */
export const SortOrder = z.object({
  sort_order: z
    .array(z.number().int().positive())
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'sort_order must not repeat an id' }),
});
export type SortOrder = z.infer<typeof SortOrder>;
