/**
 * Hand-over from an external sign-in (SAML, Google, a social network) or the company switcher
 * to a Chorus session. The provider's callback never puts a session token in a URL: it issues
 * a short-lived, single-use exchange token and sends the browser to the web app's /sign-in/sso
 * page, which trades it for a session with POST /api/v1/auth/sso/decrypt-token.
 *
 * An exchange link alone must not sign a browser in (login CSRF: a link minted for an
 * attacker's account, opened by a victim). The response that mints a token also sets a nonce
 * cookie on the base domain, so every company host sees it; the token keeps the nonce's hash,
 * and only a browser carrying that nonce can redeem it. (On a single-label development domain
 * such as `localhost` the cookie stays on its host; see crossHostBinding.)
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AuthMethodColumn, SamlSessionColumn } from '../db/schema.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { hashToken } from './sessions.ts';

/** Long enough for a slow redirect chain, short enough to be useless if it leaks. */
export const SSO_EXCHANGE_TTL_MS = 2 * 60 * 1000;

/** The cookie binding exchange tokens to the browser they were minted for. */
export const SSO_NONCE_COOKIE = 'chorus_sso_nonce';
/** The nonce is only read by the exchange. */
export const SSO_NONCE_COOKIE_PATH = '/api/v1/auth/sso';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser a hand-over is for: the nonce cookie it carries (set by bindToBrowser). Null only
 * for the company switcher's cross-host hand-over outside production on a single-label base
 * domain (see crossHostBinding), where no cookie can follow the browser to the other host.
 */
export type BrowserBinding = { nonce: string } | null;

/**
 * Whether the nonce cookie can reach every company host: browsers refuse a Domain cookie for a
 * single-label base domain (`localhost` in development), where it stays on the minting host.
 */
export function crossHostBinding(config: Pick<Config, 'baseDomain' | 'nodeEnv'>): boolean {
  return config.nodeEnv === 'production' || config.baseDomain.includes('.');
}

function nonceCookieOptions(config: Pick<Config, 'baseDomain' | 'nodeEnv'>) {
  // Browsers take Secure from https, and from *.localhost (a secure context) in development.
  const secureContext = config.nodeEnv === 'production' || config.baseDomain === 'localhost';
  return {
    ...(crossHostBinding(config) ? { domain: config.baseDomain } : {}),
    path: SSO_NONCE_COOKIE_PATH,
    httpOnly: true,
    // The landing page may run framed by Teams, and a SAML IdP posts back inside that frame
    // (cross-site): there only None is kept and sent, and browsers take None with Secure only.
    sameSite: secureContext ? ('none' as const) : ('lax' as const),
    secure: secureContext,
  };
}

/** The nonce cookie of a request, when it carries a well-formed one. */
export function browserNonce(request: FastifyRequest): string | null {
  const value = request.cookies[SSO_NONCE_COOKIE];
  return typeof value === 'string' && NONCE_PATTERN.test(value) ? value : null;
}

/**
 * Binds a hand-over to the browser of this request: keeps the nonce it already carries (so
 * two hand-overs in flight in one browser both work) or sets a new one, valid as long as an
 * exchange token.
 */
export function bindToBrowser(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'baseDomain' | 'nodeEnv'>): { nonce: string } {
  const nonce = browserNonce(request) ?? randomBytes(32).toString('base64url');
  reply.setCookie(SSO_NONCE_COOKIE, nonce, { ...nonceCookieOptions(config), maxAge: Math.floor(SSO_EXCHANGE_TTL_MS / 1000) });
  return { nonce };
}

/**
 * Issues the exchange token for a user who has just proven who they are (`authMethod` says
 * how; the session it starts records it), for the browser of `binding`. A SAML sign-in passes
 * the IdP session on, so the Chorus session can later log out of it.
 */
export function issueSsoExchange(
  db: Database,
  input: { userId: number; companyId: number; email: string; authMethod: AuthMethodColumn; binding: BrowserBinding; samlSession?: SamlSessionColumn },
): Promise<string> {
  const { samlSession, authMethod, binding, ...rest } = input;
  return issueOneTimeToken(db, {
    kind: 'sso-exchange',
    ...rest,
    ttlMs: SSO_EXCHANGE_TTL_MS,
    data: { authMethod, nonceHash: binding ? hashToken(binding.nonce) : null, ...(samlSession ? { samlSession } : {}) },
  });
}

/** Whether a nonce is the one an exchange token was minted for (an unbound token, see BrowserBinding, takes any). */
export function nonceMatches(nonceHash: string | null, nonce: string | null): boolean {
  if (nonceHash === null) return true;
  return nonce !== null && hashToken(nonce) === nonceHash;
}

/** Where the provider's callback sends the browser: the company's /sign-in/sso page. */
export function ssoLandingUrl(companyOrigin: string, exchangeToken: string, options: { inIframe?: boolean; next?: string | null } = {}): string {
  const url = new URL('/sign-in/sso', companyOrigin);
  url.searchParams.set('encrypted_token', exchangeToken);
  if (options.inIframe) url.searchParams.set('is_in_iframe', '1');
  if (options.next) url.searchParams.set('next', options.next);
  return url.href;
}
