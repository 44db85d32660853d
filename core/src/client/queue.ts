/** Client calls of queue, schedule and My Shares (see contract/queue.ts). */
import { z } from 'zod';
import {
  DeferredShareResponse,
  PushedEditResponse,
  TimelineQuery,
  TimelinePost,
  TimelineResponse,
  type DecidePushedEditRequest,
  type QueueShareRequest,
  type ResolveShareRequest,
  type ScheduleShareRequest,
  type UpdateDeferredRequest,
} from '../contract/queue.ts';
import { ShareSummary } from '../contract/share.ts';
import type { TimelineType } from '../domain/enums.ts';
import type { ApiClient } from './api-client.ts';

const Removed = z.object({ success: z.literal(true) });

/** `POST /api/v4/post/deferred`: schedules a share at a time (418 arrives as `error` on HTTP 200). */
export function schedulePostShare(client: ApiClient, input: ScheduleShareRequest): Promise<DeferredShareResponse> {
  return client.call('POST /api/v4/post/deferred', DeferredShareResponse, { body: input });
}

/** `POST /api/v4/post/deferred/queue`: queues a share at the next free slot of the person's queue. */
export function queuePostShare(client: ApiClient, input: QueueShareRequest): Promise<DeferredShareResponse> {
  return client.call('POST /api/v4/post/deferred/queue', DeferredShareResponse, { body: input });
}

/** `PUT /api/v4/post/deferred/{id}`: a new time, and optionally a new caption. */
export function updateDeferredShare(client: ApiClient, id: number, input: UpdateDeferredRequest): Promise<DeferredShareResponse> {
  return client.call('PUT /api/v4/post/deferred/:id', DeferredShareResponse, { params: { id }, body: input });
}

/** `DELETE /api/v4/post/deferred/{id}`: removes a queued share. */
export function removeDeferredShare(client: ApiClient, id: number): Promise<{ success: true }> {
  return client.call('DELETE /api/v4/post/deferred/:id', Removed, { params: { id } });
}

/** `PATCH /api/v4/post/deferred/{id}/pushed-edit`: accepts (1) or rejects (2) an admin's edit of a queued share. */
export function decidePushedEdit(client: ApiClient, id: number, input: DecidePushedEditRequest): Promise<PushedEditResponse> {
  return client.call('PATCH /api/v4/post/deferred/:id/pushed-edit', PushedEditResponse, { params: { id }, body: input });
}

/** `GET /api/v5/post/timeline/{shared|queued}`: one page of My Shares. */
export function getTimelinePage(client: ApiClient, type: TimelineType, query: Partial<z.output<typeof TimelineQuery>> = {}): Promise<TimelineResponse> {
  const key = type === 'shared' ? 'GET /api/v5/post/timeline/shared' : 'GET /api/v5/post/timeline/queued';
  return client.call(key, TimelineResponse, { query: { ...query } });
}

/** `GET /api/v5/post/timeline/queued/{id}`: one queued share. */
export function getQueuedTimelinePost(client: ApiClient, id: number): Promise<TimelinePost> {
  return client.call('GET /api/v5/post/timeline/queued/:id', TimelinePost, { params: { id } });
}

/** `POST /api/v5/post/share/{id}/retry`: publishes a failed share again. */
export function retryFailedShare(client: ApiClient, id: number): Promise<ShareSummary> {
  return client.call('POST /api/v5/post/share/:id/retry', ShareSummary, { params: { id }, body: {} });
}

/** `POST /api/v5/post/share/{id}/resolve`: the person checked whether the network published it. */
export function resolveUnconfirmedShare(client: ApiClient, id: number, input: ResolveShareRequest): Promise<ShareSummary> {
  return client.call('POST /api/v5/post/share/:id/resolve', ShareSummary, { params: { id }, body: input });
}
