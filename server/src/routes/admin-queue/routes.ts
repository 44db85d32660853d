/**
 * What program admins do to members' queues (content-library spec 6 "Program admins ... push
 * posts to a user's auto-queue ... and push edits to queued posts"; issue 15). The spec shows
 * neither call, so paths and bodies are ours: managers and admins of the host's company.
 *
 * - `POST /api/v4/admin/post/deferred/{id}/pushed-edit`: propose a caption for a queued share
 * - `POST /api/v4/admin/post/{postId}/auto-queue`: queue a post into members' LinkedIn auto-queue
 */
import { AutoQueueRequest, AutoQueueResponse, ErrorCode, IdParam, PostIdParam, PushEditRequest, PushedEditResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { autoQueuePost } from '../../commands/share-auto-queue.ts';
import { pushEdit } from '../../commands/share-pushed-edits.ts';
import type { QueueDeps } from '../../commands/share-queue.ts';
import { ApiError, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** The admin queue routes. */
export const adminQueueRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const deps: QueueDeps = { db: ctx.db, config: ctx.config, jobs: ctx.jobs };

  serve(app, 'POST /api/v4/admin/post/deferred/:id/pushed-edit', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'queue.manage');
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(PushEditRequest, request.body ?? {});
    const answer = await pushEdit(deps, company, viewer.user, id, input);
    return checked(PushedEditResponse, answer, ctx.checkResponses);
  });

  serve(app, 'POST /api/v4/admin/post/:postId/auto-queue', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'queue.manage');
    const { postId } = parseInput(PostIdParam, request.params);
    const input = parseInput(AutoQueueRequest, request.body ?? {});
    // Chorus has no groups of people yet: only user_ids and all can be answered.
    if (input.group_ids !== undefined) {
      throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'Groups are not supported: send user_ids or all.', [{ path: 'group_ids', message: 'groups are not supported' }]);
    }
    const target = input.user_ids === undefined ? { all: true as const } : { userIds: input.user_ids };
    const answer = await autoQueuePost(deps, company, viewer.user, postId, target);
    return checked(AutoQueueResponse, answer, ctx.checkResponses);
  });
};
