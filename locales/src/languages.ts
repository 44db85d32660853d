/**
 * The languages and namespaces of the translations, without any strings: what both the
 * server's full set (index.ts) and the browser's on-demand set (browser.ts) are built on.
 */
/** Interface languages, in the spec's order; the first is the fallback. */
export const supportedLanguages = ['en-US', 'es-ES', 'fr-CA', 'de-DE'] as const;
/** One of the interface languages. */
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** The language i18next falls back to for a missing key. */
export const FALLBACK_LANGUAGE: SupportedLanguage = 'en-US';

/**
 * Namespaces: `common` (web UI strings), `errors` (the error catalogue by code, toast titles,
 * other auth messages), `validation` (messages of core's validation rules), `bot` (Teams bot).
 */
export const NAMESPACES = ['common', 'errors', 'validation', 'bot'] as const;
/** One of the i18next namespaces. */
export type Namespace = (typeof NAMESPACES)[number];

/** The namespace i18next uses when a key names none. */
export const DEFAULT_NAMESPACE: Namespace = 'common';

/** A tree of translation strings, as i18next reads it with `.` as the key separator. */
export interface ResourceTree {
  readonly [key: string]: string | ResourceTree;
}

/** One language's namespaces. */
export type LanguageResources = Readonly<Record<Namespace, ResourceTree>>;

/**
 * Namespaces loaded on demand, one chunk per language and namespace, so screens away from the
 * feed do not weigh on its first render: `settings` (settings and language), `social` (linked
 * networks, queue settings, onboarding), `privacy` (personal data, deactivation and deletion),
 * `library` (the content library), `screens` (the admin landing page and the public legal pages),
 * `share` (the share modal, copy link and e-mail), `captions` (the caption editor's compliance
 * messages, mention search and AI captions). Components use keys as `'settings:personal.title'`.
 */
export const LAZY_NAMESPACES = ['settings', 'social', 'privacy', 'library', 'screens', 'share', 'captions'] as const;
/** One of the on-demand namespaces. */
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

/** Whether a name is one of the on-demand namespaces. */
export function isLazyNamespace(name: string): name is LazyNamespace {
  return (LAZY_NAMESPACES as readonly string[]).includes(name);
}
