import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  decidePushedEdit,
  getQueuedTimelinePost,
  getTimelinePage,
  PushedEditStatus,
  removeDeferredShare,
  resolveUnconfirmedShare,
  retryFailedShare,
  TIMELINE_PAGE_SIZE,
  updateDeferredShare,
  type ShareableNetworkId,
  type TimelineType,
  type UpdateDeferredRequest,
} from '@chorus/core';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Infinite query options of one My Shares list (`GET /api/v5/post/timeline/{type}`), 15 a page. */
export function timelineQueryOptions(type: TimelineType, date: string | null, network: ShareableNetworkId | null = null) {
  return infiniteQueryOptions({
    queryKey: queryKeys.timeline.page(type, date, network),
    queryFn: ({ pageParam }) =>
      getTimelinePage(api(), type, {
        page_num: pageParam,
        results_per_page: TIMELINE_PAGE_SIZE,
        ...(date === null ? {} : { date }),
        ...(network === null ? {} : { network }),
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page_num * last.results_per_page < last.num_results ? last.page_num + 1 : undefined),
  });
}

/** One My Shares list, optionally of one network's shares (`/my-shares?network=`). */
export function useTimeline(type: TimelineType, date: string | null, network: ShareableNetworkId | null = null) {
  return useInfiniteQuery(timelineQueryOptions(type, date, network));
}

/** `PUT /api/v4/post/deferred/{id}`: a queued share's new time and caption. */
export function updateQueued(id: number, input: UpdateDeferredRequest) {
  return updateDeferredShare(api(), id, input);
}

/** `DELETE /api/v4/post/deferred/{id}`. */
export function removeQueued(id: number) {
  return removeDeferredShare(api(), id);
}

/** `PATCH /api/v4/post/deferred/{id}/pushed-edit`: the person accepts or rejects an admin's edit. */
export function decideEdit(id: number, accept: boolean) {
  return decidePushedEdit(api(), id, { status: accept ? PushedEditStatus.ACCEPTED : PushedEditStatus.REJECTED });
}

/** `POST /api/v5/post/share/{id}/retry`: a failed share published again. */
export function retryShare(id: number) {
  return retryFailedShare(api(), id);
}

/** `POST /api/v5/post/share/{id}/resolve`: whether the network published an unconfirmed share. */
export function resolveShare(id: number, published: boolean) {
  return resolveUnconfirmedShare(api(), id, { published });
}

/** `GET /api/v5/post/timeline/queued/{id}`: one queued share (the single queued view). */
export function useQueuedPost(id: number) {
  return useQuery({ queryKey: queryKeys.timeline.queuedItem(id), queryFn: () => getQueuedTimelinePost(api(), id) });
}
