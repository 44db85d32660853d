/** Client calls of the caption editor's helpers: compliance, mention search, AI captions. */
import { AiCaptionResponse, type AiCaptionRequest } from '../contract/ai-caption.ts';
import { ComplianceSettings, ComplianceValidateResponse, type ComplianceValidateRequest } from '../contract/compliance.ts';
import { MentionSearchResponse } from '../contract/mention-search.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v2/compliance/validate`: checks a caption; the answer echoes `session_index`. */
export function validateCompliance(client: ApiClient, input: ComplianceValidateRequest): Promise<ComplianceValidateResponse> {
  return client.call('POST /api/v2/compliance/validate', ComplianceValidateResponse, { body: input });
}

/** `GET /api/v1/company/settings/compliance` (ADMIN): the company's lists, threshold and toggle. */
export function getComplianceSettings(client: ApiClient): Promise<ComplianceSettings> {
  return client.call('GET /api/v1/company/settings/compliance', ComplianceSettings);
}

/** `PUT /api/v1/company/settings/compliance` (ADMIN): replaces them. */
export function saveComplianceSettings(client: ApiClient, input: ComplianceSettings): Promise<ComplianceSettings> {
  return client.call('PUT /api/v1/company/settings/compliance', ComplianceSettings, { body: input });
}

/** `GET /api/v2/social/{networkId}/search?q=`: LinkedIn mention candidates (310 when not linked). */
export function searchMentions(client: ApiClient, networkId: number, q: string): Promise<MentionSearchResponse> {
  return client.call('GET /api/v2/social/:networkId/search', MentionSearchResponse, { params: { networkId }, query: { q } });
}

/** `POST /api/v4/ai/user/post/caption`: an AI-assisted caption for the post and network. */
export function requestAiCaption(client: ApiClient, input: AiCaptionRequest): Promise<AiCaptionResponse> {
  return client.call('POST /api/v4/ai/user/post/caption', AiCaptionResponse, { body: input });
}
