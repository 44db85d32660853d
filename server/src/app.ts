/** The Fastify application factory: plugins, routes and static hosting on one database. */
import fastifyCookie from '@fastify/cookie';
import type { Notifier } from '@chorus/bot';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { LocalCacheGeneration, openCacheGeneration } from './lib/cache-generation.ts';
import { createCaches, writeScope, writesData } from './lib/caches.ts';
import type { AppContext, JobQueue } from './lib/context.ts';
import { installRequestLine, logDestination } from './lib/log-output.ts';
import { createMediaStore } from './lib/media-store.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { JSON_BODY_LIMIT, installJsonParser } from './plugins/json-body.ts';
import { loggerOptions } from './plugins/log-redaction.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { installRequestIdHeader, requestIdGenerator } from './plugins/request-id.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticSites } from './plugins/static-sites.ts';
import { requireDefinedRoutes } from './lib/serve.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { authRoutes } from './routes/auth/routes.ts';
import { topicRoutes } from './routes/topic/routes.ts';
import { commonRoutes } from './routes/common/routes.ts';
import { companyRoutes } from './routes/company/routes.ts';
import { companySsoRoutes } from './routes/company-sso/routes.ts';
import { configRoutes } from './routes/config/routes.ts';
import { devRoutes } from './routes/dev/routes.ts';
import { googleRoutes } from './routes/google/routes.ts';
import { healthRoutes } from './routes/health/routes.ts';
import { installHttpMetrics, metricsRoutes } from './routes/metrics/routes.ts';
import { inviteRoutes } from './routes/invite/routes.ts';
import { postRoutes } from './routes/post/routes.ts';
import { recoveryRoutes } from './routes/recovery/routes.ts';
import { samlRoutes } from './routes/saml/routes.ts';
import { signUpRoutes } from './routes/sign-up/routes.ts';
import { socialSignInRoutes } from './routes/social-sign-in/routes.ts';
import { ssoRoutes } from './routes/sso/routes.ts';
import { userRoutes } from './routes/user/routes.ts';
import { languageRoutes } from './routes/language/routes.ts';
import { privacyRoutes } from './routes/privacy/routes.ts';
import { userDeletionRoutes } from './routes/user-deletion/routes.ts';
import { reactionRoutes } from './routes/reaction/routes.ts';
import { commentRoutes } from './routes/comment/routes.ts';
import { suggestRoutes } from './routes/suggest/routes.ts';
import { userTopicRoutes } from './routes/user-topic/routes.ts';
import { bookmarkRoutes } from './routes/bookmark/routes.ts';
import { userTimezoneRoutes } from './routes/user-timezone/routes.ts';
import { companySwitchRoutes } from './routes/company-switch/routes.ts';
import { socialRoutes } from './routes/social/routes.ts';
import { sandboxWallRoutes } from './routes/sandbox-wall/routes.ts';
import { csRoutes } from './routes/cs/routes.ts';
import { trackRoutes } from './routes/track/routes.ts';
import { shareRoutes } from './routes/share/routes.ts';
import { complianceRoutes } from './routes/compliance/routes.ts';
import { mentionRoutes } from './routes/mention/routes.ts';
import { aiRoutes } from './routes/ai/routes.ts';
import { queueRoutes } from './routes/queue/routes.ts';
import { adminQueueRoutes } from './routes/admin-queue/routes.ts';
import { adminPostRoutes } from './routes/admin-posts/routes.ts';
import { adminAuditRoutes } from './routes/admin-audit/routes.ts';
import { adminSuggestionRoutes } from './routes/admin-suggestions/routes.ts';
import { adminCompanyRoutes } from './routes/admin-company/routes.ts';
import { pwaRoutes } from './routes/pwa/routes.ts';

/** Extra routes from other packages (the bot's /api/messages), given the shared context. */
export type RoutePlugin = FastifyPluginAsync<{ ctx: AppContext }>;

