import { resolveLanguage } from '@chorus/core';
import type { Language } from '@chorus/core';

/**
 * Maps a Teams locale (`fr-ca`, `fr-FR`, `de`, ...) to a supported interface language. Unlike
 * the product's own rule (core `resolveLanguage`, which it builds on), another region of a
 * supported language gives that language: Teams reports the user's OS region, and a user in
 * France is better served by fr-CA than by the en-US fallback.
 */
export function languageForTeamsLocale(locale: string | undefined): Language {
  const wanted = locale?.trim().replace(/_/g, '-').toLowerCase() ?? '';
  const exact = resolveLanguage(wanted);
  if (exact.toLowerCase() === wanted) {
    return exact;
  }
  return resolveLanguage(wanted.split('-')[0]);
}
