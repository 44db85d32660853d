import { ANALYTICS_PAGE_DELAY_MS, ANALYTICS_TRACK_DELAY_MS, analyticsPageName, type AnalyticsEventRequest, type AnalyticsTrackName } from '@chorus/core';

/** Sends one event; `keepalive` while the page is going away. */
export type SendAnalytics = (event: AnalyticsEventRequest, keepalive: boolean) => void;

/** Track event properties: short, flat values. */
export type AnalyticsProperties = Readonly<Record<string, string | number | boolean | null>>;

interface Pending {
  event: AnalyticsEventRequest;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Product analytics timing (spec "Analytics events"): a page event leaves 500 ms after a
 * route change (a page left sooner was passed through, and is not counted), a track event
 * 100 ms after its action. Whatever is still waiting when the page is hidden leaves at once.
 */
export class AnalyticsScheduler {
  readonly #send: SendAnalytics;
  readonly #pageDelayMs: number;
  readonly #trackDelayMs: number;
  #page: Pending | null = null;
  readonly #tracks = new Set<Pending>();

  constructor(send: SendAnalytics, pageDelayMs: number = ANALYTICS_PAGE_DELAY_MS, trackDelayMs: number = ANALYTICS_TRACK_DELAY_MS) {
    this.#send = send;
    this.#pageDelayMs = pageDelayMs;
    this.#trackDelayMs = trackDelayMs;
  }

  /** The route changed to `pathname`: its page event replaces one still waiting. */
  page(pathname: string): void {
    if (this.#page !== null) clearTimeout(this.#page.timer);
    const event: AnalyticsEventRequest = { type: 'page', name: analyticsPageName(pathname) };
    const timer = setTimeout(() => {
      this.#page = null;
      this.#send(event, false);
    }, this.#pageDelayMs);
    this.#page = { event, timer };
  }

  /** An action happened. */
  track(name: AnalyticsTrackName, properties: AnalyticsProperties = {}): void {
    const event: AnalyticsEventRequest = { type: 'track', name, properties: { ...properties } };
    const pending: Pending = {
      event,
      timer: setTimeout(() => {
        this.#tracks.delete(pending);
        this.#send(event, false);
      }, this.#trackDelayMs),
    };
    this.#tracks.add(pending);
  }

  /** The page is going away: sends what waits now, with keepalive. */
  flush(): void {
    const waiting = [...(this.#page === null ? [] : [this.#page]), ...this.#tracks];
    this.#page = null;
    this.#tracks.clear();
    for (const pending of waiting) {
      clearTimeout(pending.timer);
      this.#send(pending.event, true);
    }
  }
}
