import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setBookmark, type Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { patchPostEverywhere } from '../../../lib/post-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Toggles the viewer's bookmark of a post (`POST` or `DELETE /api/v2/post/{id}/bookmark`,
 * which also subscribes or unsubscribes), optimistically and one request at a time.
 */
export function useToggleBookmark(post: Post): () => void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const inFlight = useRef(false);
  return () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const before = { is_bookmarked: post.is_bookmarked, is_subscribed: post.is_subscribed };
    const wanted = post.is_bookmarked === 0;
    patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, is_bookmarked: wanted ? 1 : 0, is_subscribed: wanted }));
    setBookmark(api(), post.id, wanted)
      .then((result) => {
        patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, ...result }));
        // The bookmarks list changes membership; the other lists only show the flag.
        void queryClient.invalidateQueries({ queryKey: queryKeys.posts.list(), refetchType: 'inactive' });
      })
      .catch((error: unknown) => {
        patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, ...before }));
        notify.failure(error);
      })
      .finally(() => {
        inFlight.current = false;
      });
  };
}
