/**
 * The admin console's audit log (issue 47): `GET /api/v1/admin/audit`, managers and admins
 * (`audit.read`) of the host's company, who read every change made in it, newest first.
 */
import { AuditLogQuery, AuditLogResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { userActor } from '../../commands/audit.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { serve } from '../../lib/serve.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { auditLogPage } from '../../queries/audit-log.ts';

/** The audit log route. */
export const adminAuditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/admin/audit', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'audit.read');
    const input = parseInput(AuditLogQuery, request.query ?? {});
    const page = await auditLogPage(ctx.db, company.id, {
      action: input.action,
      actor: input.actor_id === undefined ? undefined : userActor(input.actor_id),
      query: input.query,
      from: input.from === undefined ? undefined : new Date(input.from),
      to: input.to === undefined ? undefined : new Date(input.to),
      page: input.page_num,
      perPage: input.results_per_page,
    });
    return checked(AuditLogResponse, page, ctx.checkResponses);
  });
};
