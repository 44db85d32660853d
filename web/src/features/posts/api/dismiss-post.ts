import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_LONG_TIMEOUT_MS, type DismissResponse, type FeedResponse, type Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v1/post/dismiss/{id}`: the post leaves the viewer's feed. */
export function dismissPost(id: number): Promise<DismissResponse> {
  return api().dismissPost(id);
}

/** `DELETE /api/v1/post/dismiss/{id}`: the undo, the post comes back to the feed. */
export function restorePost(id: number): Promise<DismissResponse> {
  return api().restorePost(id);
}

/** A cached feed answer without one post, in every section. */
function withoutPost(feed: FeedResponse, id: number): FeedResponse {
  const keep = (posts: Post[]) => posts.filter((post) => post.id !== id);
  const featured = keep(feed.featured);
  const latest = keep(feed.latest);
  const removed = feed.featured.length + feed.latest.length - featured.length - latest.length > 0;
  return {
    featured,
    latest,
    topics: feed.topics.map((topic) => ({ ...topic, posts: keep(topic.posts) })),
    num_results: removed ? Math.max(0, feed.num_results - 1) : feed.num_results,
  };
}

/**
 * "Not interested" on a feed card: the card leaves every cached feed at once, the server is
 * told, and a toast offers to undo it (6 s, the spec's longer notifications); a failure puts the
 * card back and says why.
 */
export function useDismissPost(): (post: Post) => void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation(['library']);
  const feedKey = queryKeys.posts.feed();
  const refreshFeed = () => queryClient.invalidateQueries({ queryKey: feedKey });

  const restore = useMutation({
    mutationFn: restorePost,
    onSuccess: () => notify.success(t('library:card.restored')),
    onError: (error) => notify.failure(error),
    onSettled: refreshFeed,
  });
  const dismiss = useMutation({
    mutationFn: dismissPost,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: feedKey });
      queryClient.setQueriesData<FeedResponse>({ queryKey: feedKey }, (feed) => (feed ? withoutPost(feed, id) : feed));
    },
    onSuccess: (_answer, id) =>
      notify.success(t('library:card.dismissed'), { timeout: TOAST_LONG_TIMEOUT_MS, action: { label: t('library:card.undo'), onClick: () => restore.mutate(id) } }),
    onError: (error) => notify.failure(error),
    onSettled: refreshFeed,
  });
  return (post) => dismiss.mutate(post.id);
}
