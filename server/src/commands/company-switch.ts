/**
 * The company switcher's hand-off. Sessions are per host (the pb_token cookie of each company
 * subdomain), so moving to another company needs a sign-in there. When the target company
 * accepts the way the current session was authenticated, we issue a single-use SSO exchange
 * token for it (carrying that method) and send the browser to its /sign-in/sso page; otherwise
 * the browser goes to the target company's own sign-in with the address filled in, so one
 * company's sign-in (its SAML IdP above all) never opens another company's account.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { GOOGLE_PROVIDER, googleConfigOf } from '../auth/google.ts';
import { sessionAuthMethod } from '../auth/sessions.ts';
import { crossHostBinding, issueSsoExchange, ssoLandingUrl, type BrowserBinding } from '../auth/sso-exchange.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { companies, externalIdentities, memberships, users, type AuthMethodColumn, type CompanyRow, type UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { signsInThroughSaml } from './sign-in.ts';
import { socialNetworkOffered, type SocialNetworkConfig } from './social-sign-in.ts';

/** The e-mail sign-in page of the target company. */
const EMAIL_SIGN_IN_PATH = '/sign-in/email';

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * Whether `company` accepts a session authenticated by `method` as proof for `user`. Password
 * and mailed links count where e-mail sign-in does; a SAML sign-in only at the company whose
 * IdP it was; Google where the company has a Google client of the same issuer for which the
 * e-mail is proven (its domains) or the identity is linked; a social network where the company
 * offers it (its sign-in only ever goes through a linked identity). Unknown methods count nowhere.
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
    case 'password':
    case 'magic-link':
    case 'verification-link':
    case 'sign-up':
      return !signsInThroughSaml(company);
    case 'saml':
      return method.companyId === company.id;
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
      return socialNetworkOffered(config, company, method.network);
    case 'teams-sso':
      return false;
  }
}

/**
 * The url the switcher sends the browser to on the target company's host: the exchange (when
 * the target accepts how this session signed in) or its e-mail sign-in with the address
 * filled in. Unknown companies and companies the user is not a member of are both 403, so the
 * answer reveals nothing about other companies. The host comes only from the stored subdomain
 * under the configured base domain (the allow-list). `bind` ties the exchange to the browser.
 */
export async function companySwitchUrl(
  deps: { db: Database; config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'> & SocialNetworkConfig },
  viewer: { user: UserRow; sessionId: number },
  companyId: number,
  bind: () => NonNullable<BrowserBinding>,
): Promise<string> {
  const { user } = viewer;
  const [target] = await deps.db
    .select({ company: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, companyId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!target) throw forbidden();
  const origin = new URL(companyOrigin(deps.config, target.company.subdomain));
  if (origin.hostname !== `${target.company.subdomain}.${deps.config.baseDomain}`) throw forbidden();
  const method = await sessionAuthMethod(deps.db, viewer.sessionId);
  if (!(await companyAcceptsMethod(deps.db, deps.config, target.company, user, method)) || method === null) {
    const signIn = new URL(EMAIL_SIGN_IN_PATH, origin.origin);
    signIn.searchParams.set('email', user.email);
    return signIn.href;
  }
  // The hand-over crosses hosts: bound to this browser wherever a cookie can follow it there.
  const binding = crossHostBinding(deps.config) ? bind() : null;
  const token = await issueSsoExchange(deps.db, { userId: user.id, companyId: target.company.id, email: user.email, authMethod: method, binding });
  return ssoLandingUrl(origin.origin, token);
}
