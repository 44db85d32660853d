/**
 * Likes (v2): `POST` and `DELETE /api/v2/post/{postId}/reaction/type/{typeId}` (type 1), the
 * likers `GET .../users` and the sharers `GET /api/v2/post/{postId}/shares/users` of the
 * reactions modal. Likes need the company's post_reactions_enabled and the post's own toggle.
 */
import { PostIdParam, ReactionParams, ReactionResponse, ReactionUsersQuery, ReactionUsersResponse, ShareUsersResponse } from '@chorus/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { postForEngagement } from '../../commands/post-engagement.ts';
import { likers, setLike, sharers } from '../../commands/reactions.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentPage } from '../../presenters/paged.ts';
import { serve } from '../../lib/serve.ts';

/** Reaction routes. */
export const reactionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const react = async (request: FastifyRequest, liked: boolean) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { postId } = parseInput(ReactionParams, request.params);
    await postForEngagement(ctx.db, company, postId, 'reactions');
    const reactions = await setLike(ctx.db, postId, viewer.user.id, liked);
    return checked(ReactionResponse, { reactions }, ctx.checkResponses);
  };

  serve(app, 'POST /api/v2/post/:postId/reaction/type/:typeId', (request) => react(request, true));
  serve(app, 'DELETE /api/v2/post/:postId/reaction/type/:typeId', (request) => react(request, false));

  serve(app, 'GET /api/v2/post/:postId/reaction/type/:typeId/users', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { postId } = parseInput(ReactionParams, request.params);
    const query = parseInput(ReactionUsersQuery, request.query);
    await postForEngagement(ctx.db, company, postId, 'reactions');
    const { rows, total } = await likers(ctx.db, postId, query.page_num, query.results_per_page);
    return checked(ReactionUsersResponse, presentPage(rows, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });

  serve(app, 'GET /api/v2/post/:postId/shares/users', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const { postId } = parseInput(PostIdParam, request.params);
    const query = parseInput(ReactionUsersQuery, request.query);
    await postForEngagement(ctx.db, company, postId, null);
    const { rows, total } = await sharers(ctx.db, company.id, postId, query.page_num, query.results_per_page);
    return checked(ShareUsersResponse, presentPage(rows, total, query.page_num, query.results_per_page), ctx.checkResponses);
  });
};
