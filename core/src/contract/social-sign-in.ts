/**
 * Social sign-in and e-mail verification (accounts spec 7). A first sign-in with a social
 * network whose account shares no member's e-mail lands on /verify-email?usa_id; the person
 * asks for a verification mail to their work address, and the mailed link
 * (`/verify-email?code`) links the social account to their user and signs them in.
 */
import { z } from 'zod';
import { validateEmail } from '../validation/email.ts';
import { UserResponse } from './user.ts';

/** `1` when the sign-in runs in an embedded element (Teams tab, iframe). */
const IsElement = z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()]).optional();

/** GET /api/v1/auth/sign-in/{network}?is_element&next: a browser navigation that starts the sign-in. */
export const SocialSignInStartQuery = z.object({ is_element: IsElement, next: z.string().max(2000).optional() });
export type SocialSignInStartQuery = z.infer<typeof SocialSignInStartQuery>;

/** GET /api/v1/auth/sign-in/{network}/callback: the network's answer (a code, or an error). */
export const SocialSignInCallbackQuery = z.object({
  state: z.string().max(100).default(''),
  code: z.string().max(100).optional(),
  error: z.string().max(100).optional(),
});
export type SocialSignInCallbackQuery = z.infer<typeof SocialSignInCallbackQuery>;

/** POST /api/v1/auth/sign-in/create-verification: mails a verification link to a work address. */
export const CreateVerificationRequest = z.object({
  usa_id: z.coerce.number().int().positive(),
  email: z
    .string()
    .trim()
    .refine((value) => validateEmail(value).ok, { message: 'Please enter a valid email address' }),
  is_element: IsElement,
});
export type CreateVerificationRequest = z.infer<typeof CreateVerificationRequest>;

/** The answer of create-verification: the same whether or not the address belongs to a member. */
export const CreateVerificationResponse = z.object({ sent: z.literal(true) });
export type CreateVerificationResponse = z.infer<typeof CreateVerificationResponse>;

/** GET /api/v1/auth/email/verification?code: uses the mailed link; errors 426 expired, 427 unknown, 428 used. */
export const EmailVerificationQuery = z.object({ code: z.string().max(100).default('') });
export type EmailVerificationQuery = z.infer<typeof EmailVerificationQuery>;

export const EmailVerificationResponse = z.object({
  /** Where the browser goes next: the feed of the company. */
  url: z.string(),
  token: z.string(),
  user: UserResponse,
});
export type EmailVerificationResponse = z.infer<typeof EmailVerificationResponse>;
