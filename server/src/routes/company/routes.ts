/** GET /api/v1/company/settings/branded-settings: public, as it styles the sign-in screen. */
import { BrandedSettingsResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { presentBrandedSettings } from '../../presenters/company.ts';
import { serve } from '../../lib/serve.ts';

/** Company routes. */
export const companyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/company/settings/branded-settings', async (request) => {
    // The assisted-login host has no branding: the client then stays on assisted login.
    if (request.company === null) throw notFound('No company is known at this address.');
    return checked(BrandedSettingsResponse, presentBrandedSettings(request.company, ctx.config), ctx.checkResponses);
  });
};
