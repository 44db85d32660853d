/**
 * Compliance routes: the company's lists, threshold and toggle (`GET` and `PUT
 * /api/v1/company/settings/compliance`, ADMIN of the company) and the editor's check of a
 * caption (v2 `POST /api/v2/compliance/validate`, any member, for a post they can see).
 */
import { ComplianceSettings, ComplianceValidateRequest, ComplianceValidateResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { checkCompliance, readComplianceSettings, saveComplianceSettings } from '../../commands/compliance.ts';
import { userActor } from '../../commands/audit.ts';
import { parseInput, postUnavailable } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate, authenticateFor } from '../../plugins/session.ts';
import { findLivePost } from '../../queries/posts.ts';
import { serve } from '../../lib/serve.ts';

/** Compliance routes. */
export const complianceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/company/settings/compliance', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'compliance.manage');
    return checked(ComplianceSettings, await readComplianceSettings(ctx.db, company.id), ctx.checkResponses);
  });

  serve(app, 'PUT /api/v1/company/settings/compliance', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'compliance.manage');
    const input = parseInput(ComplianceSettings, request.body ?? {});
    return checked(ComplianceSettings, await saveComplianceSettings(ctx.db, company.id, input, userActor(viewer.user.id)), ctx.checkResponses);
  });

  serve(app, 'POST /api/v2/compliance/validate', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    const input = parseInput(ComplianceValidateRequest, request.body ?? {});
    if ((await findLivePost(ctx.db, company.id, input.post_id)) === null) throw postUnavailable();
    const result = await checkCompliance(ctx.db, company, input.content);
    return checked(
      ComplianceValidateResponse,
      {
        type_id: result.type_id,
        content_metadata: { content_limited_set: result.content_limited_set, content_prohibited_set: result.content_prohibited_set },
        session_index: input.session_index,
        matches: result.matches,
      },
      ctx.checkResponses,
    );
  });
};
