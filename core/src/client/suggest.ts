/** Client calls of suggesting content (see contract/suggest.ts). */
import { AUTH_HEADER } from '../domain/constants.ts';
import { ErrorCode } from '../domain/errors.ts';
import { SuggestImagesResponse, SuggestionResponse } from '../contract/suggest.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v1/post/suggest-images`: image urls found on a linked page. */
export function suggestImages(client: ApiClient, url: string): Promise<SuggestImagesResponse> {
  return client.call('POST /api/v1/post/suggest-images', SuggestImagesResponse, { body: { url } });
}

/** What a suggestion carries: its text, uploaded image files and image urls found on a link. */
export interface SuggestionInput {
  content: string;
  media: readonly Blob[];
  mediaUrls: readonly string[];
}

/**
 * `POST /api/v1/post/suggestion/mobile` as multipart form data (content, media files,
 * media_url), with the session token in X-AUTH-TOKEN. The JSON client cannot send files,
 * so this call builds its own request and reads failures the same way.
 */
export async function submitSuggestion(client: ApiClient, input: SuggestionInput, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<SuggestionResponse> {
  const form = new FormData();
  form.append('content', input.content);
  for (const url of input.mediaUrls) form.append('media_url', url);
  for (const file of input.media) form.append('media', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = client.tokens.get();
  if (token) headers[AUTH_HEADER] = token;
  let response: Response;
  try {
    response = await fetcher(client.url('v1', 'post/suggestion/mobile'), { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError(ErrorCode.UNKNOWN, 0, cause instanceof Error ? cause.message : undefined);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw apiErrorFrom(json, response.status);
  }
  const parsed = SuggestionResponse.safeParse(json);
  if (!parsed.success) throw new ApiError(ErrorCode.UNKNOWN, response.status, 'Unexpected response from post/suggestion/mobile');
  return parsed.data;
}
