import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, resolveLanguage, type Language } from '@chorus/core';

/**
 * The supported language a tag names, by core's rules (case and `_` ignored, a bare `fr`
 * means fr-CA), or null when core would only fall back to the default for it.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (typeof tag !== 'string' || tag.trim().length === 0) return null;
  const resolved = resolveLanguage(tag);
  if (resolved !== DEFAULT_LANGUAGE) return resolved;
  return ['en', 'en-us'].includes(tag.trim().replace(/_/g, '-').toLowerCase()) ? resolved : null;
}

/** The first candidate that names a supported language, else the default (en-US). */
export function pickLanguage(...candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const match = matchLanguage(candidate);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** The value of the `language` cookie in a `document.cookie` string. */
export function languageFromCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
