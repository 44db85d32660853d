import { InviteResponse, SignUpResponse, type InviteSignUpRequest, type SelfSignUpRequest } from '../contract/invite.ts';
import type { ApiClient } from './api-client.ts';

function codePath(code: string): string {
  return encodeURIComponent(code);
}

/** GET /api/v1/invite/code/{code}: a v2 invite (307 when the code is not one). */
export function getInviteV2(client: ApiClient, code: string): Promise<InviteResponse> {
  return client.call('GET /api/v1/invite/code/:code', InviteResponse, { params: { code: codePath(code) } });
}

/** GET /api/v1/invite/check/{code}: a v1 invite (307 when the code is not one). */
export function checkInviteV1(client: ApiClient, code: string): Promise<InviteResponse> {
  return client.call('GET /api/v1/invite/check/:code', InviteResponse, { params: { code: codePath(code) } });
}

/** POST /api/v1/auth/sign-up/invite/{code}; the client keeps the new session's token. */
export async function signUpWithInvite(client: ApiClient, code: string, body: InviteSignUpRequest): Promise<SignUpResponse> {
  const result = await client.call('POST /api/v1/auth/sign-up/invite/:code', SignUpResponse, { params: { code: codePath(code) }, body });
  client.tokens.set(result.token);
  return result;
}

/** POST /api/v1/auth/sign-up (self sign-up); the client keeps the new session's token. */
export async function selfSignUp(client: ApiClient, body: SelfSignUpRequest): Promise<SignUpResponse> {
  const result = await client.call('POST /api/v1/auth/sign-up', SignUpResponse, { body });
  client.tokens.set(result.token);
  return result;
}
