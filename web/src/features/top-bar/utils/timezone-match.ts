/**
 * When the time-zone warning shows. Two zones agree when they would show the same wall-clock
 * time now and at every month start over the coming year: aliases (US/Eastern and
 * America/New_York, Asia/Calcutta and Asia/Kolkata) and distinct zones with the same offsets
 * and daylight-saving rules (Europe/Paris and Europe/Berlin) never warn, while zones that agree
 * today but not in the other season (America/Phoenix and America/Denver) do, since queued posts
 * would then go out an hour off for half the year.
 */

import { dateTimeFormat } from '../../../lib/date-format.ts';

/** Months sampled after now: one year covers both daylight-saving seasons. */
const SAMPLED_MONTHS = 12;

/** The zone's offset reader (shared, see lib/date-format.ts), or null for a zone the runtime does not know. */
function formatterOf(zone: string): Intl.DateTimeFormat | null {
  try {
    return dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  } catch {
    return null;
  }
}

/** Minutes east of UTC of a zone at an instant, or null for a zone the runtime does not know. */
export function zoneOffsetMinutes(zone: string, at: Date): number | null {
  const formatter = formatterOf(zone);
  if (formatter === null) return null;
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /^GMT(?:([+-])(\d{2}):?(\d{2})?)?$/.exec(name);
  if (!match) return null;
  if (match[1] === undefined) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instants compared: now and the start of each of the next twelve months (UTC). */
export function sampleInstants(now: Date): Date[] {
  const instants = [now];
  for (let month = 1; month <= SAMPLED_MONTHS; month += 1) {
    instants.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, 1, 12)));
  }
  return instants;
}

/** True when the two zones show the same wall-clock time throughout the coming year. */
export function zonesAgree(first: string, second: string, now: Date): boolean {
  if (first === second) return true;
  return sampleInstants(now).every((at) => {
    const a = zoneOffsetMinutes(first, at);
    return a !== null && a === zoneOffsetMinutes(second, at);
  });
}

/**
 * Whether the top bar warns: the browser's zone is known and disagrees with the saved one
 * (a saved zone the browser does not know always disagrees, so the user can fix it).
 */
export function hasTimezoneMismatch(browserZone: string | undefined, savedZone: string, now: Date): boolean {
  if (!browserZone || zoneOffsetMinutes(browserZone, now) === null) return false;
  return !zonesAgree(browserZone, savedZone, now);
}

/** The browser's IANA zone, if it tells. */
export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
