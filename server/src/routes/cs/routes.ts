/**
 * Client events (v1 /cs): POST event stores an onboarding event ('skipped', 'finished') of
 * the signed-in user in the host company; GET onboarding lists those events, which decide
 * whether the feed sends the user to onboarding.
 */
import { CsEventRequest, CsEventResponse, ONBOARDING_EVENTS, OnboardingEventSchema, OnboardingEventsResponse } from '@chorus/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { userEvents } from '../../db/schema.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Client event routes. */
export const csRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/cs/event', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const { event } = parseInput(CsEventRequest, request.body ?? {});
    await ctx.db.insert(userEvents).values({ userId: viewer.user.id, companyId: company.id, event });
    return checked(CsEventResponse, { event }, ctx.checkResponses);
  });

  serve(app, 'GET /api/v1/cs/onboarding', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    const rows = await ctx.db
      .select({ event: userEvents.event })
      .from(userEvents)
      .where(and(eq(userEvents.userId, viewer.user.id), eq(userEvents.companyId, company.id), inArray(userEvents.event, [...ONBOARDING_EVENTS])))
      .orderBy(asc(userEvents.id));
    return checked(OnboardingEventsResponse, { objects: rows.map((row) => ({ event: OnboardingEventSchema.parse(row.event) })) }, ctx.checkResponses);
  });
};
