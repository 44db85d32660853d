import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  followTopic,
  listUserTopics,
  saveTopicSortOrder,
  unfollowTopic,
  type FollowTopicResponse,
  type SortOrder,
  type UserTopicListResponse,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v2/user/category`: every topic with the user's follow state, followed first in order. */
export function getUserTopics(): Promise<UserTopicListResponse> {
  return listUserTopics(api());
}

/** Query options of the user's topics. */
export function userTopicsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.topics.followedList(), queryFn: getUserTopics, staleTime: 60_000 });
}

/** The user's topics query. */
export function useUserTopics() {
  return useQuery(userTopicsQueryOptions());
}

/**
 * After a follow or unfollow: the spec clears the cached user topics and sort order; the feed's
 * doormats and the topic list's counts change with them.
 */
function invalidateAfterFollow(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.topics.followed() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.posts.feed() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.topics.all() }),
  ]);
}

/** Follows (`follow: true`) or unfollows a topic. */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation<FollowTopicResponse, unknown, { categoryId: number; follow: boolean }>({
    mutationFn: ({ categoryId, follow }) => (follow ? followTopic(api(), categoryId) : unfollowTopic(api(), categoryId)),
    onSettled: () => invalidateAfterFollow(queryClient),
  });
}

/**
 * Saves the followed topics' order. The list is updated at once; on failure it is restored
 * and the caller shows the spec's message.
 */
export function useSaveSortOrder() {
  const queryClient = useQueryClient();
  const listKey = userTopicsQueryOptions().queryKey;
  return useMutation<SortOrder, unknown, readonly number[], { previous: UserTopicListResponse | undefined }>({
    mutationFn: (order) => saveTopicSortOrder(api(), order),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) {
        const rank = new Map(order.map((id, index) => [id, index]));
        const followed = previous.objects.filter((entry) => entry.is_followed).sort((a, b) => (rank.get(a.category.id) ?? 0) - (rank.get(b.category.id) ?? 0));
        queryClient.setQueryData(listKey, { ...previous, objects: [...followed, ...previous.objects.filter((entry) => !entry.is_followed)] });
      }
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    // Sorting clears the sort order cache (spec 4); the feed's doormats follow the order.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.topics.followed() }), queryClient.invalidateQueries({ queryKey: queryKeys.posts.feed() })]),
  });
}
