/** Signs a user in with e-mail and password. */
import type { Role } from '@chorus/core';
import { and, asc, eq } from 'drizzle-orm';
import { checkPasswordTry } from '../auth/login-throttle.ts';
import { createSession, deleteSessionByToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { companies, memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { wrongCredentials } from '../errors.ts';
import { requireAdmitted, signsInThroughSaml } from '../auth/sign-in-policy.ts';

/** A started session. */
export interface SignedIn {
  kind: 'signed-in';
  token: string;
  user: UserRow;
  role: Role;
}

/** Right credentials on a company host the user does not belong to: sign in at their company. */
export interface SignInElsewhere {
  kind: 'elsewhere';
  subdomain: string;
}

/** The host company signs in through SAML only: the browser goes to its single sign-on. */
export interface SignInThroughSso {
  kind: 'sso';
}

/** The outcome of a sign-in that did not fail. */
export type SignInOutcome = SignedIn | SignInElsewhere | SignInThroughSso;

/** What a sign-in attempt carries besides the credentials. */
export interface SignInAttempt {
  email: string;
  password: string;
  /** The token the request already carried; a successful sign-in revokes it (rotation). */
  previousToken: string | null;
}

/**
 * Checks the credentials and starts a fresh session. On the assisted-login host (no company)
 * and on another company's host no session is started and the caller is told where the user
 * belongs (their first company). Wrong e-mail and wrong password are the same error 302, so the
 * answer does not reveal which part was wrong (the right password of a deactivated account is
 * 493, see checkPasswordTry); an address with
 * used its tries answers 308 whatever the password, whether or not it has an account (see
 * auth/login-throttle.ts). On a company that signs in through SAML only, nothing is checked (so nothing is revealed) and the caller is sent there;
 * on one with e-mail sign-in off otherwise, nothing is checked either and the answer is 489.
 */
export async function signIn(db: Database, company: CompanyRow | null, attempt: SignInAttempt): Promise<SignInOutcome> {
  if (company && signsInThroughSaml(company)) return { kind: 'sso' };
  if (company) requireAdmitted(company, { kind: 'email' });
  const email = attempt.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  await checkPasswordTry(db, email, user, attempt.password);
  if (!user) throw wrongCredentials();

  // Sessions belong to a company host, so the assisted-login host starts none: like a wrong
  // company's host, it tells the browser where the user signs in.
  const [membership] = company
    ? await db
        .select({ role: memberships.role, companyId: memberships.companyId })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)))
        .limit(1)
    : [];
  if (!membership) {
    const home = await firstCompanySubdomain(db, user.id);
    if (home === null) throw wrongCredentials();
    return { kind: 'elsewhere', subdomain: home };
  }

  if (attempt.previousToken !== null) await deleteSessionByToken(db, attempt.previousToken);
  const token = await createSession(db, user.id, membership.companyId, { authMethod: { kind: 'password' } });
  return { kind: 'signed-in', token, user, role: membership.role as Role };
}

async function firstCompanySubdomain(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ subdomain: companies.subdomain })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.created), asc(memberships.companyId))
    .limit(1);
  return row?.subdomain ?? null;
}
