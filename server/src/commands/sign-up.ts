/**
 * Sign-up: through an invite (v2 names the person; v1 may be a group invite) or, where the
 * company allows it, on its own (self sign-up). Either way the new user is signed in.
 *
 * Invite sign-up refuses an e-mail that already has an account with 304, even when that person
 * is not yet a member of the inviting company: adding a membership to an existing account needs
 * proof of its password, and a sign-up form is the wrong place to ask for it. The invite's use
 * is not counted then.
 *
 * Self sign-up accepts only addresses in the company's sign-up domains (491 otherwise) and
 * proves the address by mail: the new member is signed in at once but unconfirmed (read only,
 * see plugins/confirmed-email.ts) until they follow the link. It answers 304 only for an address that
 * already belongs to this company. An address whose account is only in other companies gets
 * the same answer as a new one, so the form does not reveal accounts elsewhere; no account is
 * made, and the owner is mailed a link to join by signing in (see joinCompany).
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode, Role, validateEmail, type InviteResponse, type InviteSignUpRequest, type SelfSignUpRequest, type UserCompany } from '@chorus/core';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type InviteRow } from '../auth/invites.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSession, hashToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { invites, memberships, users, type CompanyRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError, forbidden, inviteNotFound, usernameExists, validationFailed } from '../errors.ts';
import { DEFAULT_USER_SETTINGS } from '../db/defaults.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import { presentUserCompany } from '../presenters/user.ts';
import type { UserRow } from '../db/schema.ts';
import { mailEmailConfirmation, mailJoinInvitation, type ConfirmationContext } from './email-confirmation.ts';
import { requireAdmitted } from '../auth/sign-in-policy.ts';

/** A new, signed-in user. */
export interface SignedUp {
  token: string;
  user: UserRow;
  role: Role;
  /**
   * The companies to present, when they are not the user's stored ones: the stand-in answer
   * for an address that has an account elsewhere (see selfSignUp) has no stored user.
   */
  companies?: UserCompany[];
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Still usable: not expired and with uses left. */
const usable = and(
  or(isNull(invites.maxUses), lt(invites.useCount, invites.maxUses)),
  or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`)),
);

/** Counts one use of an invite if it is still usable, else throws 307 (for use inside the sign-up transaction). */
export async function claimInviteUse(tx: Database, inviteId: number): Promise<void> {
  const [claimed] = await tx
    .update(invites)
    .set({ useCount: sql`${invites.useCount} + 1` })
    .where(and(eq(invites.id, inviteId), usable))
    .returning({ id: invites.id });
  if (!claimed) throw inviteNotFound();
}

/**
 * The usable invite of a code, in the host's company and of the given version, or 307.
 * A code of another company, a used-up, expired or other-version code all look unknown.
 */
export async function findInvite(db: Database, company: CompanyRow, code: string, version: 1 | 2): Promise<InviteRow> {
  if (code.length === 0) throw inviteNotFound();
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.codeHash, hashToken(code)), eq(invites.companyId, company.id), eq(invites.version, version), usable))
    .limit(1);
  if (!invite) throw inviteNotFound();
  return invite;
}

/** The invite response of GET /invite/code and /invite/check. */
export function presentInvite(invite: InviteRow, company: CompanyRow): InviteResponse {
  return {
    invite: { username: invite.email ?? '', first_name: invite.firstName, last_name: invite.lastName },
    version: invite.version === 1 ? 1 : 2,
    company: { company_id: company.id, company_name: company.name, subdomain: company.subdomain },
  };
}

/** The usable invite of a code in either version (v2 first, as the client tries them). */
async function findAnyInvite(db: Database, company: CompanyRow, code: string): Promise<InviteRow> {
  try {
    return await findInvite(db, company, code, 2);
  } catch {
    return findInvite(db, company, code, 1);
  }
}

interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  timezone?: string;
  role: Role;
  /** False when nothing proved the address yet: the member must follow a mailed link. */
  emailConfirmed: boolean;
}

/**
 * Creates the user and their membership inside a transaction, running `claim` first (it
 * throws to refuse). A concurrent sign-up with the same e-mail loses on the unique index.
 */
async function createAccount(db: Database, company: CompanyRow, account: NewAccount, claim: (tx: Database) => Promise<void>): Promise<SignedUp> {
  const passwordHash = await hashPassword(account.password);
  let created: UserRow;
  try {
    created = await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
      if (existing) throw usernameExists();
      await claim(tx);
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          language: companyDefaultLanguage(company),
          ...(account.timezone === undefined ? {} : { timezone: account.timezone }),
          ...(account.emailConfirmed ? {} : { emailConfirmedAt: null }),
        })
        .returning();
      if (!user) throw new Error('insert returned no user');
      await tx.insert(memberships).values({ userId: user.id, companyId: company.id, role: account.role });
      return user;
    });
  } catch (error) {
    if (sqlState(error) === SqlState.UNIQUE_VIOLATION) throw usernameExists();
    throw error;
  }
  const token = await createSession(db, created.id, company.id, { authMethod: { kind: 'sign-up' } });
  return { token, user: created, role: account.role };
}

/** Whether a password sign-up is possible here (489 otherwise): SSO-only companies sign up through their provider. */
function assertEmailSignUp(company: CompanyRow): void {
  requireAdmitted(company, { kind: 'email' });
}

/**
 * Signs up through an invite code (either version). v2 and individual v1 invites use the
 * invite's e-mail; a v1 group invite takes `username` from the body. v2 needs a matching
 * confirm_password. Each use is counted atomically, so an invite of max_uses 1 works once.
 *
 * An invite naming an address reached that mailbox, so following it confirms the address. A
 * group invite is a link shared by hand: whoever holds it types any address, so that member
 * is mailed a confirmation link like a self sign-up (and, unconfirmed, removed after 7 days).
 */
export async function signUpWithInvite(ctx: ConfirmationContext, company: CompanyRow | null, code: string, input: InviteSignUpRequest): Promise<SignedUp> {
  const { db } = ctx;
  if (company === null) throw inviteNotFound();
  const invite = await findAnyInvite(db, company, code);
  assertEmailSignUp(company);

  if (invite.version === 2 && input.confirm_password === undefined) {
    throw validationFailed([{ path: 'confirm_password', message: 'password.mismatch' }]);
  }
  let email = invite.email;
  const emailConfirmed = email !== null;
  if (email === null) {
    const check = validateEmail(input.username);
    if (!check.ok) throw validationFailed([{ path: 'username', message: check.error }]);
    email = (input.username ?? '').toLowerCase();
  }

  const signedUp = await createAccount(
    db,
    company,
    { email, firstName: input.first_name, lastName: input.last_name, password: input.password, role: invite.role as Role, emailConfirmed },
    async (tx) => {
      await claimInviteUse(tx, invite.id);
    },
  );
  if (!emailConfirmed) await mailEmailConfirmation(ctx, signedUp.user, company);
  return signedUp;
}

/** The domain part of an address, lower case. */
function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The answer for an address whose account is only in other companies, shaped like a new
 * member's: an unused user id from the same sequence, the typed names, this company and a
 * token of the same form. The answer, its timing and what it does to the caller's session are
 * alike; the token itself opens no session, so a caller who goes on to use it could still tell.
 */
async function standInSignUp(db: Database, company: CompanyRow, input: SelfSignUpRequest, email: string): Promise<SignedUp> {
  const [next] = await db.select({ id: sql<number>`nextval(pg_get_serial_sequence('users', 'id'))`.mapWith(Number) }).from(sql`(select 1) as one`);
  const now = new Date();
  const user: UserRow = {
    id: next?.id ?? 0,
    email,
    passwordHash: null,
    firstName: input.first_name,
    lastName: input.last_name,
    language: companyDefaultLanguage(company),
    timezone: input.timezone,
    avatar: null,
    settings: DEFAULT_USER_SETTINGS,
    deactivatedAt: null,
    emailConfirmedAt: null,
    created: now,
  };
  return { token: randomBytes(32).toString('base64url'), user, role: Role.USER, companies: [presentUserCompany(company)] };
}

/**
 * Self sign-up into the host's company, only where the company enables it and only with an
 * address in its sign-up domains. See the module comment for the three outcomes.
 */
export async function selfSignUp(ctx: ConfirmationContext, company: CompanyRow | null, input: SelfSignUpRequest): Promise<SignedUp> {
  const { db } = ctx;
  if (company === null || !company.selfSignUpEnabled) throw forbidden('Self sign-up is not enabled for this company.');
  assertEmailSignUp(company);
  if (!isKnownTimeZone(input.timezone)) throw validationFailed([{ path: 'timezone', message: 'required' }]);
  const email = input.username.toLowerCase();
  if (!company.signUpDomains.includes(emailDomain(email))) throw new ApiError(ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED);

  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    const [member] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, existing.id), eq(memberships.companyId, company.id)))
      .limit(1);
    if (member) throw usernameExists();
    // Hash the unused password anyway, so this answer takes as long as a real sign-up.
    await hashPassword(input.password);
    if (existing.deactivatedAt === null) await mailJoinInvitation(ctx, existing, company);
    return standInSignUp(db, company, input, email);
  }

  const signedUp = await createAccount(
    db,
    company,
    {
      email,
      firstName: input.first_name,
      lastName: input.last_name,
      password: input.password,
      timezone: input.timezone,
      role: Role.USER,
      emailConfirmed: false,
    },
    async () => {},
  );
  await mailEmailConfirmation(ctx, signedUp.user, company);
  return signedUp;
}
