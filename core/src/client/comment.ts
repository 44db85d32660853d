/** Client calls of post comments (see contract/comment.ts). */
import { CommentDeleteResponse, CommentListResponse, CommentSaveResponse, NEW_COMMENT_ID } from '../contract/comment.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v2/post/{postId}/comment`: one page of a post's comments, oldest first. */
export function listComments(client: ApiClient, postId: number, pageNum: number): Promise<CommentListResponse> {
  return client.call('GET /api/v2/post/:postId/comment', CommentListResponse, { params: { postId }, query: { page_num: pageNum } });
}

/** `POST /api/v2/post/{postId}/comment/{id}`: adds a comment (id null) or edits one's own. */
export function saveComment(client: ApiClient, postId: number, id: number | null, content: string): Promise<CommentSaveResponse> {
  return client.call('POST /api/v2/post/:postId/comment/:id', CommentSaveResponse, { params: { postId, id: id ?? NEW_COMMENT_ID }, body: { content } });
}

/**
 * Deletes a comment: one's own through `DELETE /api/v2/post/{postId}/comment/{id}`, anyone's
 * through the manager route `DELETE /api/v2/manager/post/{postId}/comment/{id}`.
 */
export function deleteComment(client: ApiClient, postId: number, id: number, asManager: boolean): Promise<CommentDeleteResponse> {
  const key = asManager ? 'DELETE /api/v2/manager/post/:postId/comment/:id' : 'DELETE /api/v2/post/:postId/comment/:id';
  return client.call(key, CommentDeleteResponse, { params: { postId, id } });
}
