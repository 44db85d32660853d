/** Client calls of likes and the reactions modal (see contract/reaction.ts). */
import { ReactionType } from '../domain/enums.ts';
import { ReactionResponse, ReactionUsersResponse, ShareUsersResponse } from '../contract/reaction.ts';
import type { ApiClient } from './api-client.ts';

/** `POST` (like) or `DELETE` (unlike) `/api/v2/post/{postId}/reaction/type/1`. */
export function setLike(client: ApiClient, postId: number, liked: boolean): Promise<ReactionResponse> {
  const key = liked ? 'POST /api/v2/post/:postId/reaction/type/:typeId' : 'DELETE /api/v2/post/:postId/reaction/type/:typeId';
  return client.call(key, ReactionResponse, { params: { postId, typeId: ReactionType.LIKE } });
}

/** `GET /api/v2/post/{postId}/reaction/type/1/users`: one page of the people who liked a post. */
export function likeUsers(client: ApiClient, postId: number, pageNum: number): Promise<ReactionUsersResponse> {
  return client.call('GET /api/v2/post/:postId/reaction/type/:typeId/users', ReactionUsersResponse, { params: { postId, typeId: ReactionType.LIKE }, query: { page_num: pageNum } });
}

/** `GET /api/v2/post/{postId}/shares/users`: one page of the people who shared a post. */
export function shareUsers(client: ApiClient, postId: number, pageNum: number): Promise<ShareUsersResponse> {
  return client.call('GET /api/v2/post/:postId/shares/users', ShareUsersResponse, { params: { postId }, query: { page_num: pageNum } });
}
