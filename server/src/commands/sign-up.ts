/**
 * Sign-up: through an invite (v2 names the person; v1 may be a group invite) or, where the
 * company allows it, on its own (self sign-up). Either way the new user is signed in.
 *
 * An e-mail that already has an account is refused with 304, even when that person is not
 * yet a member of the inviting company: adding a membership to an existing account would
 * need proof of its password, and a sign-up form is the wrong place to ask for it (an admin
 * adds existing people instead). The invite's use is not counted then.
 */
import { Role, validateEmail, type InviteResponse, type InviteSignUpRequest, type SelfSignUpRequest } from '@chorus/core';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type InviteRow } from '../auth/invites.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSession, hashToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { invites, memberships, users, type CompanyRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { forbidden, inviteNotFound, usernameExists, validationFailed } from '../errors.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import type { UserRow } from '../db/schema.ts';

/** A new, signed-in user. */
export interface SignedUp {
  token: string;
  user: UserRow;
  role: Role;
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
  const token = await createSession(db, created.id, company.id);
  return { token, user: created, role: account.role };
}

/** Whether a password sign-up is possible here: SSO-only companies sign up through their provider. */
function assertEmailSignUp(company: CompanyRow): void {
  if (!company.featureToggles.email_login_enabled) throw forbidden('This company signs up through single sign-on.');
}

/**
 * Signs up through an invite code (either version). v2 and individual v1 invites use the
 * invite's e-mail; a v1 group invite takes `username` from the body. v2 needs a matching
 * confirm_password. Each use is counted atomically, so an invite of max_uses 1 works once.
 */
export async function signUpWithInvite(db: Database, company: CompanyRow | null, code: string, input: InviteSignUpRequest): Promise<SignedUp> {
  if (company === null) throw inviteNotFound();
  const invite = await findAnyInvite(db, company, code);
  assertEmailSignUp(company);

  if (invite.version === 2 && input.confirm_password === undefined) {
    throw validationFailed([{ path: 'confirm_password', message: 'password.mismatch' }]);
  }
  let email = invite.email;
  if (email === null) {
    const check = validateEmail(input.username);
    if (!check.ok) throw validationFailed([{ path: 'username', message: check.error }]);
    email = (input.username ?? '').toLowerCase();
  }

  return createAccount(
    db,
    company,
    { email, firstName: input.first_name, lastName: input.last_name, password: input.password, role: invite.role as Role },
    async (tx) => {
      await claimInviteUse(tx, invite.id);
    },
  );
}

/** Self sign-up into the host's company, only where the company enables it. */
export async function selfSignUp(db: Database, company: CompanyRow | null, input: SelfSignUpRequest): Promise<SignedUp> {
  if (company === null || !company.selfSignUpEnabled) throw forbidden('Self sign-up is not enabled for this company.');
  assertEmailSignUp(company);
  if (!isKnownTimeZone(input.timezone)) throw validationFailed([{ path: 'timezone', message: 'required' }]);
  return createAccount(
    db,
    company,
    {
      email: input.username.toLowerCase(),
      firstName: input.first_name,
      lastName: input.last_name,
      password: input.password,
      timezone: input.timezone,
      role: Role.USER,
    },
    async () => {},
  );
}
