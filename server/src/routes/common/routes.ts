/** GET /api/v1/common/timezone: public list of time zones. */
import { TimezoneListResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { timezoneList } from '../../lib/timezones.ts';
import { serve } from '../../lib/serve.ts';

/** Common routes. */
export const commonRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, 'GET /api/v1/common/timezone', async () => checked(TimezoneListResponse, timezoneList(), ctx.checkResponses));
};
