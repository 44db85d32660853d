import { describe, expect, it } from 'vitest';
import { SMART_BANNER_HIDDEN_MS, SMART_BANNER_REMINDER_MS } from '@chorus/core';
import { isSmartBannerHidden, showsSmartBanner, smartBannerHiddenUntil } from './smart-banner.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 3, 0);

describe('smart app banner', () => {
  it('uses the spec: hidden 7 days, reminder 7 days', () => {
    expect(SMART_BANNER_HIDDEN_MS).toBe(7 * DAY);
    expect(SMART_BANNER_REMINDER_MS).toBe(7 * DAY);
  });

  it.each([
    { exit: 'dismissed' as const, ms: SMART_BANNER_HIDDEN_MS },
    { exit: 'opened' as const, ms: SMART_BANNER_REMINDER_MS },
  ])('once $exit, stays hidden until the period ends, then comes back', ({ exit, ms }) => {
    const stored = smartBannerHiddenUntil(exit, now);
    expect(isSmartBannerHidden(stored, now)).toBe(true);
    expect(isSmartBannerHidden(stored, now + ms - 1)).toBe(true);
    expect(isSmartBannerHidden(stored, now + ms)).toBe(false);
  });

  it.each([null, '', 'soon', 'NaN'])('shows with a stored value of %s (absent, blocked storage or unreadable)', (stored) => {
    expect(isSmartBannerHidden(stored, now)).toBe(false);
  });

  it.each([
    { narrow: true, host: 'web' as const, hidden: false, expected: true },
    { narrow: false, host: 'web' as const, hidden: false, expected: false },
    { narrow: true, host: 'teams' as const, hidden: false, expected: false },
    { narrow: true, host: 'web' as const, hidden: true, expected: false },
  ])('narrow $narrow, host $host, hidden $hidden: shown $expected', ({ expected, ...where }) => {
    expect(showsSmartBanner(where)).toBe(expected);
  });
});
