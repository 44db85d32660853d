/** Client calls of e-mail confirmation and joining a company (see contract/email-confirmation.ts). */
import { EmailConfirmResponse, type SignUpJoinRequest } from '../contract/email-confirmation.ts';
import { SignUpResponse } from '../contract/invite.ts';
import { MailRequestedResponse } from '../contract/recovery.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/auth/email/confirm`: confirms the address a link was mailed to. */
export function confirmEmail(client: ApiClient, code: string): Promise<EmailConfirmResponse> {
  return client.call('POST /api/v1/auth/email/confirm', EmailConfirmResponse, { body: { code } });
}

/** `POST /api/v1/auth/email/confirmation`: mails the signed-in member a new confirmation link. */
export function resendEmailConfirmation(client: ApiClient): Promise<MailRequestedResponse> {
  return client.call('POST /api/v1/auth/email/confirmation', MailRequestedResponse, { body: {} });
}

/** `POST /api/v1/auth/sign-up/join`: joins the host's company with an existing account; keeps the new session's token. */
export async function joinCompany(client: ApiClient, input: SignUpJoinRequest): Promise<SignUpResponse> {
  const result = await client.call('POST /api/v1/auth/sign-up/join', SignUpResponse, { body: input });
  client.tokens.set(result.token);
  return result;
}