/** What the app is built from. */
export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Job sending; null where no job system runs (some tests). */
  jobs?: JobQueue | null;
  /** The Teams notifier, for plugins that need it. */
  notifier?: Notifier | null;
  /** Additional route plugins, registered after the built-in routes. */
  plugins?: readonly RoutePlugin[];
  /** Fastify logging; defaults to the configured level. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** Called for every route as it is registered (the attack suite lists the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared context, for plugins registered from outside. */
    chorus: AppContext;
  }
}

/** Fastify's `trustProxy` for the setting; a hop count trusts that many nearest proxies. */
function trustProxyOption(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}

/** Builds the app (not listening). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream ?? logDestination(config)),
    // The pretty format writes one line per request itself (installRequestLine).
    ...(config.logFormat === 'pretty' ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    // Only the configured proxies' X-Forwarded-* headers: anyone else could pick the address
    // rate limits count.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Our own id generator decides when an incoming X-Request-Id is believed.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy !== false),
  });
  installRequestIdHeader(app);
  if (config.logFormat === 'pretty' && options.logger !== false) installRequestLine(app);
  if (config.metrics.enabled) installHttpMetrics(app);
  installJsonParser(app);
  // Every route is defined once, in core (contract/routes.ts), and registered from there.
  requireDefinedRoutes(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs: options.jobs ?? null,
    notifier: options.notifier ?? null,
    media: createMediaStore(config),
    // With caching off there is nothing to hear from other processes.
    caches: createCaches(config.cacheTtlMs > 0 ? await openCacheGeneration(database.driver) : new LocalCacheGeneration(), config.cacheTtlMs),
    checkResponses: config.nodeEnv !== 'production',
  };
  app.decorate('chorus', ctx);
  app.addHook('onClose', async () => {
    ctx.media.close();
    await ctx.caches.generation.close();
  });
  // Before the answer leaves: the writer's next read, here or elsewhere, must not be served
  // from before its write.
  app.addHook('onSend', async (request) => {
    if (writesData(request)) ctx.caches.generation.bump(writeScope(request));
  });

  installErrorHandler(app, database);
  installSecurityHeaders(app, { production: config.nodeEnv === 'production' });
  await app.register(fastifyCookie);
  await app.register(tenancyPlugin, { db: database.db, baseDomain: config.baseDomain, generation: ctx.caches.generation });
  await app.register(rateLimitPlugin, { db: database.db, limits: config.rateLimit });
  await app.register(csrfPlugin, { production: config.nodeEnv === 'production' });

  for (const routes of [healthRoutes, metricsRoutes, configRoutes, companyRoutes, commonRoutes, authRoutes, userRoutes, languageRoutes, privacyRoutes, userDeletionRoutes, userTimezoneRoutes, companySwitchRoutes, topicRoutes, userTopicRoutes, postRoutes, bookmarkRoutes, inviteRoutes, signUpRoutes, recoveryRoutes, ssoRoutes, samlRoutes, socialSignInRoutes, socialRoutes, sandboxWallRoutes, csRoutes, googleRoutes, devRoutes]) {
    await app.register(routes, { ctx });
  }
  await app.register(reactionRoutes, { ctx });
  await app.register(commentRoutes, { ctx });
  await app.register(suggestRoutes, { ctx, fetch: { allowAddresses: config.fetchAllowAddresses } });
  await app.register(companySsoRoutes, { ctx });
  await app.register(trackRoutes, { ctx });
  await app.register(shareRoutes, { ctx, fetch: { allowAddresses: config.fetchAllowAddresses } });
  await app.register(complianceRoutes, { ctx });
  await app.register(mentionRoutes, { ctx });
  await app.register(aiRoutes, { ctx });
  await app.register(queueRoutes, { ctx });
  await app.register(adminQueueRoutes, { ctx });
  await app.register(adminPostRoutes, { ctx, fetch: { allowAddresses: config.fetchAllowAddresses } });
  await app.register(adminAuditRoutes, { ctx });
  await app.register(adminSuggestionRoutes, { ctx });
  await app.register(adminCompanyRoutes, { ctx });
  await app.register(pwaRoutes, { ctx });
  for (const plugin of options.plugins ?? []) await app.register(plugin, { ctx });

  await registerStaticSites(app, { webDist: config.webDist, tabDist: config.tabDist, mediaDir: config.mediaDir });
  return app;
}
