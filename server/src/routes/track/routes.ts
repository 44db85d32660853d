/**
 * Tracking (v1, the spec gives these paths no version): impressions of the post cards a
 * person saw and clicks on posts, each with its share-flow channel, and the product analytics
 * events (page and track). None changes what a cached read answers, so none retires the read
 * caches (they come with every feed view).
 */
import {
  AnalyticsEventRequest,
  AnalyticsEventResponse,
  IdParam,
  TrackClickRequest,
  TrackClickResponse,
  TrackImpressionsRequest,
  TrackImpressionsResponse,
} from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { recordAnalyticsEvent } from '../../commands/analytics.ts';
import { recordClick, recordImpressions } from '../../commands/post-tracking.ts';
import { parseInput, postUnavailable } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Tracking routes. */
export const trackRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/track/post/impressions', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { post_ids: postIds, channel } = parseInput(TrackImpressionsRequest, request.body ?? {});
    const recorded = await recordImpressions(ctx.db, { companyId: company.id, userId: viewer.user.id, channel }, postIds);
    return checked(TrackImpressionsResponse, { recorded }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/track/post/:id/clicks', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { id } = parseInput(IdParam, request.params);
    const { channel } = parseInput(TrackClickRequest, request.body ?? {});
    if (!(await recordClick(ctx.db, { companyId: company.id, userId: viewer.user.id, channel }, id))) throw postUnavailable();
    return checked(TrackClickResponse, { post_id: id, channel }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/track/analytics', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const event = parseInput(AnalyticsEventRequest, request.body ?? {});
    await recordAnalyticsEvent(ctx.db, { companyId: company.id, userId: viewer.user.id, role: viewer.role }, event);
    return checked(AnalyticsEventResponse, { recorded: true, role_id: viewer.role }, ctx.checkResponses);
  });
};
