/** Signs in with the exchange token an external sign-in (SAML, Google, social) or the company switcher handed over. */
import { ErrorCode, type Role } from '@chorus/core';
import { and, eq, isNull } from 'drizzle-orm';
import { peekToken, redeemToken, type TokenScope } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import { nonceMatches } from '../auth/sso-exchange.ts';
import type { Database } from '../db/database.ts';
import { memberships, users, type AuthMethodColumn, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { recordSsoLogin } from './analytics.ts';
import { companyAcceptsMethod, signInMethodOff, type SocialNetworkConfig } from '../auth/sign-in-policy.ts';

/** The method an SSO sign-in used, as analytics name it (no subject or issuer: only the kind, and a social sign-in's network). */
function ssoMethodName(method: AuthMethodColumn): string {
  return method.kind === 'social' ? `social:${method.network}` : method.kind;
}

/** A session started from an exchange token. */
export interface SsoSignedIn {
  token: string;
  user: UserRow;
  role: Role;
}

/**
 * POST sso/decrypt-token: uses an 'sso-exchange' token once and starts a session recording the
 * method the token carries. Tokens that are unknown, used, expired, for another company than
 * the host, redeemed by a browser without the nonce they were minted for (login CSRF), or of a
 * user who has since left the company or been deactivated are all 427, so the answer reveals
 * nothing; a token of another company or browser stays usable by its own. Each SSO sign-in is
 * tracked as an `sso_login` event of the event log (product analytics, with the role). A method
 * the company no longer admits (switched off since the token was issued) is 489, the token kept.
 */
export async function signInWithSsoExchange(
  db: Database,
  config: SocialNetworkConfig,
  company: CompanyRow | null,
  code: string,
  nonce: string | null,
): Promise<SsoSignedIn> {
  const linkError = new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  if (!company) throw linkError;
  const scope: TokenScope<'sso-exchange'> = { companyId: company.id, accept: (data, row) => row.userId !== null && nonceMatches(data.nonceHash, nonce) };
  const peeked = await peekToken(db, 'sso-exchange', code, scope);
  if (peeked.state !== 'valid' || peeked.row.userId === null) throw linkError;
  const [member] = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, peeked.row.userId), eq(memberships.companyId, company.id), isNull(users.deactivatedAt)))
    .limit(1);
  if (!member) throw linkError;
  if (!(await companyAcceptsMethod(db, config, company, member.user, peeked.data.authMethod))) throw signInMethodOff();
  const found = await redeemToken(db, 'sso-exchange', code, scope);
  if (found.state !== 'valid') throw linkError;
  const token = await createSession(db, member.user.id, company.id, { samlSession: found.data.samlSession ?? null, authMethod: found.data.authMethod });
  const role = member.role as Role;
  await recordSsoLogin(db, { companyId: company.id, userId: member.user.id, role }, ssoMethodName(found.data.authMethod));
  return { token, user: member.user, role };
}
