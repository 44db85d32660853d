/**
 * Account recovery and assisted sign-in (accounts spec 7): forgot and reset password, magic
 * sign-in links, and "find your team". Requests that name an e-mail address answer the same
 * whether or not the address exists, so these routes cannot be used to list accounts.
 */
import { z } from 'zod';
import { validateEmail } from '../validation/email.ts';
import { UserResponse } from './user.ts';

/** A required, well-formed e-mail address (the rule of core's validateEmail). */
const EmailAddress = z
  .string()
  .trim()
  .refine((value) => validateEmail(value).ok, { message: 'Please enter a valid email address' });

/** The answer of a request that may send a mail: the same whether or not a mail was sent. */
export const MailRequestedResponse = z.object({ sent: z.literal(true) });
export type MailRequestedResponse = z.infer<typeof MailRequestedResponse>;

/** POST /api/v1/auth/recover: mails a password recovery link. */
export const RecoverRequest = z.object({ username: EmailAddress });
export type RecoverRequest = z.infer<typeof RecoverRequest>;

/** GET /api/v1/auth/recover-check/{code}: 200 while the code can still reset a password, else 306. */
export const RecoverCheckResponse = z.object({ valid: z.literal(true) });
export type RecoverCheckResponse = z.infer<typeof RecoverCheckResponse>;

/** POST /api/v1/auth/reset: sets a new password with a recovery code (single use). */
export const ResetPasswordRequest = z.object({
  recover_code: z.string().min(1),
  password_1: z.string(),
  password_2: z.string(),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResetPasswordResponse = z.object({ reset: z.literal(true) });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/**
 * POST /api/v1/auth/email/magic-link: mails a sign-in link. The spec shows only the consuming
 * call; this is the request that makes such links.
 */
export const MagicLinkRequest = z.object({ username: EmailAddress });
export type MagicLinkRequest = z.infer<typeof MagicLinkRequest>;

/** GET /api/v1/auth/email/magic-link?code: signs in with a link; errors 426 expired, 427 unknown, 428 used. */
export const MagicLinkQuery = z.object({
  code: z.string().default(''),
  /**
   * `1` once the person chose to continue as the link's owner while signed in as someone else
   * (ours: without it such a link answers 499 and changes nothing).
   */
  confirm: z.literal('1').optional(),
  _: z.string().optional(),
});
export type MagicLinkQuery = z.infer<typeof MagicLinkQuery>;

export const MagicLinkResponse = z.object({
  /** Where the browser goes next: the feed of the link's company. */
  url: z.string(),
  token: z.string(),
  user: UserResponse,
});
export type MagicLinkResponse = z.infer<typeof MagicLinkResponse>;

/** POST /api/v1/auth/login-assistance: mails the sign-in links of every company of the address. */
export const LoginAssistanceRequest = z.object({
  email: EmailAddress,
  /** Analytics identifiers the client sends; kept out of storage. */
  anonymous_user_id: z.string().nullish(),
  channel_id: z.union([z.string(), z.number()]).nullish(),
});
export type LoginAssistanceRequest = z.infer<typeof LoginAssistanceRequest>;
