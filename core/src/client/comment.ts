/** Client calls of post comments (see contract/comment.ts). */
import { CommentDeleteResponse, CommentListResponse, CommentSaveResponse, NEW_COMMENT_ID } from '../contract/comment.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v2/post/{postId}/comment`: one page of a post's comments, oldest first. */
export function listComments(client: ApiClient, postId: number, pageNum: number): Promise<CommentListResponse> {
  return client.getJson('v2', `post/${postId}/comment`, CommentListResponse, { page_num: pageNum });
}

/** `POST /api/v2/post/{postId}/comment/{id}`: adds a comment (id null) or edits one's own. */
export function saveComment(client: ApiClient, postId: number, id: number | null, content: string): Promise<CommentSaveResponse> {
  return client.postJson('v2', `post/${postId}/comment/${id ?? NEW_COMMENT_ID}`, CommentSaveResponse, { content });
}

/**
 * Deletes a comment: one's own through `DELETE /api/v2/post/{postId}/comment/{id}`, anyone's
 * through the manager route `DELETE /api/v2/manager/post/{postId}/comment/{id}`.
 */
export function deleteComment(client: ApiClient, postId: number, id: number, asManager: boolean): Promise<CommentDeleteResponse> {
  const path = asManager ? `manager/post/${postId}/comment/${id}` : `post/${postId}/comment/${id}`;
  return client.request('DELETE', { version: 'v2', path, schema: CommentDeleteResponse });
}
