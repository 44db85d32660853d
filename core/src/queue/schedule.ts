/**
 * Queue and schedule times (content-library spec 4 "Queue", 5 "Schedule time", 9 "Default
 * schedule time"). Times are stored as UTC instants and computed in the person's IANA zone, so a
 * 9:00 queue slot stays 9:00 on the wall clock across daylight-saving changes.
 */
import { WEEKDAYS } from '../domain/enums.ts';
import type { NetworkQueueSettings } from '../contract/user.ts';
import { queueTimeTo24h } from '../validation/queue-time.ts';

/** A calendar date in some zone (month 1 to 12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** How far ahead the queue looks for a free slot before giving up (417). */
export const QUEUE_HORIZON_DAYS = 366;

/** One wall-clock reader per zone (24-hour, to the second); building one costs far more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(zone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(zone);
  if (clock === undefined) {
    // Throws a RangeError for a zone the runtime does not know.
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, clock);
  }
  return clock;
}

/**
 * Offset of the zone from UTC at an instant, in ms (local = utc + offset), read from the wall
 * clock the zone shows at that instant (offsets are whole seconds, so the milliseconds cancel).
 */
function offsetAt(zone: string, instant: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of wallClock(zone).formatToParts(instant)) parts[part.type] = Number(part.value);
  const wall = new Date(0);
  wall.setUTCFullYear(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1);
  wall.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall.getTime() - (instant - (((instant % 1000) + 1000) % 1000));
}

/** Whether `zone` is an IANA zone name this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    offsetAt(zone, 0);
    return zone.length > 0;
  } catch {
    return false;
  }
}

/**
 * The instant at which the wall clock of `zone` shows this date and time. A time that the clock
 * skips (spring-forward gap) gives the first valid minute after the gap; a time the clock shows
 * twice (autumn fall-back) gives the first occurrence.
 */
export function zonedWallTimeToUtc(date: LocalDate, hour: number, minute: number, zone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // Offsets a day either side cover every transition that can touch this wall time.
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter((instant) => instant + offsetAt(zone, instant) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: the first valid minute is the transition itself, between the two readings.
  let low = wall - after;
  let high = wall - before;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(zone, middle) === after) high = middle;
    else low = middle;
  }
  return new Date(Math.ceil(high / MINUTE_MS) * MINUTE_MS);
}

/** The wall-clock date and time of an instant in a zone. */
export function utcToZonedParts(instant: Date, zone: string): LocalDate & { hour: number; minute: number; weekday: number } {
  const local = new Date(instant.getTime() + offsetAt(zone, instant.getTime()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** The date `days` after a date (negative goes back), on the calendar, ignoring zones. */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The person's calendar date at an instant. */
export function localDateOf(instant: Date, zone: string): LocalDate {
  const { year, month, day } = utcToZonedParts(instant, zone);
  return { year, month, day };
}

/** Compares two dates: negative, zero or positive. */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function validDate(year: number, month: number, day: number): LocalDate | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay ? { year, month, day } : null;
}

/** A date typed as `YYYY/MM/DD`, strictly (two-digit month and day, a real calendar date); null otherwise. */
export function parseScheduleDate(text: string): LocalDate | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(text);
  if (match === null) return null;
  return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A date given as `YYYY-MM-DD` (the timeline's `date` parameter), strictly; null otherwise. */
export function parseIsoDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A date as the picker shows it, `YYYY/MM/DD`. */
export function formatScheduleDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}/${String(date.month).padStart(2, '0')}/${String(date.day).padStart(2, '0')}`;
}

/** The first date the schedule picker offers: tomorrow in the person's zone. */
export function firstScheduleDate(now: Date, zone: string): LocalDate {
  return addLocalDays(localDateOf(now, zone), 1);
}

/** Whether the picker may offer this date (from tomorrow in the person's zone). */
export function isSelectableScheduleDate(date: LocalDate, now: Date, zone: string): boolean {
  return compareLocalDates(date, firstScheduleDate(now, zone)) >= 0;
}

/** The default schedule time: the next day at 00:01 in the person's zone. */
export function defaultScheduleTime(now: Date, zone: string): Date {
  return zonedWallTimeToUtc(firstScheduleDate(now, zone), 0, 1, zone);
}

/**
 * Where the schedule picker starts: the person's first queue slot for the network from tomorrow
 * on (so a scheduled share lands where their queue would put it), or the spec's next day 00:01
 * when their queue has no slot (no time or no weekday set).
 */
export function defaultScheduleSlot(settings: Pick<NetworkQueueSettings, 'post_queue_time' | 'post_queue_weekday'> | undefined, now: Date, zone: string): Date {
  const fallback = defaultScheduleTime(now, zone);
  if (settings === undefined) return fallback;
  // The slot search looks strictly after its start: a minute before tomorrow's midnight keeps a 00:00 slot.
  const slot = nextQueueSlot(settings, zone, new Date(zonedWallTimeToUtc(firstScheduleDate(now, zone), 0, 0, zone).getTime() - MINUTE_MS));
  return slot ?? fallback;
}

/** The UTC range [start, end) of one calendar day in the person's zone (a DST day may be 23 or 25 hours). */
export function localDayRange(date: LocalDate, zone: string): { start: Date; end: Date } {
  return { start: zonedWallTimeToUtc(date, 0, 0, zone), end: zonedWallTimeToUtc(addLocalDays(date, 1), 0, 0, zone) };
}

/**
 * The next free queue slot after `now`: the earliest instant on an enabled weekday at one of
 * the queue times, in the person's zone, that is not already `taken` by one of their queued
 * shares. Null when the settings cannot give one (no weekday or no time: 417).
 */
export function nextQueueSlot(settings: Pick<NetworkQueueSettings, 'post_queue_time' | 'post_queue_weekday'>, zone: string, now: Date, taken: readonly Date[] = []): Date | null {
  const days = WEEKDAYS.map((day) => settings.post_queue_weekday[day]);
  const times = settings.post_queue_time.map(queueTimeTo24h).sort((a, b) => a.hour - b.hour || a.minute - b.minute);
  if (times.length === 0 || !days.includes(true)) return null;
  const takenAt = new Set(taken.map((instant) => Math.floor(instant.getTime() / MINUTE_MS)));
  const today = localDateOf(now, zone);
  for (let offset = 0; offset <= QUEUE_HORIZON_DAYS; offset += 1) {
    const date = addLocalDays(today, offset);
    if (days[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] !== true) continue;
    for (const time of times) {
      const slot = zonedWallTimeToUtc(date, time.hour, time.minute, zone);
      if (slot.getTime() > now.getTime() && !takenAt.has(Math.floor(slot.getTime() / MINUTE_MS))) return slot;
    }
  }
  return null;
}
