import { DEFAULT_LANGUAGE, LANGUAGES } from '@chorus/core';
import type { Language } from '@chorus/core';

/**
 * Maps a Teams locale (`fr-ca`, `fr-FR`, `de`, ...) to a supported interface language:
 * an exact match ignoring case first, then the first supported language with the same
 * primary subtag, else the default language.
 */
export function languageForTeamsLocale(locale: string | undefined): Language {
  const wanted = locale?.trim().replace('_', '-').toLowerCase() ?? '';
  if (wanted === '') {
    return DEFAULT_LANGUAGE;
  }
  const exact = LANGUAGES.find((language) => language.toLowerCase() === wanted);
  if (exact !== undefined) {
    return exact;
  }
  const primary = wanted.split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary) ?? DEFAULT_LANGUAGE;
}
