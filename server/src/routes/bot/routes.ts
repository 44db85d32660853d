/**
 * POST /api/messages: the Teams bot endpoint. Bot Framework calls one URL for every tenant,
 * so the route works on any host; the bot package checks the caller's token when the bot has
 * an app id. Bot Framework's traffic comes from few addresses, so it is not rate limited.
 */
import type { ChorusBot } from '@chorus/bot';
import type { RoutePlugin } from '../../app.ts';

/** Mounts the bot at /api/messages. */
export function botRoutes(bot: ChorusBot): RoutePlugin {
  return async (app) => {
    app.post('/api/messages', { config: { tenantOptional: true, rateLimitExempt: true } }, async (request, reply) => {
      const result = await bot.process({ method: request.method, headers: request.headers, body: request.body });
      reply.code(result.status);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    });
  };
}
