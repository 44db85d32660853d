/** Client calls of sharing now, copy link, share intents, snippets and caption drafts (see contract/share.ts). */
import {
  CopyLinkResponse,
  EditContentResponse,
  PostMetadataResponse,
  ShareIntentDoneResponse,
  ShareIntentResponse,
  ShareResponse,
  SnippetResponse,
  type CopyLinkRequest,
  type EditContentRequest,
  type ShareIntentDoneRequest,
  type ShareIntentRequest,
  type ShareRequest,
} from '../contract/share.ts';
import type { LinkableNetwork } from '../contract/social.ts';
import type { ApiClient } from './api-client.ts';

/** `POST /api/v3/share/{network}/{postId}`: shares now (203 and 669 arrive as `error` on HTTP 200). */
export function sharePost(client: ApiClient, network: LinkableNetwork, postId: number, input: ShareRequest): Promise<ShareResponse> {
  return client.call('POST /api/v3/share/:network/:postId', ShareResponse, { params: { network, postId }, body: input });
}

/** `POST /api/v3/share/copy-link`: the person's tracked link to the post. */
export function copyLink(client: ApiClient, input: CopyLinkRequest): Promise<CopyLinkResponse> {
  return client.call('POST /api/v3/share/copy-link', CopyLinkResponse, { body: input });
}

/** `POST /api/v3/share/intent`: records a share completed on the network's own page, and its url. */
export function createShareIntent(client: ApiClient, input: ShareIntentRequest): Promise<ShareIntentResponse> {
  return client.call('POST /api/v3/share/intent', ShareIntentResponse, { body: input });
}

/** `POST /api/v3/share/intent/{id}`: the person completed the intent. */
export function completeShareIntent(client: ApiClient, intentId: number, input: ShareIntentDoneRequest): Promise<ShareIntentDoneResponse> {
  return client.call('POST /api/v3/share/intent/:id', ShareIntentDoneResponse, { params: { id: intentId }, body: input });
}

/** `GET /api/v3/post/{postId}/snippet`: the link preview (a stub when it could not be made). */
export function postSnippet(client: ApiClient, postId: number): Promise<SnippetResponse> {
  return client.call('GET /api/v3/post/:postId/snippet', SnippetResponse, { params: { postId } });
}

/** `GET /api/v5/post/{postId}/metadata`: the share modal's networks, captions and states. */
export function postMetadata(client: ApiClient, postId: number): Promise<PostMetadataResponse> {
  return client.call('GET /api/v5/post/:postId/metadata', PostMetadataResponse, { params: { postId } });
}

/** `POST /api/v1/post/edit-content`: saves the person's caption draft for one network. */
export function saveCaptionDraft(client: ApiClient, input: EditContentRequest): Promise<EditContentResponse> {
  return client.call('POST /api/v1/post/edit-content', EditContentResponse, { body: input });
}
