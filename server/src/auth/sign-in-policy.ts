/**
 * The company's sign-in policy, in one place: "may this company be entered this way?". Every
 * way in asks it before it checks anything else (so a switched-off way reveals nothing about an
 * address or a password): password sign-in, magic links, password recovery, invite and self
 * sign-up (and their confirmation and join links), Google, a social network, SAML, the SSO
 * exchange (the hand-over of SAML, Google, social sign-in and the company switcher), and Teams.
 *
 * - E-mail (password, magic link, recovery, sign-up with a password): `email_login_enabled`.
 * - Google: the company's Google client, switched on (`sso_settings.google_enabled`).
 * - SAML: the company's IdP is set up.
 * - A social network: switched on in the branded social sign-in settings, with a client (or,
 *   where allowed, the sandbox) behind it.
 * - Teams: the company is linked to its Entra tenant.
 */
import { ErrorCode, SOCIAL_SIGN_IN_SLUGS } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { GOOGLE_PROVIDER, googleConfigOf } from './google.ts';
import { networkAvailable, type NetworkSettings } from './social-providers.ts';
import type { Database } from '../db/database.ts';
import { externalIdentities, type AuthMethodColumn, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** What deciding whether a social network is offered needs from the configuration. */
export type SocialNetworkConfig = NetworkSettings;

/** Google as a social sign-in option is the company's own Google client (auth/google.ts). */
export const GOOGLE_NETWORK = 'google';

/** A way into a company. */
export type WayIn =
  | { kind: 'email' }
  | { kind: 'google' }
  | { kind: 'saml' }
  | { kind: 'social'; network: string; config: SocialNetworkConfig }
  | { kind: 'teams' };

/** Whether the company switched sign-in with this network slug on. */
export function socialSignInSwitchedOn(company: CompanyRow, network: string): boolean {
  return Object.entries(SOCIAL_SIGN_IN_SLUGS).some(([index, slug]) => slug === network && company.socialSignIn[Number(index)] === true);
}

/**
 * Whether the company offers sign-in with this network here: switched on, and with something
 * behind it: X, LinkedIn and Facebook through their real client or (where allowed) the sandbox,
 * Google through the company's configured Google client; Instagram has no consumer login API,
 * so it is never offered. The branded settings show exactly these.
 */
export function socialNetworkOffered(config: SocialNetworkConfig, company: CompanyRow, network: string): boolean {
  if (!socialSignInSwitchedOn(company, network)) return false;
  if (network === GOOGLE_NETWORK) return googleConfigOf(company) !== null;
  return networkAvailable(network, config);
}

/** Whether the company may be entered this way. */
export function companyAdmits(company: CompanyRow, way: WayIn): boolean {
  switch (way.kind) {
    case 'email':
      return company.featureToggles.email_login_enabled;
    case 'google':
      return googleConfigOf(company) !== null;
    case 'saml':
      return company.samlConfig !== null;
    case 'social':
      return socialNetworkOffered(way.config, company, way.network);
    case 'teams':
      return company.teamsTenantId !== null;
  }
}

/** The refusal of a way the company does not admit (489); nothing was checked. */
export function signInMethodOff(): ApiError {
  return new ApiError(ErrorCode.SIGN_IN_METHOD_OFF);
}

/** Refuses (489) unless the company may be entered this way. */
export function requireAdmitted(company: CompanyRow, way: WayIn): void {
  if (!companyAdmits(company, way)) throw signInMethodOff();
}

/**
 * Whether the company's people sign in through its IdP: e-mail off and SAML set up. A
 * password sign-in there is sent to single sign-on instead of being refused.
 */
export function signsInThroughSaml(company: CompanyRow): boolean {
  return !companyAdmits(company, { kind: 'email' }) && companyAdmits(company, { kind: 'saml' });
}

/** Whether the company signs in only through an identity provider (SAML or Google): no password to confirm with. */
export function isSsoOnly(company: CompanyRow): boolean {
  return !companyAdmits(company, { kind: 'email' }) && (companyAdmits(company, { kind: 'saml' }) || companyAdmits(company, { kind: 'google' }));
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether `company` accepts a session (or an exchange token) authenticated by `method` as proof
 * for `user`: the company switcher's question, asked again when the exchange is redeemed.
 * Password and mailed links count where e-mail sign-in does; a SAML sign-in only at the company
 * whose IdP it was, while it is set up; Google where the company has a Google client of the same
 * issuer for which the e-mail is proven (its domains) or the identity is linked; a social
 * network where the company offers it. Teams sessions and unrecorded methods count nowhere.
 */
export async function companyAcceptsMethod(
  db: Database,
  config: SocialNetworkConfig,
  company: CompanyRow,
  user: UserRow,
  method: AuthMethodColumn | null,
): Promise<boolean> {
  if (method === null) return false;
  switch (method.kind) {
    // A verification link finishes a social sign-in by proving the e-mail.
    case 'password':
    case 'magic-link':
    case 'sign-up':
    case 'verification-link':
      return companyAdmits(company, { kind: 'email' });
    case 'saml':
      return method.companyId === company.id && companyAdmits(company, { kind: 'saml' });
    case 'google': {
      const client = googleConfigOf(company);
      if (!client || client.issuer !== method.issuer) return false;
      if (client.allowedDomains.map((d) => d.toLowerCase()).includes(domainOf(user.email))) return true;
      const [linked] = await db
        .select({ userId: externalIdentities.userId })
        .from(externalIdentities)
        .where(and(eq(externalIdentities.provider, GOOGLE_PROVIDER), eq(externalIdentities.subject, method.subject)))
        .limit(1);
      return linked?.userId === user.id;
    }
    case 'social':
      return companyAdmits(company, { kind: 'social', network: method.network, config });
    case 'teams-sso':
      // A Teams token proves an identity of one Entra tenant, which the method does not record.
      return false;
  }
}
