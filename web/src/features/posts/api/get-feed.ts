import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedQuery, FeedResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { feedFirstCard, preloadFirstCard } from '../first-screen.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * `GET /api/v4/post/feed`: featured posts, latest posts and one doormat per followed topic. The
 * first card's picture starts loading as the answer arrives.
 */
export async function getFeed(query: FeedQuery = {}): Promise<FeedResponse> {
  const feed = await api().feed(query);
  preloadFirstCard(feedFirstCard(feed));
  return feed;
}

/** Query options of the feed, under the library state's filter and sort. */
export function feedQueryOptions(query: FeedQuery = {}) {
  return queryOptions({ queryKey: queryKeys.posts.feed(query), queryFn: () => getFeed(query) });
}

/** The feed query. */
export function useFeed(query: FeedQuery = {}) {
  return useQuery(feedQueryOptions(query));
}
