/** Client calls of account recovery and assisted sign-in (see contract/recovery.ts). */
import {
  MagicLinkResponse,
  MailRequestedResponse,
  RecoverCheckResponse,
  ResetPasswordResponse,
  type LoginAssistanceRequest,
  type ResetPasswordRequest,
} from '../contract/recovery.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/auth/recover`: asks for a password recovery link. */
export function requestPasswordRecovery(client: ApiClient, username: string): Promise<MailRequestedResponse> {
  return client.call('POST /api/v1/auth/recover', MailRequestedResponse, { body: { username } });
}

/** `GET /api/v1/auth/recover-check/{code}`: resolves while the code is usable, else throws 306. */
export function checkRecoveryCode(client: ApiClient, code: string): Promise<RecoverCheckResponse> {
  return client.call('GET /api/v1/auth/recover-check/:code', RecoverCheckResponse, { params: { code: encodeURIComponent(code) } });
}

/** `POST /api/v1/auth/reset`: sets the new password. */
export function resetPassword(client: ApiClient, input: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return client.call('POST /api/v1/auth/reset', ResetPasswordResponse, { body: input });
}

/** `POST /api/v1/auth/email/magic-link`: asks for a sign-in link by mail. */
export function requestMagicLink(client: ApiClient, username: string): Promise<MailRequestedResponse> {
  return client.call('POST /api/v1/auth/email/magic-link', MailRequestedResponse, { body: { username } });
}

/**
 * `GET /api/v1/auth/email/magic-link?code`: signs in with a link and keeps the session token.
 * While someone else is signed in it answers 499 (naming both) until `confirmed`.
 */
export async function signInWithMagicLink(client: ApiClient, code: string, confirmed = false): Promise<MagicLinkResponse> {
  const result = await client.call('GET /api/v1/auth/email/magic-link', MagicLinkResponse, { query: confirmed ? { code, confirm: '1' } : { code } });
  client.tokens.set(result.token);
  return result;
}

/** `POST /api/v1/auth/login-assistance`: mails the person the sign-in links of their companies. */
export function requestLoginAssistance(client: ApiClient, input: LoginAssistanceRequest): Promise<MailRequestedResponse> {
  return client.call('POST /api/v1/auth/login-assistance', MailRequestedResponse, { body: input });
}
