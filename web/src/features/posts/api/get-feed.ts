import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `GET /api/v4/post/feed`: featured posts, latest posts and one doormat per followed topic. */
export function getFeed(): Promise<FeedResponse> {
  return api().feed();
}

/** Query options of the feed. */
export function feedQueryOptions() {
  return queryOptions({ queryKey: ['posts', 'feed'], queryFn: getFeed });
}

/** The feed query. */
export function useFeed() {
  return useQuery(feedQueryOptions());
}
