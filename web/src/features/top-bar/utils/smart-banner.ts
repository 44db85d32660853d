import { SMART_BANNER_HIDDEN_MS, SMART_BANNER_REMINDER_MS } from '@chorus/core';

/** localStorage key of the smart app banner: the time (ms since the epoch) it stays hidden until. */
export const SMART_BANNER_KEY = 'chorus.smartAppBanner.hiddenUntil';

/** Why the banner went away: closed (hidden 7 days), or the install was asked for from it (reminder in 7 days). */
export type SmartBannerExit = 'dismissed' | 'opened';

/** Whether the stored value still hides the banner at `now`; an absent or unreadable value does not. */
export function isSmartBannerHidden(stored: string | null, now: number): boolean {
  const until = Number(stored);
  return stored !== null && Number.isFinite(until) && until > now;
}

/** The value to store when the banner goes away at `now`. */
export function smartBannerHiddenUntil(exit: SmartBannerExit, now: number): string {
  return String(now + (exit === 'dismissed' ? SMART_BANNER_HIDDEN_MS : SMART_BANNER_REMINDER_MS));
}

/**
 * Where the banner shows: phone widths of the standalone site, unless hidden, and not in the
 * installed app (it offers to install it) nor in a Teams tab (already an app).
 */
export function showsSmartBanner(where: { narrow: boolean; host: 'web' | 'teams'; hidden: boolean; installed?: boolean }): boolean {
  return where.narrow && where.host === 'web' && !where.hidden && where.installed !== true;
}
