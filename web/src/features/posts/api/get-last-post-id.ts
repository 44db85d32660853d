import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { POST_POLLING_TIMEOUT_MS, type LastPostIdResponse } from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { useAfterFirstPaint } from '../../../lib/after-first-paint.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /api/v4/post/last-post-id`: the newest post on the feed, null when none. */
export function getLastPostId(): Promise<LastPostIdResponse> {
  return api().lastPostId();
}

/**
 * Query options of new-post polling: every POST_POLLING_TIMEOUT_MS while the tab is visible
 * (react-query holds the interval while the document is hidden), and fresh on each mount, since
 * the first answer is what later ones are compared with.
 */
export function lastPostIdQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.posts.lastPostId(),
    queryFn: getLastPostId,
    refetchInterval: POST_POLLING_TIMEOUT_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/**
 * Whether the newest post differs from the one seen when the feed loaded: only a newer id
 * counts (ids grow with time), so a deleted or expired newest post prompts nothing.
 */
export function isNewerPost(seen: number | null | undefined, newest: number | null | undefined): boolean {
  if (seen === undefined || newest === undefined || newest === null) return false;
  return seen === null || newest > seen;
}

/**
 * New-post polling for the feed: whether newer posts exist, and how to show them. The first ask
 * waits for the page's first paint (lib/after-first-paint.tsx), which it has no part in.
 */
export function useNewPosts(): { available: boolean; show: () => Promise<void> } {
  const queryClient = useQueryClient();
  const painted = useAfterFirstPaint();
  const newest = useQuery({ ...lastPostIdQueryOptions(), enabled: painted });
  const [seen, setSeen] = useState<number | null | undefined>(undefined);
  const id = newest.isFetchedAfterMount ? newest.data?.id : undefined;
  // The first answer after mount is the newest post the freshly loaded feed already shows.
  if (seen === undefined && id !== undefined) setSeen(id);
  const show = async (): Promise<void> => {
    setSeen(id);
    await queryClient.invalidateQueries({ queryKey: queryKeys.posts.feed() });
  };
  return { available: isNewerPost(seen, id), show };
}
