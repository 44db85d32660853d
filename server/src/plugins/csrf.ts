/**
 * Cross-site request forgery: the pb_token cookie alone never authorises a state-changing
 * request. The cookie is `SameSite=None` inside the Teams frame, so a form on any site would
 * otherwise carry it. A request that changes state (every method but GET, HEAD and OPTIONS,
 * plus GET routes marked `csrfProtected`, such as sign-out) and carries the cookie must also
 * carry the X-AUTH-TOKEN header, which no other site can set without CORS (none is offered),
 * or come from our own origin (`Sec-Fetch-Site: same-origin`, or an Origin naming this host).
 * Anything else is refused with 403 before a handler runs.
 *
 * Left out on purpose:
 * - Requests without the cookie: nothing of the victim's rides along (login CSRF through
 *   exchange links is handled where those are redeemed).
 * - GET flows that browsers reach from other sites by design: the OAuth and sandbox consent
 *   callbacks (`/api/v1/social/...`, `/api/v1/auth/sign-in/:network/...`, their sandbox consent
 *   pages, whose forms are GET forms on our own origin). Each is bound to its one-time `state`,
 *   issued to the browser that started the flow, which is what protects an OAuth callback.
 * - Routes marked `acceptsCrossSite`: their authority is not the session but a signed
 *   message from a third party posting cross-site (the SAML assertion the IdP's form posts,
 *   the Bot Framework's token); they never read the cookie.
 */
import { AUTH_COOKIE, AUTH_HEADER } from '@chorus/core';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (sign-out): guarded against cross-site requests like a POST. */
    csrfProtected?: boolean;
    /**
     * Posted cross-site by a third party on purpose and authorised by its own signed message,
     * never by the session cookie (the SAML assertion consumer, the bot endpoint).
     */
    acceptsCrossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** True when the request changes state and so must not be forged from another site. */
export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config.csrfProtected === true;
}

/**
 * True when the browser says the request comes from this very origin: `Sec-Fetch-Site` when
 * sent (any other value is refused, even with a matching Origin), otherwise an Origin header
 * naming the host the request was sent to (over HTTPS in production).
 */
export function isSameOrigin(request: FastifyRequest, production: boolean): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = header(request, 'origin');
  const host = request.headers.host;
  if (origin === undefined || origin === 'null' || host === undefined) return false;
  try {
    const from = new URL(origin);
    if (production && from.protocol !== 'https:') return false;
    // Parsed with the origin's scheme so default ports compare equal (`:443` and none).
    return new URL(`${from.protocol}//${host}`).host === from.host;
  } catch {
    return false;
  }
}

/** True when a state-changing request rides on the session cookie alone from elsewhere. */
export function isForgeable(request: FastifyRequest, production: boolean): boolean {
  if (!changesState(request) || request.routeOptions.config.acceptsCrossSite === true) return false;
  const cookie = request.cookies[AUTH_COOKIE];
  if (cookie === undefined || cookie === '') return false;
  const token = header(request, AUTH_HEADER);
  if (token !== undefined && token !== '') return false;
  return !isSameOrigin(request, production);
}

/** Refuses forgeable requests with 403 (after the cookie plugin has read the cookies). */
export const csrfPlugin = fp<{ production: boolean }>(
  async (app, { production }) => {
    app.addHook('onRequest', async (request) => {
      if (isForgeable(request, production)) {
        request.log.info({ origin: header(request, 'origin') ?? null, site: header(request, 'sec-fetch-site') ?? null }, 'cross-site request refused');
        throw forbidden('This request must come from Chorus itself.');
      }
    });
  },
  { name: 'chorus-csrf', dependencies: ['@fastify/cookie'] },
);
