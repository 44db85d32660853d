/** The time-zone list of GET /api/v1/common/timezone. */
import type { TimezoneEntry } from '@chorus/core';

/** Minutes east of UTC of a zone at an instant, from Intl's "GMT+05:30" form. */
export function offsetMinutes(timeZone: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const match = /^GMT([+-])(\d{2}):?(\d{2})?$/.exec(part?.value ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function label(offset: number, zone: string): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `(UTC${sign}${hh}:${mm}) ${zone}`;
}

/**
 * Current IANA names that ICU still lists under their old names (Asia/Calcutta, Europe/Kiev),
 * while browsers may report either; both are offered so a user's zone is always in the list.
 */
const RENAMED_ZONES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Ho_Chi_Minh',
  'Asia/Yangon',
  'Europe/Kyiv',
  'America/Nuuk',
  'Atlantic/Faroe',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
  'Pacific/Kanton',
];

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the runtime knows (plus UTC), sorted by current offset, then name. */
export function buildTimezoneList(at: Date): TimezoneEntry[] {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', ...RENAMED_ZONES.filter(isKnownZone)]);
  return [...zones]
    .map((zone) => {
      const offset = offsetMinutes(zone, at);
      return { name: label(offset, zone), value: zone, offset };
    })
    .sort((a, b) => a.offset - b.offset || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

let cached: TimezoneEntry[] | null = null;

/** The list, computed once per process: offsets are as of the first request. */
export function timezoneList(): TimezoneEntry[] {
  cached ??= buildTimezoneList(new Date());
  return cached;
}
