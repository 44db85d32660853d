/**
 * Proving the address of a self sign-up, and joining a company with an account that already
 * exists in another one. Both start with a link mailed by self sign-up (see sign-up.ts) and
 * end when its one-time code is spent: a code proves the mailbox, nothing else does.
 */
import { ErrorCode, Role } from '@chorus/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { checkPasswordTry } from '../auth/login-throttle.ts';
import { consumeOneTimeToken, issueOneTimeToken, peekToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError, forbidden } from '../errors.ts';
import { sendMail } from '../mail/send-mail.ts';
import type { SignedUp } from './sign-up.ts';
import { requireAdmitted } from '../auth/sign-in-policy.ts';

/** Confirmation and join links last a week, as long as an unconfirmed account is kept. */
export const EMAIL_CONFIRMATION_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

/** What these commands need from the app context. */
export interface ConfirmationContext {
  db: Database;
  config: Pick<Config, 'mail' | 'baseDomain' | 'nodeEnv' | 'port'>;
}

function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

function linkInvalid(): ApiError {
  return new ApiError(ErrorCode.CONFIRMATION_LINK_INVALID);
}

/** Mails an unconfirmed member the link to /confirm-email on the company's host. */
export async function mailEmailConfirmation(ctx: ConfirmationContext, user: UserRow, company: CompanyRow): Promise<void> {
  const code = await issueOneTimeToken(ctx.db, {
    kind: 'email-confirmation',
    userId: user.id,
    companyId: company.id,
    email: user.email,
    ttlMs: EMAIL_CONFIRMATION_EXPIRY_MS,
  });
  const url = `${companyOrigin(ctx.config, company.subdomain)}/confirm-email?code=${code}`;
  await sendMail(ctx, { kind: 'email-confirmation', to: user.email, language: user.language, companyId: company.id, name: displayName(user), companyName: company.name, url });
}

/** POST email/confirmation: mails a new link to a signed-in member who still needs one (nothing otherwise). */
export async function resendEmailConfirmation(ctx: ConfirmationContext, user: UserRow, company: CompanyRow): Promise<void> {
  if (user.emailConfirmedAt !== null) return;
  await mailEmailConfirmation(ctx, user, company);
}

/**
 * POST email/confirm: spends a confirmation code of this company's host and marks the
 * address confirmed. An unknown, used, expired or other company's code, or one for an
 * address the account no longer has, is 492.
 */
export async function confirmEmail(db: Database, company: CompanyRow | null, code: string): Promise<void> {
  if (company === null) throw linkInvalid();
  const found = await peekToken(db, 'email-confirmation', code, { companyId: company.id });
  if (found.state !== 'valid' || found.row.userId === null) throw linkInvalid();
  const { id, userId, email } = found.row;
  await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, id))) throw linkInvalid();
    const confirmed = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(and(eq(users.id, userId), eq(users.email, email ?? '')))
      .returning({ id: users.id });
    if (confirmed.length === 0) throw linkInvalid();
  });
}

/**
 * Self sign-up with an address whose account belongs only to other companies: no account or
 * membership is made here; the owner is mailed a link to join this company by signing in with
 * their existing password (see joinCompany).
 */
export async function mailJoinInvitation(ctx: ConfirmationContext, owner: UserRow, company: CompanyRow): Promise<void> {
  const code = await issueOneTimeToken(ctx.db, { kind: 'sign-up-join', userId: owner.id, companyId: company.id, email: owner.email, ttlMs: EMAIL_CONFIRMATION_EXPIRY_MS });
  const url = `${companyOrigin(ctx.config, company.subdomain)}/sign-up/join?code=${code}`;
  await sendMail(ctx, { kind: 'sign-up-join', to: owner.email, language: owner.language, companyId: company.id, name: displayName(owner), companyName: company.name, url });
}

/**
 * POST sign-up/join: the mailed code (proof of the mailbox) and the existing account's password
 * (proof of the account) make the owner a USER of the host company and sign them in there. A
 * wrong password counts as a failed sign-in (302, throttled with 308 like sign-in); the code is
 * spent only on success, so a typo does not cost the link.
 */
export async function joinCompany(db: Database, company: CompanyRow | null, code: string, password: string): Promise<SignedUp> {
  if (company === null) throw linkInvalid();
  const found = await peekToken(db, 'sign-up-join', code, { companyId: company.id });
  if (found.state !== 'valid' || found.row.userId === null) throw linkInvalid();
  requireAdmitted(company, { kind: 'email' });
  if (!company.selfSignUpEnabled) throw forbidden('Self sign-up is not enabled for this company.');
  const { id: tokenId, userId } = found.row;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.email !== found.row.email) throw linkInvalid();
  await checkPasswordTry(db, user.email, user, password);

  const joined = await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, tokenId))) throw linkInvalid();
    await tx.insert(memberships).values({ userId: user.id, companyId: company.id, role: Role.USER }).onConflictDoNothing();
    const [member] = await tx.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id)));
    // The code came to this address: it is proven, even if it had not been before.
    const [updated] = await tx.update(users).set({ emailConfirmedAt: sql`now()` }).where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt))).returning();
    return { role: (member?.role ?? Role.USER) as Role, user: updated ?? user };
  });
  const token = await createSession(db, user.id, company.id, { authMethod: { kind: 'password' } });
  return { token, user: joined.user, role: joined.role };
}
