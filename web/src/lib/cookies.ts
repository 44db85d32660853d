import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_MS, NEW_FEATURES_COOKIE } from '@chorus/core';
import { readCookies, writeCookie } from './safe-storage.ts';

/**
 * Expires every cookie this page can see except the kept ones. Sign-out uses it: the spec
 * clears all cookies but the new-features one.
 */
export function clearCookies(doc: Document, keep: readonly string[] = [NEW_FEATURES_COOKIE]): void {
  const names = readCookies(doc)
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.length > 0 && !keep.includes(name));
  for (const name of names) {
    writeCookie(`${name}=; Path=/; Max-Age=0`, doc);
  }
}

/** Remembers the interface language for 60 days, as the spec says. */
export function writeLanguageCookie(doc: Document, language: string): void {
  const maxAge = Math.round(LANGUAGE_COOKIE_MAX_AGE_MS / 1000);
  writeCookie(`${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`, doc);
}
