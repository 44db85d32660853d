/**
 * Sending mail. Every mail is first stored in `outbox_mails`, so nothing is lost when the mail
 * server is down; with SMTP_URL set it is then handed to that server through nodemailer and
 * the row records when it was sent or why it was not.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { outboxMails } from '../db/schema.ts';
import type { MailContent, MailKind } from './mail-content.ts';
import { renderMail } from './render-mail.ts';

export type { CompanyLink, MailContent, MailKind } from './mail-content.ts';

/** What sending needs from the app context. */
export interface MailContext {
  db: Database;
  config: Pick<Config, 'mail'>;
}

/** A mail to send: its recipient, their language, the company it is about, and its content. */
export type MailMessage = MailContent & {
  to: string;
  /** The recipient's interface language; unsupported values fall back to en-US. */
  language: string;
  /** The company the mail is about, or null (find-your-team spans companies). */
  companyId: number | null;
};

/** A stored mail, as the outbox keeps it. */
export interface OutboxMail {
  id: number;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  language: string;
  companyId: number | null;
  created: Date;
  sentAt: Date | null;
  error: string | null;
}

function splitMessage(message: MailMessage): { to: string; language: string; companyId: number | null; content: MailContent } {
  const { to, language, companyId, ...content } = message;
  return { to, language, companyId, content };
}

/**
 * Renders, stores and (when SMTP is configured) sends one mail. A delivery failure is
 * recorded on the row and logged by the caller's logger if it wants; it never throws, so a
 * request that sends mail does not fail because the mail server did.
 */
export async function sendMail(ctx: MailContext, message: MailMessage): Promise<OutboxMail> {
  const { to, language, companyId, content } = splitMessage(message);
  const rendered = renderMail(content, language);
  const [row] = await ctx.db
    .insert(outboxMails)
    .values({
      companyId,
      kind: content.kind,
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      links: rendered.links,
      language: rendered.language,
    })
    .returning();
  if (!row) throw new Error('The outbox insert returned no row');
  const stored: OutboxMail = { ...row, kind: content.kind };
  if (ctx.config.mail.smtpUrl === null) return stored;

  // Loaded on the first mail handed to SMTP: most processes never send one (tests, the outbox default).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(ctx.config.mail.smtpUrl);
  try {
    await transport.sendMail({ from: ctx.config.mail.from, to, subject: rendered.subject, text: rendered.text, html: rendered.html });
    const [sent] = await ctx.db.update(outboxMails).set({ sentAt: sql`now()`, error: null }).where(eq(outboxMails.id, row.id)).returning();
    return { ...stored, sentAt: sent?.sentAt ?? new Date() };
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    await ctx.db.update(outboxMails).set({ error }).where(eq(outboxMails.id, row.id));
    return { ...stored, error };
  } finally {
    transport.close();
  }
}

/** The newest stored mails first (the development outbox). */
export async function latestMails(db: Database, limit = 100): Promise<OutboxMail[]> {
  const rows = await db.select().from(outboxMails).orderBy(desc(outboxMails.created), desc(outboxMails.id)).limit(limit);
  return rows.map((row) => ({ ...row, kind: row.kind as MailKind }));
}
