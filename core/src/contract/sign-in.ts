import { z } from 'zod';
import { SignInResponse } from './auth.ts';

/**
 * POST /api/v1/auth/sign-in when the credentials are right but the host is not one of the
 * user's companies: no session is started here; the browser signs in again on
 * `redirect_subdomain` (the user's first company).
 */
export const SignInRedirectResponse = z.object({
  token: z.null(),
  sso_url: z.null(),
  user: z.null(),
  redirect_subdomain: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/),
});
export type SignInRedirectResponse = z.infer<typeof SignInRedirectResponse>;

/** Every answer of POST /api/v1/auth/sign-in: a started session, or a move to another company. */
export const SignInResult = z.union([SignInResponse, SignInRedirectResponse]);
export type SignInResult = z.infer<typeof SignInResult>;

/** True when a sign-in answer sends the browser to another company instead of signing in. */
export function isSignInRedirect(result: SignInResult): result is SignInRedirectResponse {
  return result.token === null;
}
