/** POST /api/v1/auth/switch-company: the top bar's company switcher hands the user to another company. */
import { SwitchCompanyRequest, SwitchCompanyResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import { bindToBrowser } from '../../auth/sso-exchange.ts';
import { companySwitchUrl } from '../../commands/company-switch.ts';
import { parseInput } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

/** Company switch routes. */
export const companySwitchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'POST /api/v1/auth/switch-company', async (request, reply) => {
    const { viewer } = await authenticate(ctx.db, request);
    const { company_id: companyId } = parseInput(SwitchCompanyRequest, request.body ?? {});
    const url = await companySwitchUrl(ctx, viewer, companyId, () => bindToBrowser(request, reply, ctx.config));
    return checked(SwitchCompanyResponse, { url }, ctx.checkResponses);
  });
};
