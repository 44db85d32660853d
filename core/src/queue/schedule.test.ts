import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '../domain/enums.ts';
import type { NetworkQueueSettings, QueueTime } from '../contract/user.ts';
import {
  defaultScheduleSlot,
  defaultScheduleTime,
  firstScheduleDate,
  isKnownTimeZone,
  isSelectableScheduleDate,
  localDayRange,
  nextQueueSlot,
  parseIsoDate,
  parseScheduleDate,
  utcToZonedParts,
  zonedWallTimeToUtc,
} from './schedule.ts';

function settings(days: readonly Weekday[], times: QueueTime[]): Pick<NetworkQueueSettings, 'post_queue_time' | 'post_queue_weekday'> {
  return {
    post_queue_time: times,
    post_queue_weekday: Object.fromEntries(WEEKDAYS.map((day) => [day, days.includes(day)])) as NetworkQueueSettings['post_queue_weekday'],
  };
}

const EVERY_DAY = WEEKDAYS;
const NINE_AM: QueueTime = { hour: 9, minute: 0, ampm: 0 };

describe('zonedWallTimeToUtc', () => {
  it.each<[string, string, [number, number, number, number, number], string]>([
    ['New York before spring forward (EST)', 'America/New_York', [2026, 3, 7, 9, 0], '2026-03-07T14:00:00.000Z'],
    ['New York 9:00 after spring forward (EDT)', 'America/New_York', [2026, 3, 8, 9, 0], '2026-03-08T13:00:00.000Z'],
    ['New York 02:30 in the gap moves to 03:00 EDT', 'America/New_York', [2026, 3, 8, 2, 30], '2026-03-08T07:00:00.000Z'],
    ['New York 02:00 in the gap moves to 03:00 EDT', 'America/New_York', [2026, 3, 8, 2, 0], '2026-03-08T07:00:00.000Z'],
    ['New York 03:00 is the first valid minute', 'America/New_York', [2026, 3, 8, 3, 0], '2026-03-08T07:00:00.000Z'],
    ['New York 01:59 before the gap is EST', 'America/New_York', [2026, 3, 8, 1, 59], '2026-03-08T06:59:00.000Z'],
    ['New York 01:30 on fall back takes the first (EDT) occurrence', 'America/New_York', [2026, 11, 1, 1, 30], '2026-11-01T05:30:00.000Z'],
    ['New York 01:00 on fall back takes the first occurrence', 'America/New_York', [2026, 11, 1, 1, 0], '2026-11-01T05:00:00.000Z'],
    ['New York 9:00 after fall back (EST)', 'America/New_York', [2026, 11, 1, 9, 0], '2026-11-01T14:00:00.000Z'],
    ['Berlin 02:30 in the March gap moves to 03:00 CEST', 'Europe/Berlin', [2026, 3, 29, 2, 30], '2026-03-29T01:00:00.000Z'],
    ['Berlin 9:00 on the spring day (CEST)', 'Europe/Berlin', [2026, 3, 29, 9, 0], '2026-03-29T07:00:00.000Z'],
    ['Berlin 02:30 in October takes the first (CEST) occurrence', 'Europe/Berlin', [2026, 10, 25, 2, 30], '2026-10-25T00:30:00.000Z'],
    ['Berlin 9:00 after October (CET)', 'Europe/Berlin', [2026, 10, 25, 9, 0], '2026-10-25T08:00:00.000Z'],
    ['Lord Howe 02:15 in the 30-minute October gap moves to 02:30', 'Australia/Lord_Howe', [2026, 10, 4, 2, 15], '2026-10-03T15:30:00.000Z'],
    ['Lord Howe 02:30 after the gap (+11)', 'Australia/Lord_Howe', [2026, 10, 4, 2, 30], '2026-10-03T15:30:00.000Z'],
    ['Lord Howe 9:00 before the gap day (+10:30)', 'Australia/Lord_Howe', [2026, 10, 3, 9, 0], '2026-10-02T22:30:00.000Z'],
    ['Lord Howe 01:45 on the April fall back takes the first (+11) occurrence', 'Australia/Lord_Howe', [2026, 4, 5, 1, 45], '2026-04-04T14:45:00.000Z'],
    ['Lord Howe 9:00 after April (+10:30)', 'Australia/Lord_Howe', [2026, 4, 5, 9, 0], '2026-04-04T22:30:00.000Z'],
    ['Kolkata has no change in March', 'Asia/Kolkata', [2026, 3, 8, 2, 30], '2026-03-07T21:00:00.000Z'],
    ['Kolkata has no change in November', 'Asia/Kolkata', [2026, 11, 1, 1, 30], '2026-10-31T20:00:00.000Z'],
  ])('%s', (_name, zone, [year, month, day, hour, minute], expected) => {
    expect(zonedWallTimeToUtc({ year, month, day }, hour, minute, zone).toISOString()).toBe(expected);
  });

  it('gives back the wall time it was given wherever the clock shows it', () => {
    const instant = zonedWallTimeToUtc({ year: 2026, month: 7, day: 14 }, 18, 45, 'Asia/Kolkata');
    expect(utcToZonedParts(instant, 'Asia/Kolkata')).toMatchObject({ year: 2026, month: 7, day: 14, hour: 18, minute: 45, weekday: 2 });
  });

  it('refuses an unknown zone', () => {
    expect(() => zonedWallTimeToUtc({ year: 2026, month: 1, day: 1 }, 0, 0, 'Mars/Olympus')).toThrow(RangeError);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('Australia/Lord_Howe')).toBe(true);
  });
});

