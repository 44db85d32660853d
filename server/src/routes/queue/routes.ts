/**
 * Queue, schedule and My Shares routes (content-library spec 7; issue 15). Handlers are thin:
 * commands/share-queue.ts decides, queries/timeline.ts reads. Queueing speaks for the member
 * in public later, so it requires a confirmed e-mail address, as sharing does.
 */
import {
  DecidePushedEditRequest,
  DeferredShareResponse,
  ErrorCode,
  IdParam,
  PushedEditResponse,
  QueueShareRequest,
  ResolveShareRequest,
  ScheduleShareRequest,
  SHAREABLE_NETWORK_SLUGS,
  type ShareableNetworkId,
  ShareSummary,
  TimelinePost,
  TimelineQuery,
  TimelineResponse,
  UpdateDeferredRequest,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { decidePushedEdit } from '../../commands/share-pushed-edits.ts';
import { queueShare, removeQueuedShare, resolveShare, retryShare, updateQueuedShare, type QueueDeps, type QueueResult } from '../../commands/share-queue.ts';
import { ApiError, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentShare } from '../../presenters/share.ts';
import { queuedItem, timelinePage } from '../../queries/timeline.ts';
import { serve } from '../../lib/serve.ts';

const Removed = z.object({ success: z.literal(true) });

function answer(result: QueueResult): DeferredShareResponse {
  return result.kind === 'authorize'
    ? { id: null, date: null, error: ErrorCode.NETWORK_NOT_LINKED_REDIRECT, url: result.url }
    : { id: result.share.id, date: result.share.scheduledAt?.toISOString() ?? null, error: null, url: null };
}

/** The queue and timeline routes. */
export const queueRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const deps: QueueDeps = { db: ctx.db, config: ctx.config, jobs: ctx.jobs };

  /** Schedule (`at`) or queue (null) for the signed-in member (authenticated before the body is read), the caption fields as the share call takes them. */
  const queueFor = async (
    { company, viewer }: Awaited<ReturnType<typeof authenticate>>,
    network: ShareableNetworkId,
    postId: number,
    fields: Pick<z.output<typeof QueueShareRequest>, 'channel_id' | 'content' | 'mentions' | 'snippet' | 'ai_generated' | 'ai_efficacy'>,
    at: Date | null,
  ): Promise<DeferredShareResponse> => {
    const input = {
      network: SHAREABLE_NETWORK_SLUGS[network],
      postId,
      channel: fields.channel_id,
      content: fields.content,
      mentions: fields.mentions,
      snippet: fields.snippet,
      aiGenerated: fields.ai_generated,
      aiEfficacy: fields.ai_efficacy,
    };
    return checked(DeferredShareResponse, answer(await queueShare(deps, company, viewer.user, input, at)), ctx.checkResponses);
  };

  serve(app, 'POST /api/v4/post/deferred', async (request) => {
    const signedIn = await authenticate(ctx.db, request);
    const input = parseInput(ScheduleShareRequest, request.body ?? {});
    return queueFor(signedIn, input.network, input.post, input, new Date(input.time));
  });

  serve(app, 'POST /api/v4/post/deferred/queue', async (request) => {
    const signedIn = await authenticate(ctx.db, request);
    const input = parseInput(QueueShareRequest, request.body ?? {});
    return queueFor(signedIn, input.network_id, input.post_id, input, null);
  });

  serve(app, 'PUT /api/v4/post/deferred/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(UpdateDeferredRequest, request.body ?? {});
    const row = await updateQueuedShare(deps, company, viewer.user, id, { at: new Date(input.date), content: input.content, mentions: input.mentions });
    return checked(DeferredShareResponse, { id: row.id, date: row.scheduledAt?.toISOString() ?? null, error: null, url: null }, ctx.checkResponses);
  });

  serve(app, 'DELETE /api/v4/post/deferred/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    await removeQueuedShare(deps, company, viewer.user, id);
    return checked(Removed, { success: true }, ctx.checkResponses);
  });

  serve(app, 'PATCH /api/v4/post/deferred/:id/pushed-edit', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(DecidePushedEditRequest, request.body ?? {});
    const answer = await decidePushedEdit(deps, company, viewer.user, id, input.status);
    return checked(PushedEditResponse, answer, ctx.checkResponses);
  });

  serve(app, 'GET /api/v5/post/timeline/shared', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(TimelineQuery, request.query);
    const page = await timelinePage(ctx.db, company, viewer.user, 'shared', { page: query.page_num, perPage: query.results_per_page, network: query.network, date: query.date });
    return checked(TimelineResponse, page, ctx.checkResponses);
  });

  serve(app, 'GET /api/v5/post/timeline/queued', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const query = parseInput(TimelineQuery, request.query);
    const page = await timelinePage(ctx.db, company, viewer.user, 'queued', { page: query.page_num, perPage: query.results_per_page, network: query.network, date: query.date });
    return checked(TimelineResponse, page, ctx.checkResponses);
  });

  serve(app, 'GET /api/v5/post/timeline/queued/:id', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const item = await queuedItem(ctx.db, company, viewer.user, id);
    if (item === null) throw new ApiError(ErrorCode.MISSING_OR_INCORRECT, 'No such queued post.');
    return checked(TimelinePost, item, ctx.checkResponses);
  });

  serve(app, 'POST /api/v5/post/share/:id/retry', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const row = await retryShare(deps, company, viewer.user, id);
    return checked(ShareSummary, presentShare(row, viewer.user.language), ctx.checkResponses);
  });

  serve(app, 'POST /api/v5/post/share/:id/resolve', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(ResolveShareRequest, request.body ?? {});
    const row = await resolveShare(deps, company, viewer.user, id, input.published);
    return checked(ShareSummary, presentShare(row, viewer.user.language), ctx.checkResponses);
  });
};
