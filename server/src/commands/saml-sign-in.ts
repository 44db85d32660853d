/**
 * Who a verified SAML assertion signs in: the user linked to its NameID, else the user of its
 * e-mail (then linked). A member of the company signs in. A new person is added only through an
 * invite (SAML sign-up) or just-in-time provisioning for an allowed e-mail domain. An existing
 * account that is not a member is refused, as in Google and password sign-up: a company's IdP
 * (and its admin, who chooses the allowed domains and sends invites) must never be able to
 * claim a person who already signs in elsewhere; an admin of this company adds them instead.
 */
import { Role } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { InviteRow } from '../auth/invites.ts';
import type { SamlIdentity } from '../auth/saml.ts';
import type { Database } from '../db/database.ts';
import { externalIdentities, memberships, users, type CompanyRow, type SamlConfigColumn, type UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';
import { claimInviteUse, findInvite } from './sign-up.ts';

/** How a SAML sign-in ends. */
export type SamlOutcome =
  | { kind: 'signed-in'; user: UserRow; email: string }
  | { kind: 'domain-not-found' }
  | { kind: 'deactivated' }
  | { kind: 'invite-invalid' };

/** The identity provider name of a company's SAML identities. */
export function samlProvider(company: CompanyRow): string {
  return `saml:${company.id}`;
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

async function findInviteOfEither(db: Database, company: CompanyRow, code: string): Promise<InviteRow | null> {
  for (const version of [2, 1] as const) {
    try {
      return await findInvite(db, company, code, version);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return null;
}

/** Resolves (and where allowed provisions) the user of a verified assertion for `company`. */
export async function samlSignIn(
  db: Database,
  company: CompanyRow,
  saml: SamlConfigColumn,
  identity: SamlIdentity,
  inviteCode: string | null,
): Promise<SamlOutcome> {
  const provider = samlProvider(company);
  const [linked] = await db
    .select({ user: users })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  let user: UserRow | null = linked?.user ?? null;
  if (!user && identity.email) {
    const [byEmail] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
    user = byEmail ?? null;
  }
  const email = user?.email ?? identity.email;
  if (!email) return { kind: 'domain-not-found' };
  if (user?.deactivatedAt) return { kind: 'deactivated' };

  const member = user
    ? (await db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.companyId, company.id))).limit(1))[0]
    : undefined;

  if (user && !member) return inviteCode === null ? { kind: 'domain-not-found' } : { kind: 'invite-invalid' };

  let invite: InviteRow | null = null;
  if (!member && inviteCode) {
    invite = await findInviteOfEither(db, company, inviteCode);
    if (!invite || (invite.email !== null && invite.email !== email)) return { kind: 'invite-invalid' };
  }
  const jitAllowed = saml.jitProvisioning && saml.allowedDomains.map((d) => d.toLowerCase()).includes(emailDomain(email));
  if (!member && !invite && !jitAllowed) return { kind: 'domain-not-found' };

  const signedIn = await db.transaction(async (tx) => {
    let current = user;
    if (!current) {
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash: null, firstName: invite?.firstName ?? '', lastName: invite?.lastName ?? '', language: companyDefaultLanguage(company) })
        .returning();
      if (!created) throw new Error('insert returned no user');
      current = created;
    }
    if (!member) {
      if (invite) await claimInviteUse(tx, invite.id);
      await tx.insert(memberships).values({ userId: current.id, companyId: company.id, role: invite ? (invite.role as Role) : Role.USER });
    }
    await tx
      .insert(externalIdentities)
      .values({ provider, subject: identity.subject, userId: current.id, companyId: company.id, email })
      .onConflictDoNothing();
    return current;
  });
  return { kind: 'signed-in', user: signedIn, email };
}
