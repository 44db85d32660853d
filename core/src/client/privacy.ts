/** Client calls of the privacy page and the admin's deletion confirmation (see contract/privacy.ts). */
import {
  DeactivateResponse,
  DeleteRequestResponse,
  DeletionConfirmedResponse,
  DeletionRejectedResponse,
  DeletionRequesterResponse,
  PersonalDataResponse,
  ReactivateResponse,
  SsoRemovalResponse,
  type RemovalRequest,
  type SsoRemovalRequest,
} from '../contract/privacy.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/user/personal-data`: everything stored about the signed-in user here. */
export function fetchPersonalData(client: ApiClient): Promise<PersonalDataResponse> {
  return client.call('GET /api/v1/user/personal-data', PersonalDataResponse);
}

/** `POST /api/v1/user/deactivate`: deactivates the account (password, or CONFIRM when SSO-only). */
export function deactivateAccount(client: ApiClient, input: RemovalRequest): Promise<DeactivateResponse> {
  return client.call('POST /api/v1/user/deactivate', DeactivateResponse, { body: input });
}

/** `POST /api/v1/user/delete-request`: asks the company's data-removal contact to delete the account. */
export function requestAccountDeletion(client: ApiClient, input: RemovalRequest): Promise<DeleteRequestResponse> {
  return client.call('POST /api/v1/user/delete-request', DeleteRequestResponse, { body: input });
}

/** `POST /api/v1/user/{id}/reactivate` (ADMIN): lets a deactivated member sign in again. */
export function reactivateUser(client: ApiClient, userId: number): Promise<ReactivateResponse> {
  return client.call('POST /api/v1/user/:id/reactivate', ReactivateResponse, { params: { id: userId }, body: {} });
}

/** `GET /api/v1/user/confirm/{delete_token}`: who asked to be deleted. */
export function fetchDeletionRequester(client: ApiClient, deleteToken: string): Promise<DeletionRequesterResponse> {
  return client.call('GET /api/v1/user/confirm/:delete_token', DeletionRequesterResponse, { params: { delete_token: encodeURIComponent(deleteToken) } });
}

/** `DELETE /api/v1/user/confirm/{delete_token}`: deletes the requester's personal data. */
export function confirmUserDeletion(client: ApiClient, deleteToken: string): Promise<DeletionConfirmedResponse> {
  return client.call('DELETE /api/v1/user/confirm/:delete_token', DeletionConfirmedResponse, { params: { delete_token: encodeURIComponent(deleteToken) } });
}

/** `POST /api/v1/user/reject`: closes the deletion request and keeps the user. */
export function rejectUserDeletion(client: ApiClient, deleteToken: string): Promise<DeletionRejectedResponse> {
  return client.call('POST /api/v1/user/reject', DeletionRejectedResponse, { body: { delete_token: deleteToken } });
}

/**
 * `DELETE /api/v1/auth/sso/validate` (SAML) or `/api/v1/auth/google/validate`: starts removal
 * through the identity provider; the answer's url is where the browser goes next.
 */
export function startSsoRemoval(client: ApiClient, provider: 'saml' | 'google', input: SsoRemovalRequest): Promise<SsoRemovalResponse> {
  const key = provider === 'saml' ? 'DELETE /api/v1/auth/sso/validate' : 'DELETE /api/v1/auth/google/validate';
  return client.call(key, SsoRemovalResponse, { body: input });
}
