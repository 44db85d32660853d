import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { likeUsers, shareUsers, type Paged } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

function nextPage<T>(last: Paged<T>): number | undefined {
  return last.page_num < last.total_pages ? last.page_num + 1 : undefined;
}

/** `GET /api/v2/post/{postId}/reaction/type/1/users`, page by page. */
export function likersQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reactions.likes(postId),
    queryFn: ({ pageParam }) => likeUsers(api(), postId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** `GET /api/v2/post/{postId}/shares/users`, page by page. */
export function sharersQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.reactions.shares(postId),
    queryFn: ({ pageParam }) => shareUsers(api(), postId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The likers of a post, loaded a page at a time. */
export function useLikers(postId: number, enabled: boolean) {
  return useInfiniteQuery({ ...likersQueryOptions(postId), enabled });
}

/** The sharers of a post, loaded a page at a time. */
export function useSharers(postId: number, enabled: boolean) {
  return useInfiniteQuery({ ...sharersQueryOptions(postId), enabled });
}
