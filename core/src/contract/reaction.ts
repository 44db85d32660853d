import { z } from 'zod';
import { ReactionType } from '../domain/enums.ts';
import { paged } from './common.ts';

/** Path of `/api/v2/post/{postId}/reaction/type/{typeId}` (and its `/users` list). */
export const ReactionParams = z.object({
  postId: z.coerce.number().int().positive(),
  typeId: z.coerce.number().int().pipe(z.literal(ReactionType.LIKE)),
});
export type ReactionParams = z.infer<typeof ReactionParams>;

/** Path of `/api/v2/post/{postId}/shares/users`. */
export const PostIdParam = z.object({ postId: z.coerce.number().int().positive() });

/** Paging of the reactions modal's lists. */
export const ReactionUsersQuery = z.object({
  page_num: z.coerce.number().int().min(1).default(1),
  results_per_page: z.coerce.number().int().min(1).max(100).default(20),
  _: z.string().optional(),
});

/** POST and DELETE `/api/v2/post/{postId}/reaction/type/{typeId}`: the post's likes afterwards. */
export const ReactionResponse = z.object({
  reactions: z.object({ num_results: z.number().int().nonnegative(), reaction: z.boolean() }),
});
export type ReactionResponse = z.infer<typeof ReactionResponse>;

/** A person in the reactions modal and on comments. */
export const PersonSummary = z.object({
  id: z.number().int(),
  full_name: z.string(),
  picture_images: z.object({ avatar: z.string().nullable() }),
});
export type PersonSummary = z.infer<typeof PersonSummary>;

/** GET `/api/v2/post/{postId}/reaction/type/{typeId}/users`: who liked, newest first. */
export const ReactionUsersResponse = paged(PersonSummary);
export type ReactionUsersResponse = z.infer<typeof ReactionUsersResponse>;

/** One sharer: who, and the network of each of their shares (newest first). */
export const ShareUser = z.object({
  user: PersonSummary,
  networks: z.array(z.number().int()),
});
export type ShareUser = z.infer<typeof ShareUser>;

/** GET `/api/v2/post/{postId}/shares/users`: who shared, latest sharer first. */
export const ShareUsersResponse = paged(ShareUser);
export type ShareUsersResponse = z.infer<typeof ShareUsersResponse>;

/** Network icons shown per sharer before '+N'. */
export const SHARER_NETWORK_ICONS = 4;

/**
 * A sharer's icons in the reactions modal: one per share (newest first), the first
 * SHARER_NETWORK_ICONS of them, and N of '+N', the shares left over. With three networks, N
 * counts shares, not distinct networks: distinct networks could never pass four.
 */
export function sharerNetworkIcons(networks: readonly number[]): { shown: number[]; more: number } {
  const shown = networks.slice(0, SHARER_NETWORK_ICONS);
  return { shown, more: networks.length - shown.length };
}
