import { describe, expect, it } from 'vitest';
import type { NetworkQueueSettings } from '@chorus/core';
import { addQueueTime, removeQueueTime, setQueueWeekday, updateQueueTime } from './queue-settings.ts';

const WEEKDAYS_ON = { su: false, mo: true, tu: true, we: true, th: true, fr: true, sa: false };

function settings(times: NetworkQueueSettings['post_queue_time'], enabled = true): NetworkQueueSettings {
  return { auto_queue_enabled: enabled, post_queue_time: times, post_queue_weekday: WEEKDAYS_ON };
}

describe('queue settings edits', () => {
  it('adds a random time from the spec ranges at the end', () => {
    const draws = [0.3, 0.99, 0.6];
    const next = addQueueTime(settings([{ hour: 9, minute: 15, ampm: 0 }]), () => draws.shift() ?? 0);
    expect(next.post_queue_time).toEqual([
      { hour: 9, minute: 15, ampm: 0 },
      { minute: 15, hour: 11, ampm: 12 },
    ]);
  });

  it('keeps the auto queue on while times remain', () => {
    const next = removeQueueTime(settings([{ hour: 9, minute: 15, ampm: 0 }, { hour: 1, minute: 30, ampm: 12 }]), 0);
    expect(next).toMatchObject({ auto_queue_enabled: true, post_queue_time: [{ hour: 1, minute: 30, ampm: 12 }] });
  });

  it('turns the auto queue off when the last time is deleted', () => {
    const next = removeQueueTime(settings([{ hour: 9, minute: 15, ampm: 0 }]), 0);
    expect(next).toMatchObject({ auto_queue_enabled: false, post_queue_time: [] });
  });

  it('changes one time and one weekday without touching the rest', () => {
    const before = settings([{ hour: 9, minute: 15, ampm: 0 }, { hour: 2, minute: 45, ampm: 12 }]);
    expect(updateQueueTime(before, 1, { ampm: 0 }).post_queue_time).toEqual([
      { hour: 9, minute: 15, ampm: 0 },
      { hour: 2, minute: 45, ampm: 0 },
    ]);
    expect(setQueueWeekday(before, 'su', true).post_queue_weekday).toEqual({ ...WEEKDAYS_ON, su: true });
    expect(before.post_queue_weekday.su).toBe(false);
  });
});
