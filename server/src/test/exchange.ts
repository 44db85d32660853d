/**
 * Redeeming SSO exchange tokens as the browser they were minted for: the minting response sets
 * the nonce cookie (see auth/sso-exchange.ts), which the exchange request must carry back.
 */
import { AUTH_HEADER } from '@chorus/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SSO_NONCE_COOKIE } from '../auth/sso-exchange.ts';
import { hostOf } from './app.ts';

/** The value a response sets for a cookie, if it sets it. */
export function setCookieValue(res: { headers: Record<string, unknown> }, name: string): string | null {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  for (const cookie of all) {
    const [pair] = cookie.split(';');
    const [key, ...rest] = (pair ?? '').split('=');
    if (key?.trim() === name) return rest.join('=');
  }
  return null;
}

/** The exchange nonce a minting response gave its browser. */
export function exchangeNonceOf(res: { headers: Record<string, unknown> }): string | null {
  return setCookieValue(res, SSO_NONCE_COOKIE);
}

/**
 * POST sso/decrypt-token on a company host, from a browser holding `nonce` (null: a browser
 * without it) and optionally signed in with `session`.
 */
export function redeemExchange(
  app: FastifyInstance,
  subdomain: string,
  code: string | null,
  nonce: string | null,
  session?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain), 'content-type': 'application/json' };
  if (nonce !== null) headers.cookie = `${SSO_NONCE_COOKIE}=${nonce}`;
  if (session) headers[AUTH_HEADER] = session;
  return app.inject({ method: 'POST', url: '/api/v1/auth/sso/decrypt-token', headers, payload: JSON.stringify({ encrypted_token: code }) });
}
