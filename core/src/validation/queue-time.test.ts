import { describe, expect, it } from 'vitest';
import type { QueueTime } from '../contract/user.ts';
import {
  queueHourFromDisplay,
  queueTimeDisplayHour,
  queueTimeFrom24h,
  queueTimeTo24h,
  randomQueueTime,
  validateQueueTime,
} from './queue-time.ts';

/** A random source that returns the given values in turn. */
function sequence(...values: number[]): () => number {
  let index = 0;
  return () => {
    const value = values[index % values.length];
    index += 1;
    return value ?? 0;
  };
}

describe('randomQueueTime (minutes 1, 15, 30, 45; hour 0-11; ampm 0 or 12)', () => {
  it.each<[string, number[], QueueTime]>([
    ['lowest draws', [0, 0, 0], { minute: 1, hour: 0, ampm: 0 }],
    ['highest draws', [0.9999, 0.9999, 0.9999], { minute: 45, hour: 11, ampm: 12 }],
    ['a source returning exactly 1 is clamped', [1, 1, 1], { minute: 45, hour: 11, ampm: 12 }],
    ['a negative source is clamped', [-0.5, -0.5, -0.5], { minute: 1, hour: 0, ampm: 0 }],
    ['middle draws', [0.25, 0.5, 0.5], { minute: 15, hour: 6, ampm: 12 }],
    ['second minute bucket ends below 0.5', [0.4999, 0.0833, 0.4999], { minute: 15, hour: 0, ampm: 0 }],
    ['third minute and hour 1', [0.5, 1 / 12, 0], { minute: 30, hour: 1, ampm: 0 }],
  ])('%s', (_name, draws, expected) => {
    expect(randomQueueTime(sequence(...draws))).toEqual(expected);
  });

  it('reaches every minute, hour and ampm and nothing else', () => {
    const minutes = new Set<number>();
    const hours = new Set<number>();
    const ampms = new Set<number>();
    for (let i = 0; i < 48; i += 1) {
      const time = randomQueueTime(sequence(i / 48, i / 48, i / 48));
      minutes.add(time.minute);
      hours.add(time.hour);
      ampms.add(time.ampm);
      expect(validateQueueTime(time)).toEqual({ ok: true });
    }
    expect([...minutes].sort((a, b) => a - b)).toEqual([1, 15, 30, 45]);
    expect([...hours].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect([...ampms].sort((a, b) => a - b)).toEqual([0, 12]);
  });

  it('uses Math.random by default and stays in range', () => {
    for (let i = 0; i < 200; i += 1) expect(validateQueueTime(randomQueueTime())).toEqual({ ok: true });
  });
});

describe('24-hour and display conversions', () => {
  it.each<[QueueTime, number, string]>([
    [{ hour: 0, minute: 1, ampm: 0 }, 0, '12'],
    [{ hour: 1, minute: 15, ampm: 0 }, 1, '01'],
    [{ hour: 9, minute: 30, ampm: 0 }, 9, '09'],
    [{ hour: 11, minute: 45, ampm: 0 }, 11, '11'],
    [{ hour: 0, minute: 1, ampm: 12 }, 12, '12'],
    [{ hour: 1, minute: 15, ampm: 12 }, 13, '01'],
    [{ hour: 11, minute: 45, ampm: 12 }, 23, '11'],
  ])('%j is %d h, shown as %s', (time, hour24, display) => {
    expect(queueTimeTo24h(time)).toEqual({ hour: hour24, minute: time.minute });
    expect(queueTimeDisplayHour(time)).toBe(display);
    expect(queueTimeFrom24h(hour24, time.minute)).toEqual(time);
    expect(queueHourFromDisplay(Number(display))).toBe(time.hour);
  });
});

describe('validateQueueTime', () => {
  it.each<[QueueTime, boolean]>([
    [{ hour: 0, minute: 1, ampm: 0 }, true],
    [{ hour: 11, minute: 45, ampm: 12 }, true],
    [{ hour: 12, minute: 1, ampm: 0 }, false],
    [{ hour: -1, minute: 1, ampm: 0 }, false],
    [{ hour: 1.5, minute: 1, ampm: 0 }, false],
    [{ hour: 1, minute: 0, ampm: 0 }, false],
    [{ hour: 1, minute: 20, ampm: 0 }, false],
    [{ hour: 1, minute: 1, ampm: 6 as 0 }, false],
  ])('%j: %s', (time, valid) => {
    expect(validateQueueTime(time)).toEqual(valid ? { ok: true } : { ok: false, error: 'queueTime.invalid' });
  });
});
