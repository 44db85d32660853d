/** Client calls of tracking (see contract/track.ts). */
import {
  AnalyticsEventResponse,
  TrackClickResponse,
  TrackImpressionsResponse,
  type AnalyticsEventRequest,
  type TrackClickRequest,
  type TrackImpressionsRequest,
} from '../contract/track.ts';
import type { ApiClient } from './api-client.ts';

/**
 * `POST /api/v1/track/post/impressions`: post cards a person saw. `keepalive` lets the last
 * batch leave while the page unloads.
 */
export function trackImpressions(client: ApiClient, body: TrackImpressionsRequest, options: { keepalive?: boolean } = {}): Promise<TrackImpressionsResponse> {
  return client.call('POST /api/v1/track/post/impressions', TrackImpressionsResponse, { body, keepalive: options.keepalive ?? false });
}

/** `POST /api/v1/track/post/{id}/clicks`: a post opened, or followed to its source, and how the person got there. */
export function trackClick(client: ApiClient, postId: number, body: TrackClickRequest): Promise<TrackClickResponse> {
  return client.call('POST /api/v1/track/post/:id/clicks', TrackClickResponse, { params: { id: postId }, body });
}

/** `POST /api/v1/track/analytics`: a page or track event; `keepalive` lets it leave while the page unloads. */
export function trackAnalytics(client: ApiClient, body: AnalyticsEventRequest, options: { keepalive?: boolean } = {}): Promise<AnalyticsEventResponse> {
  return client.call('POST /api/v1/track/analytics', AnalyticsEventResponse, { body, keepalive: options.keepalive ?? false });
}
