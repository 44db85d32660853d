import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedQuery, FeedResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `GET /api/v4/post/feed`: featured posts, latest posts and one doormat per followed topic. */
export function getFeed(query: FeedQuery = {}): Promise<FeedResponse> {
  return api().feed(query);
}

/** Query options of the feed, under the library state's filter and sort. */
export function feedQueryOptions(query: FeedQuery = {}) {
  return queryOptions({ queryKey: ['posts', 'feed', query], queryFn: () => getFeed(query) });
}

/** The feed query. */
export function useFeed(query: FeedQuery = {}) {
  return useQuery(feedQueryOptions(query));
}
