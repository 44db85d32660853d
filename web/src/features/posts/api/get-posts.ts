import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SpecialTopic, type PostListQuery, type PostListResponse } from '@chorus/core';
import type { LibraryState } from '../../../lib/library-state.ts';
import { api } from '../../../lib/api.ts';
import { preloadFirstCard } from '../first-screen.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v4/post/`: one page of posts. */
export function getPosts(query: PostListQuery): Promise<PostListResponse> {
  return api().posts(query);
}

/** The first page's number: its first card is a list page's first screen. */
const FIRST_PAGE = 1;

/**
 * Infinite query options of the post list, e.g. one topic's posts. The first page's first picture
 * starts loading as it arrives.
 */
export function postsInfiniteQueryOptions(query: Omit<PostListQuery, 'page_num'>) {
  return infiniteQueryOptions({
    queryKey: queryKeys.posts.list(query),
    queryFn: async ({ pageParam }) => {
      const page = await getPosts({ ...query, page_num: pageParam });
      if (pageParam === FIRST_PAGE) preloadFirstCard(page.objects[0]);
      return page;
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => (last.page_num < last.total_pages ? last.page_num + 1 : undefined),
  });
}

/** The paged post list; `enabled: false` waits (e.g. for a search text). */
export function usePosts(query: Omit<PostListQuery, 'page_num'>, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...postsInfiniteQueryOptions(query), enabled: options.enabled ?? true });
}

/** A topic page's path (router.tsx). */
export const TOPIC_PATH = '/topic/:topicId';

/**
 * The topic page's topic: a numeric id, null for Explore (`latest`, every post), or undefined
 * when the path names neither (a special topic, or no topic).
 */
export function topicOfParam(raw: string): number | null | undefined {
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw === SpecialTopic.LATEST ? null : undefined;
}

/** The post list of a topic page (a topic's posts, or every post) under the library state's filter and sort. */
export function topicPostsQuery(topicId: number | null, library: Pick<LibraryState, 'filterBy' | 'sortBy'>): Omit<PostListQuery, 'page_num'> {
  return {
    filter_by: library.filterBy,
    ...(library.sortBy === null ? {} : { sort_by: library.sortBy }),
    ...(topicId === null ? {} : { categories: [topicId] }),
  };
}
