import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  chooseSocialPage,
  completeShareIntent,
  getSocialNetworks,
  linkNetwork,
  copyLink,
  createShareIntent,
  FilterBy,
  postMetadata,
  postSnippet,
  queuePostShare,
  schedulePostShare,
  updateDeferredShare,
  saveCaptionDraft,
  sharePost,
  SortBy,
  type EditContentRequest,
  type LinkableNetwork,
  type Post,
  type QueueShareRequest,
  type ScheduleShareRequest,
  type ShareableNetworkId,
  type ShareRequest,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Query options of `GET /api/v5/post/{postId}/metadata`, what the modal needs per network. */
export function metadataQueryOptions(postId: number) {
  return queryOptions({ queryKey: queryKeys.share.metadata(postId), queryFn: () => postMetadata(api(), postId) });
}

/** The modal's metadata query. */
export function usePostMetadata(postId: number) {
  return useQuery(metadataQueryOptions(postId));
}

/** Query options of `GET /api/v3/post/{postId}/snippet`, the link preview. */
export function snippetQueryOptions(postId: number) {
  return queryOptions({ queryKey: queryKeys.share.snippet(postId), queryFn: () => postSnippet(api(), postId), staleTime: 5 * 60_000 });
}

/** The link preview query. */
export function usePostSnippet(postId: number) {
  return useQuery(snippetQueryOptions(postId));
}

/** `POST /api/v3/share/{network}/{postId}`. */
export function shareNow(network: LinkableNetwork, postId: number, input: ShareRequest) {
  return sharePost(api(), network, postId, input);
}

/** `POST /api/v1/post/edit-content`. */
export function saveDraft(input: EditContentRequest) {
  return saveCaptionDraft(api(), input);
}

/** `POST /api/v3/share/intent`. */
export function startIntent(postId: number, network: ShareableNetworkId, content: string, channelId: number) {
  return createShareIntent(api(), { post_id: postId, network_id: network, content, channel_id: channelId });
}

/** `POST /api/v3/share/intent/{id}`. */
export function finishIntent(intentId: number, network: ShareableNetworkId) {
  return completeShareIntent(api(), intentId, { network_id: network });
}

/** `POST /api/v3/share/copy-link`: the person's tracked link. */
export function trackedLink(postId: number, channelId: number) {
  return copyLink(api(), { post_id: postId, channel_id: channelId });
}

/** How many posts the recommendations drawer shows (spec 9). */
export const RECOMMENDATION_COUNT = 4;

/**
 * The recommendations after a share (spec 4): unshared, top-performing posts of the shared
 * post's categories, without the shared post itself.
 */
export async function recommendationsFor(post: Post): Promise<Post[]> {
  const categories = post.categories.map((category) => category.id);
  if (categories.length === 0) return [];
  const page = await api().posts({
    filter_by: FilterBy.UNSHARED,
    sort_by: SortBy.TOP_PERFORMING,
    categories,
    results_per_page: RECOMMENDATION_COUNT + 1,
  });
  return page.objects.filter((candidate) => candidate.id !== post.id).slice(0, RECOMMENDATION_COUNT);
}

/** The linked networks (`GET /api/v1/social/networks`), for the pages a share can be posted as. */
export function useSocialLinks() {
  return useQuery({ queryKey: queryKeys.social.networks(), queryFn: () => getSocialNetworks(api()) });
}

/** `POST /api/v1/social/use-page`: a Facebook page or LinkedIn company page, or null for the person. */
export function postAsPage(network: 'facebook' | 'linkedin', pageId: string | null) {
  return chooseSocialPage(api(), network === 'facebook' ? { action: 'use-page', page: pageId } : { action: 'use-company', company: pageId });
}

/**
 * `POST /api/v1/social/link-{network}` from the share modal: the link flow comes back to
 * `returnTo` (the `/post-share` resume route) with the caption kept.
 */
export function linkForShare(network: LinkableNetwork, returnTo: string) {
  return linkNetwork(api(), network, { is_element: window.top !== window.self, return_to: returnTo });
}

/** `POST /api/v4/post/deferred/queue`: the next free slot of the person's queue. */
export function queueShare(input: QueueShareRequest) {
  return queuePostShare(api(), input);
}

/** `POST /api/v4/post/deferred`: a share at a chosen time. */
export function scheduleShare(input: ScheduleShareRequest) {
  return schedulePostShare(api(), input);
}

/** `PUT /api/v4/post/deferred/{id}`: the queued share at a new time. */
export function rescheduleShare(id: number, at: Date) {
  return updateDeferredShare(api(), id, { date: at.toISOString() });
}
