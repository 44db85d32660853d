/**
 * Forgot and reset password, magic sign-in links, and "find your team". Requests that name
 * an address answer the same whether or not it belongs to anyone; only a company that opts
 * into `reveal_unknown_emails` tells its users that an address is unknown (error 305).
 */
import { ErrorCode, MAGIC_LINK_EXPIRY_MS, type Role } from '@chorus/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companyOrigin, type Config } from '../config.ts';
import { clearUserLoginFailures } from '../auth/login-throttle.ts';
import { consumeOneTimeToken, issueOneTimeToken, peekToken, redeemToken, spendAccessCodes } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSession, sessionUserOfToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { companies, memberships, sessions, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { sendMail } from '../mail/send-mail.ts';
import { requireAdmitted } from '../auth/sign-in-policy.ts';

/**
 * Recovery links last one hour: long enough to reach the mailbox and act, short enough that
 * an old mail found later in a mailbox is no longer a key to the account.
 */
export const RECOVERY_LINK_EXPIRY_MS = 60 * 60 * 1000;

/** What these commands need from the app context. */
export interface RecoveryContext {
  db: Database;
  config: Pick<Config, 'mail' | 'baseDomain' | 'nodeEnv' | 'port'>;
}

/** A user and the company a mailed link should open. */
interface Recipient {
  user: UserRow;
  company: CompanyRow;
  role: Role;
}

function displayName(user: UserRow): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * The active user with that address and the company a link should open: the host company if
 * they belong to it, else (on the assisted-login host) their first company that signs in with
 * e-mail. A host that does not sign in with e-mail is refused (489) before the address is looked
 * up, so the answer says nothing about it.
 */
async function findRecipient(db: Database, host: CompanyRow | null, email: string): Promise<Recipient | null> {
  if (host) requireAdmitted(host, { kind: 'email' });
  const rows = await db
    .select({ user: users, company: companies, role: memberships.role })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        isNull(users.deactivatedAt),
        host ? eq(companies.id, host.id) : sql`(${companies.featureToggles} ->> 'email_login_enabled')::boolean`,
      ),
    )
    .orderBy(asc(memberships.created), asc(companies.id))
    .limit(1);
  const row = rows[0];
  return row ? { user: row.user, company: row.company, role: row.role as Role } : null;
}

function unknownAddress(host: CompanyRow | null): void {
  if (host?.revealUnknownEmails) throw new ApiError(ErrorCode.EMAIL_NOT_FOUND);
}

/** POST recover: mails a link to /sign-in/email/reset on the user's company host. */
export async function requestPasswordRecovery(ctx: RecoveryContext, host: CompanyRow | null, email: string): Promise<void> {
  const recipient = await findRecipient(ctx.db, host, email);
  if (!recipient) return unknownAddress(host);
  const { user, company } = recipient;
  const code = await issueOneTimeToken(ctx.db, { kind: 'recovery', userId: user.id, companyId: company.id, email: user.email, ttlMs: RECOVERY_LINK_EXPIRY_MS });
  const url = `${companyOrigin(ctx.config, company.subdomain)}/sign-in/email/reset?recover_code=${code}`;
  await sendMail(ctx, { kind: 'recovery', to: user.email, language: user.language, companyId: company.id, name: displayName(user), companyName: company.name, url });
}

/** Refuses (489) a mailed link of a company that no longer signs in with e-mail. */
async function requireCompanyAdmitsEmail(db: Database, companyId: number | null): Promise<void> {
  if (companyId === null) return;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (company) requireAdmitted(company, { kind: 'email' });
}

function resetLinkUnavailable(): ApiError {
  return new ApiError(ErrorCode.RESET_LINK_UNAVAILABLE);
}

/** GET recover-check: throws 306 unless the code can still reset a password. */
export async function checkRecoveryCode(db: Database, code: string): Promise<void> {
  const found = await peekToken(db, 'recovery', code);
  if (found.state !== 'valid') throw resetLinkUnavailable();
}

/**
 * POST reset: sets the new password, uses up the code and every other recovery and magic-link
 * code of the user, ends every session of the user (whoever knew the old password is signed
 * out) and clears their failed sign-ins, all at once.
 * The password must already have passed the policy check.
 */
export async function resetPasswordWithCode(db: Database, code: string, password: string): Promise<void> {
  const found = await peekToken(db, 'recovery', code);
  if (found.state !== 'valid' || found.row.userId === null) throw resetLinkUnavailable();
  // E-mail sign-in may have been switched off since the link was mailed.
  await requireCompanyAdmitsEmail(db, found.row.companyId);
  const userId = found.row.userId;
  const tokenId = found.row.id;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, tokenId))) throw resetLinkUnavailable();
    // The mailed link proves the address: a reset also confirms it. An account someone else
    // opened with this address (self sign-up, unconfirmed) is the owner's from now on: their
    // password replaces the squatter's and every session ends.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    if (user) await clearUserLoginFailures(tx, user);
    await spendAccessCodes(tx, userId);
  });
}

