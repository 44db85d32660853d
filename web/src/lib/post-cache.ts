import type { QueryClient } from '@tanstack/react-query';
import type { Post } from '@chorus/core';

function isPost(value: object, postId: number): value is Post {
  return 'id' in value && value.id === postId && 'reactions' in value && 'title' in value;
}

/** A copy of `data` with every copy of the post replaced by `patch(post)`; unchanged data is returned as is. */
function replacePost(data: unknown, postId: number, patch: (post: Post) => Post): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const replaced = replacePost(item, postId, patch);
      if (replaced !== item) changed = true;
      return replaced;
    });
    return changed ? next : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  if (isPost(data, postId)) return patch(data);
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const replaced = replacePost(value, postId, patch);
    if (replaced !== value) changed = true;
    next[key] = replaced;
  }
  return changed ? next : data;
}

/**
 * Applies a change to a post wherever the cache holds it (the feed, topic lists, search,
 * bookmarks, the single post), so a like in the modal shows on the card behind it.
 */
export function patchPostEverywhere(queryClient: QueryClient, postId: number, patch: (post: Post) => Post): void {
  queryClient.setQueriesData({ predicate: (query) => query.state.data !== undefined }, (data: unknown) => replacePost(data, postId, patch));
}
