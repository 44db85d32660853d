/** Client calls of e-mail verification after a social sign-in (see contract/social-sign-in.ts). */
import {
  CreateVerificationResponse,
  EmailVerificationResponse,
  type CreateVerificationRequest,
} from '../contract/social-sign-in.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/auth/sign-in/create-verification`: mails a verification link to a work address. */
export function createVerification(client: ApiClient, input: CreateVerificationRequest): Promise<CreateVerificationResponse> {
  return client.call('POST /api/v1/auth/sign-in/create-verification', CreateVerificationResponse, { body: input });
}

/** `GET /api/v1/auth/email/verification?code`: links the social account, signs in and keeps the session token. */
export async function verifyEmail(client: ApiClient, code: string): Promise<EmailVerificationResponse> {
  const result = await client.call('GET /api/v1/auth/email/verification', EmailVerificationResponse, { query: { code } });
  client.tokens.set(result.token);
  return result;
}
