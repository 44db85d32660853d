import i18next from 'i18next';
import type { BackendModule, i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@chorus/core';
import { loadNamespace, resources, type LazyNamespace, type Namespace } from '@chorus/locales';
import { pickLanguage } from '@chorus/core';
import { languageFromCookie } from './language.ts';
import { readCookies } from './safe-storage.ts';

/** Namespaces the web app reads; `bot` belongs to the bot and is left out. */
export const WEB_NAMESPACES = ['common', 'errors', 'validation'] as const;

/**
 * Reads the on-demand namespaces (settings, social, privacy, library) from their own chunks
 * when a component first asks for them; react-i18next suspends until they arrive.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace as Namespace | LazyNamespace).then(
      (tree) => callback(null, tree),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * A new i18next instance with every locale bundled (so it is ready synchronously), for one
 * ChorusApp. `common` is the default namespace.
 */
export function createChorusI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).use(lazyNamespaces).init({
    resources,
    // The bundled namespaces come from `resources`; the backend loads the on-demand ones.
    partialBundledLanguages: true,
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
  return pickLanguage(languageFromCookie(readCookies()), ...browser);
}
