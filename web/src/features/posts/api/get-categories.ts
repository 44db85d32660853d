import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryListResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/category`: the company's topics. */
export function getCategories(): Promise<CategoryListResponse> {
  return api().categories();
}

/** Query options of the topic list. */
export function categoriesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.topics.all(), queryFn: getCategories, staleTime: 5 * 60_000 });
}

/** The topic list query. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
