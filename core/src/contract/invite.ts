import { z } from 'zod';
import { validateConfirmPassword } from '../validation/confirm-password.ts';
import { validateEmail } from '../validation/email.ts';
import { validatePassword } from '../validation/password.ts';
import { validateFirstName, validateLastName } from '../validation/required-fields.ts';
import type { ValidationResult } from '../validation/result.ts';
import { UserResponse } from './user.ts';

/** The person an invite names; a group invite has an empty username (anyone may use it). */
export const InvitePerson = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type InvitePerson = z.infer<typeof InvitePerson>;

/**
 * GET /api/v1/invite/code/{code} (v2 invites) and GET /api/v1/invite/check/{code} (v1
 * invites): the invite and the company it joins. Unknown, used-up, expired or other-version
 * codes answer 307.
 */
export const InviteResponse = z.object({
  invite: InvitePerson,
  /** 1 or 2: which sign-up form (and payload) the invite takes. */
  version: z.union([z.literal(1), z.literal(2)]),
  company: z.object({ company_id: z.number().int(), company_name: z.string(), subdomain: z.string() }),
});
export type InviteResponse = z.infer<typeof InviteResponse>;

function addIssue(ctx: z.RefinementCtx, path: string, result: ValidationResult): void {
  if (!result.ok) ctx.addIssue({ code: 'custom', path: [path], message: result.error });
}

/**
 * POST /api/v1/auth/sign-up/invite/{code}. The message of each issue is a `validation`
 * key. `confirm_password` is required by v2 invites (the server checks it, as only it knows
 * the version); `username` is read only for v1 group invites, whose form lets the person
 * type their e-mail.
 */
export const InviteSignUpRequest = z
  .object({
    first_name: z.string().trim(),
    last_name: z.string().trim(),
    password: z.string(),
    confirm_password: z.string().optional(),
    username: z.string().trim().optional(),
  })
  .superRefine((input, ctx) => {
    addIssue(ctx, 'first_name', validateFirstName(input.first_name));
    addIssue(ctx, 'last_name', validateLastName(input.last_name));
    addIssue(ctx, 'password', validatePassword(input.password));
    if (input.confirm_password !== undefined) {
      addIssue(ctx, 'confirm_password', validateConfirmPassword(input.password, input.confirm_password));
    }
  });
export type InviteSignUpRequest = z.infer<typeof InviteSignUpRequest>;

/**
 * POST /api/v1/auth/sign-up (self sign-up). The client sends the fixed timezone US/Eastern,
 * agree = true and the company name from the branded settings; the server joins the host's
 * company, whatever name is sent.
 */
export const SelfSignUpRequest = z
  .object({
    first_name: z.string().trim(),
    last_name: z.string().trim(),
    username: z.string().trim(),
    password: z.string(),
    timezone: z.string().min(1),
    /** Must be true; checked in the refinement so every field's problem is reported at once. */
    agree: z.boolean(),
    company_name: z.string(),
  })
  .superRefine((input, ctx) => {
    addIssue(ctx, 'first_name', validateFirstName(input.first_name));
    addIssue(ctx, 'last_name', validateLastName(input.last_name));
    addIssue(ctx, 'username', validateEmail(input.username));
    addIssue(ctx, 'password', validatePassword(input.password));
    if (!input.agree) ctx.addIssue({ code: 'custom', path: ['agree'], message: 'required' });
  });
export type SelfSignUpRequest = z.infer<typeof SelfSignUpRequest>;

/** Answer of both sign-ups: the new user is signed in; a url, when set, is followed instead of going home. */
export const SignUpResponse = z.object({
  token: z.string(),
  user: UserResponse,
  url: z.string().nullable(),
});
export type SignUpResponse = z.infer<typeof SignUpResponse>;
