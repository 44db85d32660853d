import { z } from 'zod';
import { SignInResponse } from './auth.ts';

/** POST /api/v1/auth/sso/decrypt-token: trades a single-use SSO exchange token for a session. */
export const SsoDecryptTokenRequest = z.object({ encrypted_token: z.string().min(1).max(200) });
export type SsoDecryptTokenRequest = z.infer<typeof SsoDecryptTokenRequest>;

/** The answer: a started session, shaped as a sign-in success (`sso_url` is always null). */
export const SsoDecryptTokenResponse = SignInResponse;
export type SsoDecryptTokenResponse = z.infer<typeof SsoDecryptTokenResponse>;

/** Server paths of SAML single sign-on (browser navigations, not JSON calls). */
export const SAML_PATHS = {
  signIn: '/api/v1/auth/saml/sign-in',
  signUp: '/api/v1/auth/saml/sign-up',
  callback: '/api/v1/auth/saml/callback',
  metadata: '/api/v1/auth/saml/metadata',
  logout: '/api/v1/auth/saml/logout',
} as const;

/** The message a finished SSO sign-in posts to the window that opened it (popup or iframe parent). */
export const SSO_SIGN_IN_FINISHED_MESSAGE = 'chorus:sign-in-finished';

/** The shape of that message. */
export interface SsoSignInFinishedMessage {
  type: typeof SSO_SIGN_IN_FINISHED_MESSAGE;
}
