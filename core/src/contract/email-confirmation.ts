/**
 * Confirming a self signed-up member's e-mail address, and joining a company with an account
 * that already exists elsewhere (both through links mailed by POST /api/v1/auth/sign-up).
 */
import { z } from 'zod';

/** A code mailed in a link: 32 random bytes in base64url. */
const MailedCode = z.string().min(1).max(200);

/** POST /api/v1/auth/email/confirm: spends the code of a confirmation link. */
export const EmailConfirmRequest = z.object({ code: MailedCode });
export type EmailConfirmRequest = z.infer<typeof EmailConfirmRequest>;

/** The answer of a confirmation. */
export const EmailConfirmResponse = z.object({ confirmed: z.literal(true) });
export type EmailConfirmResponse = z.infer<typeof EmailConfirmResponse>;

/** POST /api/v1/auth/sign-up/join: the mailed code and the existing account's password. */
export const SignUpJoinRequest = z.object({ code: MailedCode, password: z.string().min(1).max(1000) });
export type SignUpJoinRequest = z.infer<typeof SignUpJoinRequest>;
