/**
 * GET /metrics: Prometheus exposition (lib/metrics.ts). Not found unless CHORUS_METRICS=on
 * or CHORUS_METRICS_TOKEN is set; with a token, only a scraper sending it as a bearer token
 * is answered.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { notFound, notSignedIn } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { httpDuration, renderMetrics } from '../../lib/metrics.ts';
import { serve } from '../../lib/serve.ts';

/** Compares tokens in constant time (hashes first, so lengths do not leak either). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Times every answer into the latency histogram (on the root instance, so it sees all routes).
 * Route patterns only (`/api/v4/post/:id`): raw URLs would carry codes and grow without end.
 */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** The metrics route. */
export const metricsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { enabled, token } = ctx.config.metrics;
  serve(app, 'GET /metrics', async (request, reply) => {
    if (!enabled) throw notFound();
    if (token !== null) {
      const header = request.headers.authorization ?? '';
      const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw notSignedIn();
      }
    }
    const { contentType, body } = await renderMetrics(ctx.db);
    return reply.type(contentType).send(body);
  });
};
