import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setLike, type Post } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { patchPostEverywhere } from '../../../lib/post-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST` or `DELETE /api/v2/post/{postId}/reaction/type/1`. */
export function likePost(postId: number, liked: boolean) {
  return setLike(api(), postId, liked);
}

/**
 * Toggles the viewer's like of a post: optimistic, one request at a time (a click while one
 * is in flight is ignored), and every cached copy of the post follows the server's answer.
 */
export function useToggleLike(post: Post): { toggle: () => void; pending: boolean } {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const toggle = (): void => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const before = post.reactions;
    const wanted = !before.reaction;
    patchPostEverywhere(queryClient, post.id, (p) => ({
      ...p,
      reactions: { reaction: wanted, num_results: Math.max(0, p.reactions.num_results + (wanted ? 1 : -1)) },
    }));
    likePost(post.id, wanted)
      .then((result) => {
        patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, reactions: result.reactions }));
        void queryClient.invalidateQueries({ queryKey: queryKeys.reactions.post(post.id) });
      })
      .catch((error: unknown) => {
        patchPostEverywhere(queryClient, post.id, (p) => ({ ...p, reactions: before }));
        notify.failure(error);
      })
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  };
  return { toggle, pending };
}
