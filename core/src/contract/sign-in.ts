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

/**
 * POST /api/v1/auth/sign-in on a company that signs in only through SAML single sign-on (e-mail
 * login off): no password is checked and no session is started; the browser goes to `sso_url`,
 * this company's SAML sign-in, which comes back signed in.
 */
export const SignInSsoResponse = z.object({
  token: z.null(),
  sso_url: z.string().min(1),
  user: z.null(),
});
export type SignInSsoResponse = z.infer<typeof SignInSsoResponse>;

/**
 * Every answer of POST /api/v1/auth/sign-in: a started session, a move to another company, or
 * a move to the company's single sign-on.
 */
export const SignInResult = z.union([SignInResponse, SignInRedirectResponse, SignInSsoResponse]);
export type SignInResult = z.infer<typeof SignInResult>;

/** True when a sign-in answer sends the browser to another company instead of signing in. */
export function isSignInRedirect(result: SignInResult): result is SignInRedirectResponse {
  return 'redirect_subdomain' in result;
}

/** True when a sign-in answer sends the browser to the company's single sign-on. */
export function isSignInSso(result: SignInResult): result is SignInSsoResponse {
  return result.token === null && result.sso_url !== null;
}
