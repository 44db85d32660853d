/**
 * The admin console's suggestions queue (issue 47 "Suggestions", contract/admin-suggestions.ts):
 * the queue, approving a suggestion into a draft, rejecting one with a reason; content creators
 * up (`suggestions.review`), of the host's company only.
 */
import { AdminSuggestion, AdminSuggestionListQuery, AdminSuggestionListResponse, ApproveSuggestionResponse, IdParam, RejectSuggestionRequest } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { approveSuggestion, rejectSuggestion } from '../../commands/admin-suggestions.ts';
import { personActor } from '../../commands/audit.ts';
import { notFound, parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { mediaSigningKey } from '../../lib/media-urls.ts';
import { checked } from '../../lib/respond.ts';
import { serve } from '../../lib/serve.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { presentSuggestion } from '../../presenters/admin-suggestion.ts';
import { presentPage } from '../../presenters/paged.ts';
import { findSuggestion, listSuggestions } from '../../queries/admin-suggestions.ts';

/** Suggestion routes. */
export const adminSuggestionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signingKey = () => mediaSigningKey(ctx.config);

  serve(app, 'GET /api/v1/admin/suggestions', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'suggestions.review');
    const query = parseInput(AdminSuggestionListQuery, request.query ?? {});
    const { rows, total, page, perPage } = await listSuggestions(ctx.db, company.id, query);
    const key = signingKey();
    return checked(AdminSuggestionListResponse, presentPage(rows.map((row) => presentSuggestion(row, key)), total, page, perPage), ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/admin/suggestions/:id/approve', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'suggestions.review');
    const { id } = parseInput(IdParam, request.params);
    const postId = await approveSuggestion(ctx.db, company, personActor(viewer.user.id), id);
    return checked(ApproveSuggestionResponse, { post_id: postId }, ctx.checkResponses);
  });

  serve(app, 'POST /api/v1/admin/suggestions/:id/reject', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'suggestions.review');
    const { id } = parseInput(IdParam, request.params);
    const input = parseInput(RejectSuggestionRequest, request.body ?? {});
    await rejectSuggestion(ctx.db, company, personActor(viewer.user.id), id, input);
    const row = await findSuggestion(ctx.db, company.id, id);
    if (row === null) throw notFound();
    return checked(AdminSuggestion, presentSuggestion(row, signingKey()), ctx.checkResponses);
  });
};
