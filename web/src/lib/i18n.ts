import i18next from 'i18next';
import type { BackendModule, i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@chorus/core';
import { fallbackBrowserResources, loadBrowserNamespace, type BrowserCoreNamespace } from '@chorus/locales/browser';
import type { LazyNamespace } from '@chorus/locales';
import { pickLanguage } from '@chorus/core';
import { languageFromCookie } from './language.ts';
import { readCookies } from './safe-storage.ts';

/** Namespaces the web app reads; `bot` belongs to the bot and is left out. */
export const WEB_NAMESPACES = ['common', 'errors', 'validation'] as const;

/**
 * Reads what is not bundled from its own chunk when a component first asks for it: the
 * on-demand namespaces (settings, social, privacy, ...) and every namespace of a language
 * other than the fallback; react-i18next suspends until they arrive.
 */
const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadBrowserNamespace(language, namespace as BrowserCoreNamespace | LazyNamespace).then(
      (tree) => callback(null, tree),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * A new i18next instance for one ChorusApp: en-US is bundled and ready at once; another
 * language's strings load from their chunks (ChorusApp shows nothing until they arrive, a
 * fraction of a second). `common` is the default namespace.
 */
export function createChorusI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).use(lazyNamespaces).init({
    resources: { [DEFAULT_LANGUAGE]: fallbackBrowserResources },
    // The fallback's bundled namespaces come from `resources`; the backend loads the rest.
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
