import type { SignInRequest } from '../contract/auth.ts';
import { SignInResult } from '../contract/sign-in.ts';
import type { ApiClient } from './api-client.ts';

/**
 * `POST /api/v1/auth/sign-in`. The client keeps the token of a started session; a redirect
 * answer (another company's user) leaves no token behind, as no session exists for this host.
 */
export async function signInWithPassword(client: ApiClient, credentials: SignInRequest): Promise<SignInResult> {
  const result = await client.call('POST /api/v1/auth/sign-in', SignInResult, { body: credentials });
  if (result.token === null) client.tokens.clear();
  else client.tokens.set(result.token);
  return result;
}
