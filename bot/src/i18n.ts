import { FALLBACK_LANGUAGE, resources, supportedLanguages, type SupportedLanguage } from '@chorus/locales';
import i18next, { type TFunction } from 'i18next';

/** Locales Chorus ships translations for. */
export const supportedLocales = supportedLanguages;

/** One of the shipped locales. */
export type SupportedLocale = SupportedLanguage;

const fallbackLocale: SupportedLocale = FALLBACK_LANGUAGE;

const i18n = i18next.createInstance();
// Resources are bundled, so initialisation is synchronous and translators are usable at once.
void i18n.init({
  resources,
  lng: fallbackLocale,
  fallbackLng: fallbackLocale,
  supportedLngs: [...supportedLocales],
  ns: ['bot'],
  defaultNS: 'bot',
  initAsync: false,
  // Cards are not HTML; Adaptive Cards render text as plain text with a little markdown.
  interpolation: { escapeValue: false },
});

/**
 * Maps a Teams locale to a shipped one: the exact tag, else the same language (fr-FR -> fr-CA),
 * else en-US.
 */
export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  if (!locale) {
    return fallbackLocale;
  }
  const wanted = locale.toLowerCase();
  const exact = supportedLocales.find((candidate) => candidate.toLowerCase() === wanted);
  if (exact) {
    return exact;
  }
  const language = wanted.split(/[-_]/)[0];
  return supportedLocales.find((candidate) => candidate.toLowerCase().startsWith(`${language}-`)) ?? fallbackLocale;
}

/** A translator for the bot namespace in the given Teams locale. */
export function botTranslator(locale: string | null | undefined): TFunction<'bot'> {
  return i18n.getFixedT(resolveLocale(locale), 'bot');
}
