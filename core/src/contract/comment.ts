import { z } from 'zod';
import { paged } from './common.ts';
import { PersonSummary } from './reaction.ts';

/** Longest comment accepted. */
export const COMMENT_MAX_LENGTH = 2000;

/** The comment id that adds a comment in `POST /api/v2/post/{postId}/comment/{id}`. */
export const NEW_COMMENT_ID = 'new';

/** A comment; `modified` differs from `created` once the author edited it ('(edited)'). */
export const Comment = z.object({
  id: z.number().int(),
  user: PersonSummary,
  content: z.string(),
  created: z.string(),
  modified: z.string(),
  edited: z.boolean(),
});
export type Comment = z.infer<typeof Comment>;

/** Path of `/api/v2/post/{postId}/comment`. */
export const CommentListParams = z.object({ postId: z.coerce.number().int().positive() });

/** Paging of the comment list. */
export const CommentListQuery = z.object({
  page_num: z.coerce.number().int().min(1).default(1),
  results_per_page: z.coerce.number().int().min(1).max(100).default(20),
  _: z.string().optional(),
});

/** GET `/api/v2/post/{postId}/comment`: oldest first. */
export const CommentListResponse = paged(Comment);
export type CommentListResponse = z.infer<typeof CommentListResponse>;

/** Path of `POST /api/v2/post/{postId}/comment/{id}`: `new` adds, a number edits. */
export const CommentSaveParams = z.object({
  postId: z.coerce.number().int().positive(),
  id: z.union([z.literal(NEW_COMMENT_ID), z.coerce.number().int().positive()]),
});

/** Path of the comment deletes. */
export const CommentParams = z.object({
  postId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});

/** True when a comment's text is empty once trimmed, or is not text at all (spec 5). */
export function isEmptyComment(content: unknown): boolean {
  return typeof content !== 'string' || content.trim() === '';
}

/** Body of `POST /api/v2/post/{postId}/comment/{id}`. */
export const CommentBody = z.object({
  content: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
});
export type CommentBody = z.input<typeof CommentBody>;

/** POST `/api/v2/post/{postId}/comment/{id}`: the saved comment and the post's comment count. */
export const CommentSaveResponse = z.object({ comment: Comment, comments: z.object({ num_results: z.number().int().nonnegative() }) });
export type CommentSaveResponse = z.infer<typeof CommentSaveResponse>;

/** DELETE (own or manager): the post's comment count afterwards. */
export const CommentDeleteResponse = z.object({ comments: z.object({ num_results: z.number().int().nonnegative() }) });
export type CommentDeleteResponse = z.infer<typeof CommentDeleteResponse>;
