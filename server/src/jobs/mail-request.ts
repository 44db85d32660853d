/**
 * Job: answer a mail request (forgot password, magic sign-in link, find your team) in the
 * background. The route only queues the address and answers at once, so neither the answer
 * nor its timing tells whether the address has an account; the worker looks the person up
 * and sends the mail, or does nothing for an unknown address.
 */
import { eq } from 'drizzle-orm';
import type { Queue, WorkHandler, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import { requestLoginAssistance, requestMagicLink, requestPasswordRecovery, type RecoveryContext } from '../commands/account-recovery.ts';
import { companies } from '../db/schema.ts';

/** The pg-boss queue. */
export const MAIL_REQUEST_QUEUE = 'mail-request';

/**
 * Queue options. A failed delivery (SMTP down) is retried with backoff. A retry may send a
 * second link, which is harmless: each link is a fresh single-use token. Requests older than
 * ten minutes are dropped rather than mailed late.
 */
export const mailRequestQueueOptions: Omit<Queue, 'name'> = {
  retryLimit: 4,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
  retentionSeconds: 10 * 60,
  notify: true,
};

/** Worker options: NOTIFY wakes the worker at once; polling every second is the backstop. */
export const mailRequestWorkOptions: WorkOptions = {
  batchSize: 5,
  pollingIntervalSeconds: 1,
  notifyPollingIntervalSeconds: 1,
};

/** The job's payload: which mail, on which company host (null: the assisted-login host), to whom. */
export const MailRequestData = z.object({
  kind: z.enum(['recovery', 'magic-link', 'find-your-team']),
  companyId: z.number().int().positive().nullable(),
  email: z.string().min(1).max(320),
});
/** The job's payload. */
export type MailRequestData = z.infer<typeof MailRequestData>;

/** Looks the person up and sends the mail, or nothing for an unknown address. */
export async function handleMailRequest(ctx: RecoveryContext, data: MailRequestData): Promise<void> {
  const [host] = data.companyId === null ? [null] : await ctx.db.select().from(companies).where(eq(companies.id, data.companyId)).limit(1);
  // A company deleted since the request leaves nothing to do.
  if (host === undefined) return;
  switch (data.kind) {
    case 'recovery':
      return requestPasswordRecovery(ctx, host, data.email);
    case 'magic-link':
      return requestMagicLink(ctx, host, data.email);
    case 'find-your-team':
      return requestLoginAssistance(ctx, data.email);
  }
}

/** The pg-boss handler. */
export function mailRequestWorker(ctx: RecoveryContext): WorkHandler<unknown> {
  return async (jobs) => {
    for (const job of jobs) await handleMailRequest(ctx, MailRequestData.parse(job.data));
  };
}
