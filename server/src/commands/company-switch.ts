/**
 * The company switcher's hand-off. Sessions are per host (the pb_token cookie of each company
 * subdomain), so moving to another company needs a sign-in there. When the target company
 * accepts the way the current session was authenticated, we issue a single-use SSO exchange
 * token for it (carrying that method) and send the browser to its /sign-in/sso page; otherwise
 * the browser goes to the target company's own sign-in (its e-mail form with the address filled
 * in, where it signs in with e-mail), so one
 * company's sign-in (its SAML IdP above all) never opens another company's account.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { sessionAuthMethod } from '../auth/sessions.ts';
import { crossHostBinding, issueSsoExchange, ssoLandingUrl, type BrowserBinding } from '../auth/sso-exchange.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { companies, memberships, users, type UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { companyAcceptsMethod, companyAdmits, type SocialNetworkConfig } from '../auth/sign-in-policy.ts';

/** The e-mail sign-in page of the target company, and its sign-in page (its other options) when e-mail is off there. */
const EMAIL_SIGN_IN_PATH = '/sign-in/email';
const SIGN_IN_PATH = '/sign-in';

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
    if (!companyAdmits(target.company, { kind: 'email' })) return new URL(SIGN_IN_PATH, origin.origin).href;
    const signIn = new URL(EMAIL_SIGN_IN_PATH, origin.origin);
    signIn.searchParams.set('email', user.email);
    return signIn.href;
  }
  // The hand-over crosses hosts: bound to this browser wherever a cookie can follow it there.
  const binding = crossHostBinding(deps.config) ? bind() : null;
  const token = await issueSsoExchange(deps.db, { userId: user.id, companyId: target.company.id, email: user.email, authMethod: method, binding });
  return ssoLandingUrl(origin.origin, token);
}
