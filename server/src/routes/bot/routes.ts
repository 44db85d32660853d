/**
 * POST /api/messages: the Teams bot endpoint. Bot Framework calls one URL for every tenant,
 * so the route works on any host; the bot package checks the caller's token when the bot has
 * an app id. The bot answers by posting to the activity's `serviceUrl`, so that address must be
 * a Bot Framework channel host (BOT_SERVICE_URL_HOSTS), or loopback outside production (the
 * local fake connector): otherwise anyone could make the server post wherever they like. In
 * production the endpoint is served only with the bot's credentials: without an app id
 * botbuilder checks no caller at all.
 * It shares the API's rate limit.
 */
import type { ChorusBot } from '@chorus/bot';
import type { RoutePlugin } from '../../app.ts';
import type { Config } from '../../config.ts';
import { forbidden } from '../../errors.ts';
import { isLoopbackHostname } from '../../lib/loopback.ts';
import { serve } from '../../lib/serve.ts';

/** True when `host` is named by the allow-list (`*.example.com` matches its subdomains). */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/**
 * True when the bot may post to `serviceUrl`: HTTPS on an allowed Bot Framework host, or a
 * loopback address outside production.
 */
export function serviceUrlAllowed(serviceUrl: unknown, allowedHosts: readonly string[], production: boolean): boolean {
  if (typeof serviceUrl !== 'string') return false;
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (!production && isLoopbackHostname(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  return url.protocol === 'https:' && hostAllowed(host, allowedHosts);
}

/** The service-URL rule of a configuration, for the endpoint and the notifier alike. */
export function botServiceUrlRule(config: Pick<Config, 'bot' | 'nodeEnv'>): (serviceUrl: unknown) => boolean {
  const production = config.nodeEnv === 'production';
  return (serviceUrl) => serviceUrlAllowed(serviceUrl, config.bot.serviceUrlHosts, production);
}

/** Mounts the bot at /api/messages, unless production lacks the bot's credentials. */
export function botRoutes(bot: ChorusBot): RoutePlugin {
  return async (app, { ctx }) => {
    const { config } = ctx;
    const allowed = botServiceUrlRule(config);
    if (config.nodeEnv === 'production' && (config.bot.appId === null || config.bot.appPassword === null)) {
      app.log.warn('Teams bot endpoint /api/messages is off: production needs BOT_APP_ID and BOT_APP_PASSWORD, as without them no caller is checked');
      return;
    }
    // Posted by Bot Framework, authorised by its token, never by a session cookie.
    serve(app, 'POST /api/messages', async (request, reply) => {
      const body: unknown = request.body;
      const serviceUrl = typeof body === 'object' && body !== null && 'serviceUrl' in body ? body.serviceUrl : undefined;
      if (!allowed(serviceUrl)) {
        request.log.warn({ serviceUrl: typeof serviceUrl === 'string' ? serviceUrl.slice(0, 200) : null }, 'bot activity refused: serviceUrl is not a Bot Framework host');
        throw forbidden('The activity names a service URL that is not a Bot Framework channel.');
      }
      const result = await bot.process({ method: request.method, headers: request.headers, body: request.body });
      reply.code(result.status);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    });
  };
}
