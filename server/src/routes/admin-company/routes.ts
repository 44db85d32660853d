/**
 * The admin console's company settings (issue 47 "Company settings", contract/company-settings.ts):
 * the feature switches, admins only (`company.settings`; managers are refused).
 */
import { CompanyFeaturesRequest, CompanyFeaturesResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { userActor } from '../../commands/audit.ts';
import { saveCompanyFeatures } from '../../commands/company-features.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { serve } from '../../lib/serve.ts';
import { authenticateFor } from '../../plugins/session.ts';

/** Company settings routes. */
export const adminCompanyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/company/settings/features', async (request) => {
    const { company } = await authenticateFor(ctx.db, request, 'company.settings');
    return checked(CompanyFeaturesResponse, { feature_toggles: company.featureToggles }, ctx.checkResponses);
  });

  serve(app, 'PUT /api/v1/company/settings/features', async (request) => {
    const { company, viewer } = await authenticateFor(ctx.db, request, 'company.settings');
    const input = parseInput(CompanyFeaturesRequest, request.body ?? {});
    const toggles = await saveCompanyFeatures(ctx.db, company, userActor(viewer.user.id), input);
    return checked(CompanyFeaturesResponse, { feature_toggles: toggles }, ctx.checkResponses);
  });
};
