/** What each kind of mail says: the data its template needs. */

/** A company and the address of its sign-in page, as the find-your-team mail lists them. */
export interface CompanyLink {
  name: string;
  url: string;
}

/** The kinds of mail the product sends, each with its template data. */
export type MailContent =
  | { kind: 'recovery'; name: string; companyName: string; url: string }
  | { kind: 'magic-link'; name: string; companyName: string; url: string }
  | { kind: 'invite'; name: string; companyName: string; inviterName: string | null; url: string }
  | { kind: 'verification'; name: string; companyName: string; url: string }
  | { kind: 'email-confirmation'; name: string; companyName: string; url: string }
  | { kind: 'sign-up-join'; name: string; companyName: string; url: string }
  | { kind: 'find-your-team'; name: string; companies: readonly CompanyLink[] }
  | {
      kind: 'deletion-request';
      name: string;
      companyName: string;
      requesterName: string;
      requesterEmail: string;
      requesterId: number;
      url: string;
    };

/** One of the mail kinds. */
export type MailKind = MailContent['kind'];

/** Every mail kind, for tests that cover them all. */
export const MAIL_KINDS: readonly MailKind[] = ['recovery', 'magic-link', 'invite', 'verification', 'find-your-team', 'deletion-request', 'email-confirmation', 'sign-up-join'];
