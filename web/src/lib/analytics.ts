import { trackAnalytics, type AnalyticsTrackName } from '@chorus/core';
import { api } from './api.ts';
import { AnalyticsScheduler, type AnalyticsProperties } from '../features/tracking/utils/analytics-scheduler.ts';

/**
 * `POST /api/v1/track/analytics`, timed by the spec's delays. Like impressions, analytics
 * never report a failure to the person nor hold anything up, so errors end here.
 */
const scheduler = new AnalyticsScheduler((event, keepalive) => {
  trackAnalytics(api(), event, { keepalive }).catch(() => undefined);
});

/** A signed-in page was reached (sent 500 ms later unless the person moved on). */
export function trackPage(pathname: string): void {
  scheduler.page(pathname);
}

/** A tracked action (sent 100 ms later). */
export function trackAction(name: AnalyticsTrackName, properties?: AnalyticsProperties): void {
  scheduler.track(name, properties);
}

/** Sends what waits now (the page is being hidden or left). */
export function flushAnalytics(): void {
  scheduler.flush();
}
