/** Signs in with the exchange token an external sign-in (SAML, Google, social) handed over. */
import { ErrorCode, type Role } from '@chorus/core';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { consumeOneTimeToken, findOneTimeToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { memberships, userEvents, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** The IdP session a SAML exchange token may carry (see issueSsoExchange). */
const SamlSessionData = z.object({ nameID: z.string().min(1), nameIDFormat: z.string().min(1), sessionIndex: z.string().nullable() });

/** The user event recorded for each sign-in through SSO (SAML, Google, social networks). */
export const SSO_LOGIN_EVENT = 'sso_login';

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
 * Each SSO sign-in is tracked as an `sso_login` user event.
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
  const samlSession = SamlSessionData.safeParse(found.row.data.samlSession);
  const token = await createSession(db, member.user.id, company.id, { samlSession: samlSession.success ? samlSession.data : null });
  // Tracks the SSO login, for the company's sign-in reports.
  await db.insert(userEvents).values({ userId: member.user.id, companyId: company.id, event: SSO_LOGIN_EVENT });
  return { token, user: member.user, role: member.role as Role };
}
