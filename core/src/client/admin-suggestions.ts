/** Client calls of the admin console's suggestions queue (see contract/admin-suggestions.ts). */
import {
  AdminSuggestion,
  AdminSuggestionListResponse,
  ApproveSuggestionResponse,
  type AdminSuggestionListQuery,
  type RejectSuggestionRequest,
} from '../contract/admin-suggestions.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/admin/suggestions`: a page of the queue. */
export function listAdminSuggestions(client: ApiClient, query: AdminSuggestionListQuery): Promise<AdminSuggestionListResponse> {
  return client.call('GET /api/v1/admin/suggestions', AdminSuggestionListResponse, { query: { ...query } });
}

/** `POST /api/v1/admin/suggestions/:id/approve`: the suggestion becomes a draft post. */
export function approveSuggestion(client: ApiClient, id: number): Promise<ApproveSuggestionResponse> {
  return client.call('POST /api/v1/admin/suggestions/:id/approve', ApproveSuggestionResponse, { params: { id }, body: {} });
}

/** `POST /api/v1/admin/suggestions/:id/reject`: turned down with a reason and an optional note. */
export function rejectSuggestion(client: ApiClient, id: number, input: RejectSuggestionRequest): Promise<AdminSuggestion> {
  return client.call('POST /api/v1/admin/suggestions/:id/reject', AdminSuggestion, { params: { id }, body: input });
}
