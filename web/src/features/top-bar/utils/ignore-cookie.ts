/**
 * The time-zone warning's 'Ignore': a cookie whose value is the time (epoch ms) until which the
 * warning stays hidden, one week (TIMEZONE_WARNING_HIDDEN_MS) after Ignore was pressed. The
 * cookie also expires then, but the stored time decides, so a clock change cannot stretch it.
 */
import { TIMEZONE_WARNING_COOKIE, TIMEZONE_WARNING_HIDDEN_MS } from '@chorus/core';

/** The hidden-until time a cookie header carries, or null when absent or malformed. */
export function ignoredUntil(cookieHeader: string): number | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TIMEZONE_WARNING_COOKIE) continue;
    const value = rest.join('=');
    if (!/^\d{1,16}$/.test(value)) return null;
    return Number(value);
  }
  return null;
}

/** True while the stored expiry is still in the future. */
export function isWarningIgnored(cookieHeader: string, now: number): boolean {
  const until = ignoredUntil(cookieHeader);
  return until !== null && until > now;
}

/** The `document.cookie` assignment that hides the warning for a week from `now`. */
export function ignoreCookie(now: number, secure: boolean): string {
  const until = now + TIMEZONE_WARNING_HIDDEN_MS;
  const maxAge = Math.round(TIMEZONE_WARNING_HIDDEN_MS / 1000);
  return `${TIMEZONE_WARNING_COOKIE}=${until}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
