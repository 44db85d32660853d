import i18next from 'i18next';
import type { i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@chorus/core';
import { resources } from '@chorus/locales';
import { languageFromCookie, pickLanguage } from './language.ts';

/** Namespaces the web app reads; `bot` belongs to the bot and is left out. */
export const WEB_NAMESPACES = ['common', 'errors', 'validation'] as const;

/**
 * A new i18next instance with every locale bundled (so it is ready synchronously), for one
 * ChorusApp. `common` is the default namespace.
 */
export function createChorusI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...WEB_NAMESPACES],
    defaultNS: 'common',
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/**
 * The language to start with before the user's own is known: the host's choice, else the
 * `language` cookie, else the browser's languages, else en-US.
 */
export function initialLanguage(forced: Language | undefined): Language {
  if (forced) return forced;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return pickLanguage(languageFromCookie(document.cookie), ...browser);
}
