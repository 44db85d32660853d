/** Client calls of the signed-in user's own account: profile, settings, password, avatar, language. */
import { AUTH_HEADER } from '../domain/constants.ts';
import { ErrorCode } from '../domain/errors.ts';
import {
  AppLanguageResponse,
  ChangePasswordResponse,
  UserResponse,
  type ChangePasswordRequest,
  type UpdateUserRequest,
} from '../contract/user.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/user/{id}`: saves the user's own names, language, time zone and settings. */
export function saveUser(client: ApiClient, userId: number, input: UpdateUserRequest): Promise<UserResponse> {
  return client.call('POST /api/v1/user/:id', UserResponse, { params: { id: userId }, body: input });
}

/**
 * `POST /api/v1/user/password`. The server ends every session of the user and answers with a
 * new one, which the client keeps in place of the old token (as sign-in does).
 */
export async function changePassword(client: ApiClient, input: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  const result = await client.call('POST /api/v1/user/password', ChangePasswordResponse, { body: input });
  client.tokens.set(result.token);
  return result;
}

/** `POST /api/v1/user/app/language`: saves the interface language (the server also sets the cookie). */
export function saveAppLanguage(client: ApiClient, language: string): Promise<AppLanguageResponse> {
  return client.call('POST /api/v1/user/app/language', AppLanguageResponse, { body: { language } });
}

/** `DELETE /api/v1/user/{id}/picture`: removes the avatar. */
export function deleteAvatar(client: ApiClient, userId: number): Promise<UserResponse> {
  return client.call('DELETE /api/v1/user/:id/picture', UserResponse, { params: { id: userId } });
}

/**
 * `POST /api/v1/user/{id}/picture` as multipart form data (field `picture`), with the session
 * token in X-AUTH-TOKEN. The JSON client cannot send files, so this call builds its own
 * request and reads failures the same way.
 */
export async function uploadAvatar(
  client: ApiClient,
  userId: number,
  picture: Blob,
  fileName: string,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<UserResponse> {
  const form = new FormData();
  form.append('picture', picture, fileName);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = client.tokens.get();
  if (token) headers[AUTH_HEADER] = token;
  const path = `user/${userId}/picture`;
  let response: Response;
  try {
    response = await fetcher(client.url('v1', path), { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError(ErrorCode.UNKNOWN, 0, cause instanceof Error ? cause.message : undefined);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw apiErrorFrom(json, response.status);
  }
  const parsed = UserResponse.safeParse(json);
  if (!parsed.success) throw new ApiError(ErrorCode.UNKNOWN, response.status, `Unexpected response from ${path}`);
  return parsed.data;
}
