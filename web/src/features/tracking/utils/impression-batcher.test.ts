import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareFlowType } from '@chorus/core';
import { ImpressionBatcher } from './impression-batcher.ts';

type Sent = [ids: readonly number[], channel: number, keepalive: boolean];

let sent: Sent[];
let batcher: ImpressionBatcher;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  batcher = new ImpressionBatcher((ids, channel, keepalive) => sent.push([ids, channel, keepalive]), ShareFlowType.feedOrTopic, 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ImpressionBatcher', () => {
  it('sends one batch a quiet second after the last card seen', () => {
    batcher.add(1);
    vi.advanceTimersByTime(600);
    batcher.add(2);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[[1, 2], 9, false]]);
  });

  it('sends each id once per page view, and again in the next one', () => {
    batcher.add(1);
    batcher.add(1);
    vi.advanceTimersByTime(1000);
    batcher.add(1);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([[[1], 9, false]]);
    batcher.startPageView(ShareFlowType.recommendation);
    batcher.add(1);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([
      [[1], 9, false],
      [[1], 2, false],
    ]);
  });

  it('sends what is pending on the old channel when a page view ends', () => {
    batcher.add(4);
    batcher.startPageView(ShareFlowType.teams);
    expect(sent).toEqual([[[4], 9, false]]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
  });

  it('sends a full batch of 100 at once', () => {
    for (let id = 1; id <= 100; id += 1) batcher.add(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[0]).toHaveLength(100);
    batcher.add(101);
    vi.advanceTimersByTime(1000);
    expect(sent.map(([ids]) => ids.length)).toEqual([100, 1]);
  });

  it('flushes with keepalive when the page goes away, and sends nothing when nothing is pending', () => {
    batcher.flush(true);
    expect(sent).toEqual([]);
    batcher.add(7);
    batcher.flush(true);
    expect(sent).toEqual([[[7], 9, true]]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });
});
