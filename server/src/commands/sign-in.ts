/** Signs a user in with e-mail and password. */
import type { Role } from '@chorus/core';
import { and, asc, eq } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords.ts';
import { createSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { wrongCredentials } from '../errors.ts';

/** A started session. */
export interface SignedIn {
  token: string;
  user: UserRow;
  role: Role;
}

/**
 * Checks the credentials and starts a session. On a company host the user must belong to
 * that company; on the assisted-login host (no company) their first company is used. Every
 * failure is the same error 302, so the answer does not reveal which part was wrong.
 */
export async function signIn(db: Database, company: CompanyRow | null, email: string, password: string): Promise<SignedIn> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw wrongCredentials();

  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(company ? and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)) : eq(memberships.userId, user.id))
    .orderBy(asc(memberships.created))
    .limit(1);
  if (!membership) throw wrongCredentials();

  const token = await createSession(db, user.id);
  return { token, user, role: membership.role as Role };
}
