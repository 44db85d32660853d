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

/**
 * The shape of that message. It carries the new session, because a window framed by another
 * site (the Teams tab) may not see the cookie the popup set; it is posted to this origin only.
 */
export interface SsoSignInFinishedMessage {
  type: typeof SSO_SIGN_IN_FINISHED_MESSAGE;
  token: string;
  user_id: number;
}

/** Whether a posted message is a finished SSO sign-in. */
export function isSsoSignInFinishedMessage(data: unknown): data is SsoSignInFinishedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === SSO_SIGN_IN_FINISHED_MESSAGE &&
    typeof message.token === 'string' &&
    message.token.length > 0 &&
    typeof message.user_id === 'number' &&
    Number.isInteger(message.user_id) &&
    message.user_id > 0
  );
}
