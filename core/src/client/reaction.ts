/** Client calls of likes and the reactions modal (see contract/reaction.ts). */
import { ReactionType } from '../domain/enums.ts';
import { ReactionResponse, ReactionUsersResponse, ShareUsersResponse } from '../contract/reaction.ts';
import type { ApiClient } from './api-client.ts';

/** `POST` (like) or `DELETE` (unlike) `/api/v2/post/{postId}/reaction/type/1`. */
export function setLike(client: ApiClient, postId: number, liked: boolean): Promise<ReactionResponse> {
  return client.request(liked ? 'POST' : 'DELETE', { version: 'v2', path: `post/${postId}/reaction/type/${ReactionType.LIKE}`, schema: ReactionResponse });
}

/** `GET /api/v2/post/{postId}/reaction/type/1/users`: one page of the people who liked a post. */
export function likeUsers(client: ApiClient, postId: number, pageNum: number): Promise<ReactionUsersResponse> {
  return client.getJson('v2', `post/${postId}/reaction/type/${ReactionType.LIKE}/users`, ReactionUsersResponse, { page_num: pageNum });
}

/** `GET /api/v2/post/{postId}/shares/users`: one page of the people who shared a post. */
export function shareUsers(client: ApiClient, postId: number, pageNum: number): Promise<ShareUsersResponse> {
  return client.getJson('v2', `post/${postId}/shares/users`, ShareUsersResponse, { page_num: pageNum });
}
