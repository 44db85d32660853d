/**
 * Comments (v2): `GET /api/v2/post/{postId}/comment` (paged, oldest first),
 * `POST /api/v2/post/{postId}/comment/{id}` (id `new` adds, a number edits one's own),
 * `DELETE /api/v2/post/{postId}/comment/{id}` (one's own) and
 * `DELETE /api/v2/manager/post/{postId}/comment/{id}` (managers and admins, any comment of
 * their company). All need the company's post_comments_enabled and the post's own toggle.
 */
import {
  CommentBody,
  CommentDeleteResponse,
  CommentListParams,
  CommentListQuery,
  CommentListResponse,
  CommentParams,
  CommentSaveParams,
  CommentSaveResponse,
  NEW_COMMENT_ID,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { addComment, commentCount, deleteComment, editComment, listComments } from '../../commands/comments.ts';
import { postForEngagement } from '../../commands/post-engagement.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate, authenticateFor } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { serve } from '../../lib/serve.ts';

/** Comment routes. */
export const commentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v2/post/:postId/comment', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { postId } = parseInput(CommentListParams, request.params);
    const query = parseInput(CommentListQuery, request.query);
    await postForEngagement(ctx.db, company, postId, 'comments');
    const { rows, total } = await listComments(ctx.db, company.id, postId, query.page_num, query.results_per_page);
    return checked(CommentListResponse, presentPage(rows, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });

  serve(app, 'POST /api/v2/post/:postId/comment/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { postId, id } = parseInput(CommentSaveParams, request.params);
    const { content } = parseInput(CommentBody, request.body);
    await postForEngagement(ctx.db, company, postId, 'comments');
    const comment =
      id === NEW_COMMENT_ID
        ? await addComment(ctx.db, company.id, postId, viewer.user.id, content)
        : await editComment(ctx.db, company.id, postId, viewer.user.id, id, content);
    return checked(CommentSaveResponse, { comment, comments: { num_results: await commentCount(ctx.db, postId) } }, ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v2/post/:postId/comment/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { postId, id } = parseInput(CommentParams, request.params);
    await postForEngagement(ctx.db, company, postId, 'comments');
    await deleteComment(ctx.db, company.id, postId, viewer.user.id, id, false);
    return checked(CommentDeleteResponse, { comments: { num_results: await commentCount(ctx.db, postId) } }, ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v2/manager/post/:postId/comment/:id', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'comments.moderate', 'Only managers and admins can delete other people’s comments.');
    const { postId, id } = parseInput(CommentParams, request.params);
    await postForEngagement(ctx.db, company, postId, 'comments');
    await deleteComment(ctx.db, company.id, postId, viewer.user.id, id, true);
    return checked(CommentDeleteResponse, { comments: { num_results: await commentCount(ctx.db, postId) } }, ctx.checkResponses);
  });
};
