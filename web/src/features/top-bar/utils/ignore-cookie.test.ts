import { describe, expect, it } from 'vitest';
import { TIMEZONE_WARNING_COOKIE, TIMEZONE_WARNING_HIDDEN_MS } from '@chorus/core';
import { ignoreCookie, ignoredUntil, isWarningIgnored } from './ignore-cookie.ts';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

describe('ignoreCookie', () => {
  it('stores the expiry one week (604800000 ms) ahead and lives as long', () => {
    expect(TIMEZONE_WARNING_HIDDEN_MS).toBe(604_800_000);
    expect(ignoreCookie(NOW, false)).toBe(`${TIMEZONE_WARNING_COOKIE}=${NOW + 604_800_000}; Path=/; Max-Age=604800; SameSite=Lax`);
  });

  it('is Secure on HTTPS', () => {
    expect(ignoreCookie(NOW, true).endsWith('; Secure')).toBe(true);
  });
});

describe('isWarningIgnored', () => {
  const cookie = (value: string): string => `pb_token=abc; ${TIMEZONE_WARNING_COOKIE}=${value}; language=en-US`;
  const setAt = String(NOW + TIMEZONE_WARNING_HIDDEN_MS);

  it.each([
    ['right after Ignore', NOW, true],
    ['a day before the week is over', NOW + TIMEZONE_WARNING_HIDDEN_MS - 86_400_000, true],
    ['a millisecond before the expiry', NOW + TIMEZONE_WARNING_HIDDEN_MS - 1, true],
    ['at the expiry', NOW + TIMEZONE_WARNING_HIDDEN_MS, false],
    ['after the week', NOW + TIMEZONE_WARNING_HIDDEN_MS + 1, false],
  ])('%s: hidden %s', (_label, now, hidden) => {
    expect(isWarningIgnored(cookie(setAt), now)).toBe(hidden);
  });

  it('reads the expiry the cookie carries', () => {
    expect(ignoredUntil(cookie(setAt))).toBe(NOW + TIMEZONE_WARNING_HIDDEN_MS);
  });

  it.each([
    ['no cookie', 'pb_token=abc'],
    ['an empty value', cookie('')],
    ['a non-numeric value', cookie('forever')],
    ['a negative value', cookie('-1')],
  ])('shows the warning with %s', (_label, header) => {
    expect(isWarningIgnored(header, NOW)).toBe(false);
  });
});
