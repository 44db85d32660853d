/**
 * Registers a route from its definition in core (contract/routes.ts): the method and path come
 * from the key, and the pipeline's flags (unconfirmed members let in, cross-site posts accepted,
 * no company needed, a GET that writes) from the definition, so a route is declared once.
 * `requireDefinedRoutes` makes a route registered any other way, or one missing from the
 * definitions, fail the server's start.
 */
import { ROUTES, routeParts, type RouteDefinition, type RouteKey } from '@chorus/core';
import type { FastifyContextConfig, FastifyInstance, RouteHandlerMethod, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The key of the route's definition in core (set by serve). */
    routeKey?: RouteKey;
  }
}

/** The request pipeline's settings of a defined route. */
function pipelineConfig(key: RouteKey, definition: RouteDefinition): FastifyContextConfig {
  return {
    routeKey: key,
    ...(definition.unconfirmed !== undefined ? { allowUnconfirmed: true } : {}),
    ...(definition.crossSite !== undefined ? { acceptsCrossSite: true } : {}),
    ...(definition.tenantOptional ? { tenantOptional: true } : {}),
    ...(definition.writesData ? { writesData: true } : {}),
    ...(definition.csrfProtected ? { csrfProtected: true } : {}),
    ...(definition.retiresCaches === false ? { retiresCaches: false } : {}),
  };
}

/** Registers the defined route `key` with its handler. */
export function serve(app: FastifyInstance, key: RouteKey, handler: RouteHandlerMethod): void {
  const { method, path } = routeParts(key);
  app.route({ method, url: path, config: pipelineConfig(key, ROUTES[key]), handler });
}

/** An onRoute hook: every route (HEAD copies of GET routes and the builds' files aside) comes through serve. */
export function requireDefinedRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'HEAD')) return;
    // A file of the web or tab build, which @fastify/static registers one route each (with the
    // file in its config): public by nature, as the browser loads them before any sign-in.
    if (typeof (route.config as { file?: unknown } | undefined)?.file === 'string') return;
    const key = route.config?.routeKey;
    if (key === undefined || !methods.every((method) => `${method} ${route.url}` === key)) {
      throw new Error(`${methods.join(',')} ${route.url} is not registered through serve() with its definition in core/src/contract/routes.ts`);
    }
  });
}
