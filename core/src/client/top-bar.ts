/** Client calls of the signed-in top bar (see contract/top-bar.ts). */
import {
  SwitchCompanyResponse,
  UpdateUserTimezoneResponse,
  type SwitchCompanyRequest,
  type UpdateUserTimezoneRequest,
} from '../contract/top-bar.ts';
import type { ApiClient } from './api-client.ts';

/** `PATCH /api/v4/user`: saves the signed-in user's time zone and returns the user. */
export function updateUserTimezone(client: ApiClient, body: UpdateUserTimezoneRequest): Promise<UpdateUserTimezoneResponse> {
  return client.call('PATCH /api/v4/user', UpdateUserTimezoneResponse, { body });
}

/** `POST /api/v1/auth/switch-company`: the url that signs the user in on the other company's host. */
export function switchCompany(client: ApiClient, body: SwitchCompanyRequest): Promise<SwitchCompanyResponse> {
  return client.call('POST /api/v1/auth/switch-company', SwitchCompanyResponse, { body });
}