/** POST email/magic-link: mails a sign-in link to /sign-up/email?code&type=1 on the company host. */
export async function requestMagicLink(ctx: RecoveryContext, host: CompanyRow | null, email: string): Promise<void> {
  const recipient = await findRecipient(ctx.db, host, email);
  if (!recipient) return unknownAddress(host);
  const { user, company } = recipient;
  const code = await issueOneTimeToken(ctx.db, { kind: 'magic-link', userId: user.id, companyId: company.id, email: user.email, ttlMs: MAGIC_LINK_EXPIRY_MS });
  const url = `${companyOrigin(ctx.config, company.subdomain)}/sign-up/email?code=${code}&type=1`;
  await sendMail(ctx, { kind: 'magic-link', to: user.email, language: user.language, companyId: company.id, name: displayName(user), companyName: company.name, url });
}

/** A session started by a magic link, with the company the link was for. */
export interface MagicSignIn {
  token: string;
  user: UserRow;
  role: Role;
  company: CompanyRow;
}

/**
 * GET email/magic-link: signs in with a link, once. Unknown or malformed codes are 427,
 * used ones 428, expired ones 426. A link of a user who has since left the company or been
 * deactivated counts as unknown.
 */
/**
 * Login CSRF through magic links: a live link of one person opened in a browser signed in as
 * another must not replace that session silently. Refuses with 499, naming both addresses
 * (`signed_in_as`, `continue_as`) for the question the web asks, and changes nothing; the
 * link stays usable. Nothing to ask when no live session is carried, when it is the link's
 * own person's, or when the link is not live (using it then answers why).
 */
export async function requireNoSilentSwitch(db: Database, carriedToken: string | null, code: string): Promise<void> {
  if (carriedToken === null) return;
  const carriedUserId = await sessionUserOfToken(db, carriedToken);
  if (carriedUserId === null) return;
  const found = await peekToken(db, 'magic-link', code);
  if (found.state !== 'valid' || found.row.userId === null || found.row.userId === carriedUserId) return;
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [carriedUserId, found.row.userId]));
  const email = (id: number) => rows.find((row) => row.id === id)?.email ?? '';
  throw new ApiError(ErrorCode.SIGNED_IN_AS_SOMEONE_ELSE, undefined, [
    { path: 'signed_in_as', message: email(carriedUserId) },
    { path: 'continue_as', message: email(found.row.userId) },
  ]);
}

export async function signInWithMagicLink(db: Database, code: string): Promise<MagicSignIn> {
  // A company that switched e-mail sign-in off since the link was mailed: refused, the link kept.
  const peeked = await peekToken(db, 'magic-link', code);
  if (peeked.state === 'valid') await requireCompanyAdmitsEmail(db, peeked.row.companyId);
  const found = await redeemToken(db, 'magic-link', code);
  if (found.state === 'used') throw new ApiError(ErrorCode.MAGIC_LINK_USED);
  if (found.state === 'expired') throw new ApiError(ErrorCode.MAGIC_LINK_EXPIRED);
  if (found.state !== 'valid' || found.row.userId === null || found.row.companyId === null) throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  const [member] = await db
    .select({ user: users, company: companies, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, found.row.userId), eq(memberships.companyId, found.row.companyId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!member) throw new ApiError(ErrorCode.MAGIC_LINK_ERROR);
  // The link got its owner in: older links are spent, and the password lock no longer applies.
  await spendAccessCodes(db, member.user.id);
  await clearUserLoginFailures(db, member.user);
  const token = await createSession(db, member.user.id, member.company.id, { authMethod: { kind: 'magic-link' } });
  return { token, user: member.user, role: member.role as Role, company: member.company };
}

/**
 * POST login-assistance: mails the person the sign-in page of each of their companies. Nothing
 * is sent for an unknown or deactivated address, and the caller answers the same either way.
 */
export async function requestLoginAssistance(ctx: RecoveryContext, email: string): Promise<void> {
  const rows = await ctx.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deactivatedAt)))
    .orderBy(asc(memberships.created), asc(companies.id));
  const first = rows[0];
  if (!first) return;
  const companyLinks = rows.map(({ company }) => ({ name: company.name, url: `${companyOrigin(ctx.config, company.subdomain)}/sign-in` }));
  await sendMail(ctx, { kind: 'find-your-team', to: first.user.email, language: first.user.language, companyId: null, name: displayName(first.user), companies: companyLinks });
}
