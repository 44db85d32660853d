import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEventRequest } from '@chorus/core';
import { AnalyticsScheduler } from './analytics-scheduler.ts';

let sent: [AnalyticsEventRequest, boolean][];
let scheduler: AnalyticsScheduler;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  // The spec's delays (500 ms for page events, 100 ms for track events) are the defaults.
  scheduler = new AnalyticsScheduler((event, keepalive) => sent.push([event, keepalive]));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AnalyticsScheduler', () => {
  it('sends a page event 500 ms after the route change, with ids out of the name', () => {
    scheduler.page('/post/42');
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[{ type: 'page', name: '/post/:id' }, false]]);
  });

  it('counts only the page the person stayed on when routes change within 500 ms', () => {
    scheduler.page('/');
    vi.advanceTimersByTime(300);
    scheduler.page('/topic/7');
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([[{ type: 'page', name: '/topic/:id' }, false]]);
  });

  it('sends a track event 100 ms after the action, each one on its own', () => {
    scheduler.track('share_modal_opened', { post_id: 3 });
    vi.advanceTimersByTime(50);
    scheduler.track('share_modal_opened', { post_id: 4 });
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([[{ type: 'track', name: 'share_modal_opened', properties: { post_id: 3 } }, false]]);
    vi.advanceTimersByTime(50);
    expect(sent.map(([event]) => event)).toEqual([
      { type: 'track', name: 'share_modal_opened', properties: { post_id: 3 } },
      { type: 'track', name: 'share_modal_opened', properties: { post_id: 4 } },
    ]);
  });

  it('sends what waits at once, with keepalive, when the page goes away, and nothing twice', () => {
    scheduler.page('/settings');
    scheduler.track('share_modal_opened');
    scheduler.flush();
    expect(sent).toEqual([
      [{ type: 'page', name: '/settings' }, true],
      [{ type: 'track', name: 'share_modal_opened', properties: {} }, true],
    ]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });
});
