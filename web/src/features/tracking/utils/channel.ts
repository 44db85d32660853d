import { ShareFlowType, SpecialTopic, parseShareFlowType } from '@chorus/core';
import type { ChorusHost } from '../../../lib/chorus-context.ts';

/** Whether a path is the recommended drawer (`/topic/recommended` or `/topic/-1`). */
function isRecommendedPath(pathname: string): boolean {
  const topic = /^\/topic\/([^/]+)\/?$/.exec(pathname)?.[1];
  return topic === SpecialTopic.RECOMMENDED || topic === String(SpecialTopic.RECOMMENDED_ID);
}

/**
 * The share-flow type of posts shown on a page: the recommended drawer is a recommendation,
 * any other list a feed or topic, except inside the Teams tab.
 */
export function channelOfPage(pathname: string, host: ChorusHost): ShareFlowType {
  if (isRecommendedPath(pathname)) return ShareFlowType.recommendation;
  return hostChannel(host);
}

/** The share-flow type of the app itself: the Teams tab, or the web's feed and topics. */
function hostChannel(host: ChorusHost): ShareFlowType {
  return host === 'teams' ? ShareFlowType.teams : ShareFlowType.feedOrTopic;
}

/** How a person reached an opened post. */
export interface PostArrival {
  /** The link's `type_id` parameter (mail, notification and Teams links carry one). */
  typeId: string | null;
  /** The list page it was opened from in this app, if any. */
  listPath: string | null;
  host: ChorusHost;
}

/**
 * The channel of a click on an opened post: the link's own share-flow type first, then the
 * list it was opened from, then the host (Teams tab or the web's feed).
 */
export function channelOfArrival(arrival: PostArrival): ShareFlowType {
  const fromLink = parseShareFlowType(arrival.typeId);
  if (fromLink !== null) return fromLink;
  return arrival.listPath === null ? hostChannel(arrival.host) : channelOfPage(arrival.listPath, arrival.host);
}
