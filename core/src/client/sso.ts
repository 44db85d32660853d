/** Client call of the SSO token exchange (see contract/sso.ts). */
import { SsoDecryptTokenResponse } from '../contract/sso.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/auth/sso/decrypt-token`: trades an exchange token for a session and keeps its token. */
export async function exchangeSsoToken(client: ApiClient, encryptedToken: string): Promise<SsoDecryptTokenResponse> {
  const result = await client.call('POST /api/v1/auth/sso/decrypt-token', SsoDecryptTokenResponse, { body: { encrypted_token: encryptedToken } });
  client.tokens.set(result.token);
  return result;
}
