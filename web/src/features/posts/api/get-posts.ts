import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostListQuery, PostListResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';

/** `GET /api/v4/post/`: one page of posts. */
export function getPosts(query: PostListQuery): Promise<PostListResponse> {
  return api().posts(query);
}

/** Infinite query options of the post list, e.g. one topic's posts. */
export function postsInfiniteQueryOptions(query: Omit<PostListQuery, 'page_num'>) {
  return infiniteQueryOptions({
    queryKey: ['posts', 'list', query],
    queryFn: ({ pageParam }) => getPosts({ ...query, page_num: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page_num < last.total_pages ? last.page_num + 1 : undefined),
  });
}

/** The paged post list; `enabled: false` waits (e.g. for a search text). */
export function usePosts(query: Omit<PostListQuery, 'page_num'>, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...postsInfiniteQueryOptions(query), enabled: options.enabled ?? true });
}
