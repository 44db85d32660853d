import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_MS, NEW_FEATURES_COOKIE } from '@chorus/core';

/**
 * Expires every cookie this page can see except the kept ones. Sign-out uses it: the spec
 * clears all cookies but the new-features one.
 */
export function clearCookies(doc: Document, keep: readonly string[] = [NEW_FEATURES_COOKIE]): void {
  const names = doc.cookie
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.length > 0 && !keep.includes(name));
  for (const name of names) {
    doc.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

/** Remembers the interface language for 60 days, as the spec says. */
export function writeLanguageCookie(doc: Document, language: string): void {
  const maxAge = Math.round(LANGUAGE_COOKIE_MAX_AGE_MS / 1000);
  doc.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}
