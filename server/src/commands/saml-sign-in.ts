/**
 * Who a verified SAML assertion signs in, through the federated sign-in (commands/
 * federated-sign-in.ts): the user linked to its NameID, else the member of its e-mail (the
 * company's own IdP proves e-mails), then linked. A new person is added only through an invite
 * (SAML sign-up) or just-in-time provisioning for an allowed e-mail domain; an existing account
 * that is not a member of the company is never claimed.
 */
import type { SamlIdentity } from '../auth/saml.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow, SamlConfigColumn, UserRow } from '../db/schema.ts';
import { federatedSignIn } from './federated-sign-in.ts';

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

/** Resolves (and where allowed provisions) the user of a verified assertion for `company`. */
export async function samlSignIn(
  db: Database,
  company: CompanyRow,
  saml: SamlConfigColumn,
  identity: SamlIdentity,
  inviteCode: string | null,
): Promise<SamlOutcome> {
  const outcome = await federatedSignIn(
    db,
    company,
    { provider: samlProvider(company), subject: identity.subject, email: identity.email, emailVerified: true, emailProven: true, firstName: '', lastName: '' },
    { inviteCode, jitDomains: saml.jitProvisioning ? saml.allowedDomains : [] },
  );
  switch (outcome.kind) {
    case 'signed-in':
      return { kind: 'signed-in', user: outcome.user, email: outcome.user.email };
    case 'no-account':
    case 'not-member':
      return { kind: 'domain-not-found' };
    default:
      return outcome;
  }
}
