/** GET /health: liveness and database reachability, for load balancers and `docker healthcheck`. */
import { HealthResponse } from '@chorus/core';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/context.ts';

/** Health route. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', async (request, reply) => {
    try {
      await ctx.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'error', database: 'unavailable' });
    }
    return HealthResponse.parse({ status: 'ok', database: 'ok' });
  });
};