describe('nextQueueSlot', () => {
  it.each<[string, string, string, QueueTime[], string]>([
    ['New York 9:00 the day before spring forward', 'America/New_York', '2026-03-07T15:00:00Z', [NINE_AM], '2026-03-08T13:00:00.000Z'],
    ['New York 9:00 stays 9:00 after fall back', 'America/New_York', '2026-10-31T14:00:00Z', [NINE_AM], '2026-11-01T14:00:00.000Z'],
    ['New York 02:30 slot on the gap day gives 03:00', 'America/New_York', '2026-03-08T05:00:00Z', [{ hour: 2, minute: 30, ampm: 0 }], '2026-03-08T07:00:00.000Z'],
    ['New York 01:30 slot on fall back gives the first occurrence', 'America/New_York', '2026-11-01T04:00:00Z', [{ hour: 1, minute: 30, ampm: 0 }], '2026-11-01T05:30:00.000Z'],
    ['Berlin 9:00 across the March change', 'Europe/Berlin', '2026-03-28T09:00:00Z', [NINE_AM], '2026-03-29T07:00:00.000Z'],
    ['Lord Howe 9:00 across the October change', 'Australia/Lord_Howe', '2026-10-03T00:00:00Z', [NINE_AM], '2026-10-03T22:00:00.000Z'],
    ['Kolkata 9:00 PM', 'Asia/Kolkata', '2026-03-08T00:00:00Z', [{ hour: 9, minute: 0, ampm: 12 }], '2026-03-08T15:30:00.000Z'],
    ['the earliest of several times on a day', 'Europe/Berlin', '2026-06-01T00:00:00Z', [{ hour: 3, minute: 45, ampm: 12 }, { hour: 8, minute: 15, ampm: 0 }], '2026-06-01T06:15:00.000Z'],
  ])('%s', (_name, zone, now, times, expected) => {
    expect(nextQueueSlot(settings(EVERY_DAY, times), zone, new Date(now))?.toISOString()).toBe(expected);
  });

  it('skips days that are off: Friday evening goes to Monday', () => {
    // 2026-03-06 is a Friday; Monday 2026-03-09 9:00 EDT.
    const slot = nextQueueSlot(settings(['mo', 'tu', 'we', 'th', 'fr'], [NINE_AM]), 'America/New_York', new Date('2026-03-06T20:00:00Z'));
    expect(slot?.toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('skips slots taken by the person\'s queued shares', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const taken = [new Date('2026-06-01T07:00:00Z'), new Date('2026-06-02T07:00:00Z')];
    expect(nextQueueSlot(settings(EVERY_DAY, [NINE_AM]), 'Europe/Berlin', now, taken)?.toISOString()).toBe('2026-06-03T07:00:00.000Z');
  });

  it('does not give a slot that has passed or is now', () => {
    const now = new Date('2026-06-01T07:00:00Z');
    expect(nextQueueSlot(settings(EVERY_DAY, [NINE_AM]), 'Europe/Berlin', now)?.toISOString()).toBe('2026-06-02T07:00:00.000Z');
  });

  it.each<[string, readonly Weekday[], QueueTime[]]>([
    ['no weekday', [], [NINE_AM]],
    ['no time', EVERY_DAY, []],
  ])('gives null (417) with %s', (_name, days, times) => {
    expect(nextQueueSlot(settings(days, times), 'Europe/Berlin', new Date('2026-06-01T00:00:00Z'))).toBeNull();
  });

  it('gives null when every slot within the horizon is taken, and the first free one otherwise', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const taken = Array.from({ length: 372 }, (_, day) => new Date(Date.UTC(2026, 5, 1 + day, 9, 0)));
    expect(nextQueueSlot(settings(EVERY_DAY, [NINE_AM]), 'UTC', now, taken)).toBeNull();
    const oneFree = taken.filter((_, day) => day !== 200);
    expect(nextQueueSlot(settings(EVERY_DAY, [NINE_AM]), 'UTC', now, oneFree)?.toISOString()).toBe(new Date(Date.UTC(2026, 5, 201, 9, 0)).toISOString());
  });
});

describe('schedule dates', () => {
  it.each<[string, { year: number; month: number; day: number } | null]>([
    ['2026/03/08', { year: 2026, month: 3, day: 8 }],
    ['2028/02/29', { year: 2028, month: 2, day: 29 }],
    ['2026/02/29', null],
    ['2026/13/01', null],
    ['2026/00/10', null],
    ['2026/3/8', null],
    ['2026-03-08', null],
    ['2026/03/08 ', null],
    ['26/03/08', null],
    ['2026/04/31', null],
  ])('parseScheduleDate(%j)', (text, expected) => {
    expect(parseScheduleDate(text)).toEqual(expected);
  });

  it.each<[string, { year: number; month: number; day: number } | null]>([
    ['2026-11-01', { year: 2026, month: 11, day: 1 }],
    ['2026/11/01', null],
    ['2026-11-1', null],
    ['2026-02-30', null],
  ])('parseIsoDate(%j)', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
  });

  it('starts the picker tomorrow in the person\'s zone', () => {
    // 23:30 UTC on 7 March is already 8 March in Kolkata, still 7 March in New York.
    const now = new Date('2026-03-07T23:30:00Z');
    expect(firstScheduleDate(now, 'Asia/Kolkata')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(firstScheduleDate(now, 'America/New_York')).toEqual({ year: 2026, month: 3, day: 8 });
    expect(isSelectableScheduleDate({ year: 2026, month: 3, day: 8 }, now, 'America/New_York')).toBe(true);
    expect(isSelectableScheduleDate({ year: 2026, month: 3, day: 8 }, now, 'Asia/Kolkata')).toBe(false);
    expect(isSelectableScheduleDate({ year: 2026, month: 3, day: 7 }, now, 'America/New_York')).toBe(false);
  });

  it.each<[string, string, string]>([
    ['America/New_York', '2026-03-07T15:00:00Z', '2026-03-08T05:01:00.000Z'],
    ['America/New_York', '2026-10-31T15:00:00Z', '2026-11-01T04:01:00.000Z'],
    ['Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-28T23:01:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-03T00:00:00Z', '2026-10-03T13:31:00.000Z'],
    ['Asia/Kolkata', '2026-03-07T23:30:00Z', '2026-03-08T18:31:00.000Z'],
  ])('default schedule time in %s at %s is the next day 00:01', (zone, now, expected) => {
    expect(defaultScheduleTime(new Date(now), zone).toISOString()).toBe(expected);
  });

  it('starts the picker at the first queue slot from tomorrow, skipping today and disabled days', () => {
    // Friday 2026-12-04 08:00 in New York: today's 9:15 slot is not offered, the weekend is off.
    const weekdays = settings(['mo', 'tu', 'we', 'th', 'fr'], [{ hour: 9, minute: 15, ampm: 0 }, { hour: 2, minute: 30, ampm: 12 }]);
    expect(defaultScheduleSlot(weekdays, new Date('2026-12-04T13:00:00Z'), 'America/New_York').toISOString()).toBe('2026-12-07T14:15:00.000Z');
    // A midnight slot tomorrow is the first one.
    const midnight = settings(['sa'], [{ hour: 0, minute: 0, ampm: 0 }]);
    expect(defaultScheduleSlot(midnight, new Date('2026-12-04T13:00:00Z'), 'America/New_York').toISOString()).toBe('2026-12-05T05:00:00.000Z');
  });

  it('falls back to the next day 00:01 when the queue has no slot', () => {
    const now = new Date('2026-12-04T13:00:00Z');
    expect(defaultScheduleSlot(settings(['mo'], []), now, 'America/New_York').toISOString()).toBe('2026-12-05T05:01:00.000Z');
    expect(defaultScheduleSlot(settings([], [{ hour: 9, minute: 0, ampm: 0 }]), now, 'America/New_York').toISOString()).toBe('2026-12-05T05:01:00.000Z');
    expect(defaultScheduleSlot(undefined, now, 'America/New_York').toISOString()).toBe('2026-12-05T05:01:00.000Z');
  });

  it('gives a 23-hour range for the New York spring day and 25 for the autumn day', () => {
    const spring = localDayRange({ year: 2026, month: 3, day: 8 }, 'America/New_York');
    const autumn = localDayRange({ year: 2026, month: 11, day: 1 }, 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });
});
