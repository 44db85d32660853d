/**
 * The one way an outside identity (Google, a company's SAML IdP, a social network, later Teams
 * SSO) becomes a Chorus user of a company: identity -> proven e-mail -> membership -> invite or
 * provisioning -> link.
 *
 * An identity signs into an existing account only when
 * - that same identity (provider + subject) was linked to the account before: by its owner
 *   through the mailed verification link, or by an earlier sign-in on a proven e-mail; or
 * - its e-mail is proven: asserted by the company's own SAML IdP, or by Google for the
 *   company's own configured domains (the caller decides, see FederatedIdentity.emailProven).
 * An e-mail a social network shares (or the sandbox's typist types) is never proof.
 *
 * It never claims an account that is not a member of the company: a company's IdP (and its
 * admin, who chooses the allowed domains and sends invites) must not be able to reach a person
 * who already signs in elsewhere; an admin of this company adds them instead. A new person is
 * added only through an invite for their proven e-mail or just-in-time provisioning for an
 * allowed domain.
 */
import { Role } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { InviteRow } from '../auth/invites.ts';
import type { Database } from '../db/database.ts';
import { externalIdentities, memberships, users, type CompanyRow, type UserRow } from '../db/schema.ts';
import { SqlState, sqlState } from '../db/sql-errors.ts';
import { ApiError } from '../errors.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import { claimInviteUse, findInvite } from './sign-up.ts';

/** Who the provider says signed in. */
export interface FederatedIdentity {
  /** `google`, `saml:<companyId>`, a network slug (`twitter`, ...). */
  provider: string;
  /** The provider's stable id of the person. */
  subject: string;
  /** The e-mail the provider named, lower-case, if any. */
  email: string | null;
  /** Whether the provider vouches for `email` (Google's email_verified, a SAML assertion); a social network's never counts. */
  emailVerified: boolean;
  /**
   * Whether `email` proves the account of that address for this company: the company's own SAML
   * IdP, or Google for the company's own configured domains (see the module comment).
   */
  emailProven: boolean;
  firstName: string;
  lastName: string;
  /** A display name to keep with the identity (social networks). */
  displayName?: string | null;
}

/** Who may be added without an account: the invite of a sign-up, and just-in-time provisioning. */
export interface FederatedAdmission {
  inviteCode: string | null;
  /** E-mail domains provisioned just in time (lower-case); empty when provisioning is off. */
  jitDomains: readonly string[];
}

/** How a federated sign-in ends. */
export type FederatedOutcome =
  | { kind: 'signed-in'; user: UserRow }
  /** No account this identity may open: nothing linked, no proven e-mail of a member, no admission. */
  | { kind: 'no-account' }
  /** The account the identity proves belongs to someone who is not a member of this company. */
  | { kind: 'not-member' }
  | { kind: 'deactivated' }
  | { kind: 'invite-invalid' };

/** The domain of an e-mail address. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether `email` is in one of `domains` (a company's configured, lower-case domains). */
export function inDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((d) => d.toLowerCase() === domain);
}

async function linkedUser(db: Database, identity: FederatedIdentity): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.provider, identity.provider), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  return row?.user ?? null;
}

async function isMember(db: Database, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

async function inviteOfEither(db: Database, company: CompanyRow, code: string): Promise<InviteRow | null> {
  for (const version of [2, 1] as const) {
    try {
      return await findInvite(db, company, code, version);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return null;
}

/**
 * Keeps the identity, linked to `userId` (or unlinked with null, for a social account waiting
 * for its owner to prove a work e-mail). An existing link to someone else is never moved here:
 * only the verification link (verifyEmailAndSignIn) links a known identity to its owner.
 */
export async function keepIdentity(db: Database, company: CompanyRow, identity: FederatedIdentity, userId: number | null): Promise<number> {
  const values = { email: identity.email, displayName: identity.displayName ?? null };
  const [row] = await db
    .insert(externalIdentities)
    .values({ provider: identity.provider, subject: identity.subject, userId, companyId: company.id, ...values })
    .onConflictDoUpdate({ target: [externalIdentities.provider, externalIdentities.subject], set: values })
    .returning({ id: externalIdentities.id, userId: externalIdentities.userId });
  if (!row) throw new Error('identity upsert returned no row');
  if (userId !== null && row.userId === null) {
    await db.update(externalIdentities).set({ userId }).where(eq(externalIdentities.id, row.id));
  }
  return row.id;
}

/** Resolves (and where allowed provisions and links) the user of a verified identity for `company`. */
export async function federatedSignIn(db: Database, company: CompanyRow, identity: FederatedIdentity, admission: FederatedAdmission): Promise<FederatedOutcome> {
  const verified = identity.emailVerified ? identity.email : null;
  const proven = identity.emailProven ? verified : null;
  let user = await linkedUser(db, identity);
  if (!user && proven !== null) {
    const [byEmail] = await db.select().from(users).where(eq(users.email, proven)).limit(1);
    user = byEmail ?? null;
  }

  if (user) {
    if (user.deactivatedAt !== null) return { kind: 'deactivated' };
    if (!(await isMember(db, user.id, company.id))) return admission.inviteCode === null ? { kind: 'not-member' } : { kind: 'invite-invalid' };
    await keepIdentity(db, company, identity, user.id);
    return { kind: 'signed-in', user };
  }

  // A new person: through an invite for the e-mail the provider vouches for, or provisioning
  // of a proven e-mail in an allowed domain.
  let invite: InviteRow | null = null;
  let email: string;
  if (admission.inviteCode !== null && verified !== null) {
    invite = await inviteOfEither(db, company, admission.inviteCode);
    if (!invite || (invite.email !== null && invite.email !== verified)) return { kind: 'invite-invalid' };
    email = verified;
  } else if (admission.inviteCode === null && proven !== null && inDomains(proven, admission.jitDomains)) {
    email = proven;
  } else {
    return { kind: 'no-account' };
  }

  const claimed = invite;
  let created: UserRow;
  try {
    created = await db.transaction(async (tx) => {
      if (claimed) await claimInviteUse(tx, claimed.id);
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: null,
          firstName: identity.firstName || claimed?.firstName || '',
          lastName: identity.lastName || claimed?.lastName || '',
          language: companyDefaultLanguage(company),
        })
        .returning();
      if (!row) throw new Error('insert returned no user');
      await tx.insert(memberships).values({ userId: row.id, companyId: company.id, role: claimed ? (claimed.role as Role) : Role.USER });
      return row;
    });
  } catch (error) {
    // A concurrent sign-up of the same e-mail, or the invite used up meanwhile.
    if (sqlState(error) === SqlState.UNIQUE_VIOLATION || error instanceof ApiError) return { kind: 'invite-invalid' };
    throw error;
  }
  await keepIdentity(db, company, identity, created.id);
  return { kind: 'signed-in', user: created };
}
