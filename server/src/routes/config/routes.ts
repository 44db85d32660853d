/** GET /api/v1/config/info: the host company's configuration for a signed-in member. */
import { ConfigInfoResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { authenticate } from '../../plugins/session.ts';
import { presentConfigInfo } from '../../presenters/company.ts';
import { serve } from '../../lib/serve.ts';

/** Config routes. */
export const configRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/config/info', async (request) => {
    const { company } = await authenticate(ctx.db, request);
    return checked(ConfigInfoResponse, presentConfigInfo(company, ctx.config), ctx.checkResponses);
  });
};
