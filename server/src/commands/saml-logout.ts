/**
 * SAML single logout, started by Chorus sign-out. Signing out of a session that began with a
 * SAML sign-in (and whose IdP has a logout URL) returns a link to this server's SAML logout
 * route carrying a single-use `saml-logout` token that holds the IdP session; following it
 * sends the browser to the IdP with a LogoutRequest. The token keeps NameIDs out of URLs and
 * lets the web app follow a same-origin link only.
 */
import { SAML_PATHS } from '@chorus/core';
import { issueOneTimeToken, redeemToken } from '../auth/one-time-tokens.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow, SamlSessionColumn } from '../db/schema.ts';

/** The link is followed at once by the signing-out browser. */
export const SAML_LOGOUT_TTL_MS = 2 * 60 * 1000;

/** The link that logs an ended SAML session out of its IdP, or null when there is nothing to do. */
export async function samlLogoutUrl(
  db: Database,
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>,
  company: CompanyRow,
  userId: number,
  samlSession: SamlSessionColumn | null,
): Promise<string | null> {
  if (!samlSession || !company.samlConfig?.logoutUrl) return null;
  const token = await issueOneTimeToken(db, { kind: 'saml-logout', userId, companyId: company.id, email: null, ttlMs: SAML_LOGOUT_TTL_MS, data: { samlSession } });
  const url = new URL(SAML_PATHS.logout, companyOrigin(config, company.subdomain));
  url.searchParams.set('logout_token', token);
  return url.href;
}

/** Uses a logout link once; the IdP session it holds, or null for an unknown, used or foreign link. */
export async function takeSamlLogout(db: Database, company: CompanyRow, token: string): Promise<SamlSessionColumn | null> {
  const found = await redeemToken(db, 'saml-logout', token, { companyId: company.id });
  return found.state === 'valid' ? found.data.samlSession : null;
}
