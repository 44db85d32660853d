/**
 * Hand-over from an external sign-in (SAML, Google, a social network) to a Chorus session.
 * The provider's callback never puts a session token in a URL: it issues a short-lived,
 * single-use exchange token and sends the browser to the web app's /sign-in/sso page, which
 * trades it for a session with POST /api/v1/auth/sso/decrypt-token.
 */
import type { Database } from '../db/database.ts';
import type { SamlSessionColumn } from '../db/schema.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';

/** Long enough for a slow redirect chain, short enough to be useless if it leaks. */
export const SSO_EXCHANGE_TTL_MS = 2 * 60 * 1000;

/**
 * Issues the exchange token for a user who has just proven who they are at a provider. A SAML
 * sign-in passes the IdP session on, so the Chorus session can later log out of it.
 */
export function issueSsoExchange(
  db: Database,
  input: { userId: number; companyId: number; email: string; samlSession?: SamlSessionColumn },
): Promise<string> {
  const { samlSession, ...rest } = input;
  return issueOneTimeToken(db, { kind: 'sso-exchange', ...rest, ttlMs: SSO_EXCHANGE_TTL_MS, data: samlSession ? { samlSession } : {} });
}

/** Where the provider's callback sends the browser: the company's /sign-in/sso page. */
export function ssoLandingUrl(companyOrigin: string, exchangeToken: string, options: { inIframe?: boolean; next?: string | null } = {}): string {
  const url = new URL('/sign-in/sso', companyOrigin);
  url.searchParams.set('encrypted_token', exchangeToken);
  if (options.inIframe) url.searchParams.set('is_in_iframe', '1');
  if (options.next) url.searchParams.set('next', options.next);
  return url.href;
}
