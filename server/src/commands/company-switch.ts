/**
 * The company switcher's hand-off. Sessions are per host (the pb_token cookie of each company
 * subdomain), so moving to another company needs a sign-in there: we issue a single-use SSO
 * exchange token for the target company and send the browser to that host's /sign-in/sso page,
 * which trades it for a session like every other external sign-in.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { issueSsoExchange, ssoLandingUrl } from '../auth/sso-exchange.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { companies, memberships, users, type UserRow } from '../db/schema.ts';
import { forbidden } from '../errors.ts';

/**
 * The exchange url on the target company's host. Unknown companies and companies the user is
 * not a member of are both 403, so the answer reveals nothing about other companies. The host
 * comes only from the stored subdomain under the configured base domain (the allow-list).
 */
export async function companySwitchUrl(
  deps: { db: Database; config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'> },
  user: UserRow,
  companyId: number,
): Promise<string> {
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
  const token = await issueSsoExchange(deps.db, { userId: user.id, companyId: target.company.id, email: user.email });
  return ssoLandingUrl(origin.origin, token);
}
