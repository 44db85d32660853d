/**
 * Mention search: v2 `GET /api/v2/social/{networkId}/search?q=` (LinkedIn, 3, only), the
 * candidates the caption editor offers after '@' (content-library spec 5 "Mentions").
 */
import { MentionSearchParams, MentionSearchQuery, MentionSearchResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { searchMentions } from '../../commands/mention-search.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Mention search routes. */
export const mentionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v2/social/:networkId/search', async (request) => {
    const { company, viewer } = await authenticate(ctx.db, request);
    parseInput(MentionSearchParams, request.params);
    const { q } = parseInput(MentionSearchQuery, request.query);
    const objects = await searchMentions(ctx.db, ctx.config, company, viewer.user.id, q);
    return checked(MentionSearchResponse, { objects }, ctx.checkResponses);
  });
};
