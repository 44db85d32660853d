import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../domain/enums.ts';

// Bare primary subtags the product understands, each mapped to the one regional variant
// it ships; other regions of these languages are not supported and fall back like any other.
const PRIMARY_LANGUAGE: Readonly<Record<string, Language>> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-CA',
  de: 'de-DE',
};

/** True when the value is exactly one of the four supported language tags. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language for a requested tag: en-US, es-ES, fr-CA or de-DE, matched
 * without regard to case or to `_` versus `-` (`fr_ca` is fr-CA); a bare `en`, `es`, `fr` or
 * `de` gives that language's supported region; anything else is en-US (accounts spec 5).
 */
export function resolveLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const normalised = value.trim().replace(/_/g, '-').toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === normalised);
  return exact ?? PRIMARY_LANGUAGE[normalised] ?? DEFAULT_LANGUAGE;
}

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
