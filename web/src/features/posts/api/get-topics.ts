import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TopicListResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/category`: the company's topics. */
export function getTopics(): Promise<TopicListResponse> {
  return api().categories();
}

/** Query options of the topic list. */
export function topicsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.topics.all(), queryFn: getTopics, staleTime: 5 * 60_000 });
}

/** The topic list query. */
export function useTopics() {
  return useQuery(topicsQueryOptions());
}
