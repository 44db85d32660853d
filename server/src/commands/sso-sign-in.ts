/** Signs in with the exchange token an external sign-in (SAML, Google, social) handed over. */
import { ErrorCode, type Role } from '@chorus/core';
import { and, eq, isNull } from 'drizzle-orm';
import { consumeOneTimeToken, findOneTimeToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** A session started from an exchange token. */
export interface SsoSignedIn {
  token: string;
  user: UserRow;
  role: Role;
}

/**
 * POST sso/decrypt-token: uses an 'sso-exchange' token once and starts a session. Tokens
 * that are unknown, used, expired, for another company than the host, or of a user who has
 * since left the company or been deactivated are all 427, so the answer reveals nothing.
 */
export async function signInWithSsoExchange(db: Database, company: CompanyRow | null, code: string): Promise<SsoSignedIn> {
  const linkError = new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  if (!company) throw linkError;
  const found = await findOneTimeToken(db, 'sso-exchange', code);
  if (found.state !== 'valid' || found.row.userId === null || found.row.companyId !== company.id) throw linkError;
  const [member] = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, found.row.userId), eq(memberships.companyId, company.id), isNull(users.deactivatedAt)))
    .limit(1);
  if (!member) throw linkError;
  if (!(await consumeOneTimeToken(db, found.row.id))) throw linkError;
  const token = await createSession(db, member.user.id);
  return { token, user: member.user, role: member.role as Role };
}
