import enUSCommon from '../en-US/common.json' with { type: 'json' };
import enUSErrors from '../en-US/errors.json' with { type: 'json' };
import enUSValidation from '../en-US/validation.json' with { type: 'json' };
import enUSBot from '../en-US/bot.json' with { type: 'json' };
import esESCommon from '../es-ES/common.json' with { type: 'json' };
import esESErrors from '../es-ES/errors.json' with { type: 'json' };
import esESValidation from '../es-ES/validation.json' with { type: 'json' };
import esESBot from '../es-ES/bot.json' with { type: 'json' };
import frCACommon from '../fr-CA/common.json' with { type: 'json' };
import frCAErrors from '../fr-CA/errors.json' with { type: 'json' };
import frCAValidation from '../fr-CA/validation.json' with { type: 'json' };
import frCABot from '../fr-CA/bot.json' with { type: 'json' };
import deDECommon from '../de-DE/common.json' with { type: 'json' };
import deDEErrors from '../de-DE/errors.json' with { type: 'json' };
import deDEValidation from '../de-DE/validation.json' with { type: 'json' };
import deDEBot from '../de-DE/bot.json' with { type: 'json' };

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

/** The en-US resources with their exact keys, for i18next's typed `t` (CustomTypeOptions). */
export const defaultResources = {
  common: enUSCommon,
  errors: enUSErrors,
  validation: enUSValidation,
  bot: enUSBot,
} as const satisfies LanguageResources;

/** Every language's resources, in the shape i18next's `init({ resources })` takes. */
export const resources: Readonly<Record<SupportedLanguage, LanguageResources>> = {
  'en-US': defaultResources,
  'es-ES': { common: esESCommon, errors: esESErrors, validation: esESValidation, bot: esESBot },
  'fr-CA': { common: frCACommon, errors: frCAErrors, validation: frCAValidation, bot: frCABot },
  'de-DE': { common: deDECommon, errors: deDEErrors, validation: deDEValidation, bot: deDEBot },
};

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

type Loader = () => Promise<{ default: ResourceTree }>;

// Literal paths so bundlers split each file into its own chunk.
const lazyLoaders: Readonly<Record<SupportedLanguage, Readonly<Record<LazyNamespace, Loader>>>> = {
  'en-US': {
    settings: () => import('../en-US/settings.json', { with: { type: 'json' } }),
    social: () => import('../en-US/social.json', { with: { type: 'json' } }),
    privacy: () => import('../en-US/privacy.json', { with: { type: 'json' } }),
    library: () => import('../en-US/library.json', { with: { type: 'json' } }),
    screens: () => import('../en-US/screens.json', { with: { type: 'json' } }),
    share: () => import('../en-US/share.json', { with: { type: 'json' } }),
    captions: () => import('../en-US/captions.json', { with: { type: 'json' } }),
  },
  'es-ES': {
    settings: () => import('../es-ES/settings.json', { with: { type: 'json' } }),
    social: () => import('../es-ES/social.json', { with: { type: 'json' } }),
    privacy: () => import('../es-ES/privacy.json', { with: { type: 'json' } }),
    library: () => import('../es-ES/library.json', { with: { type: 'json' } }),
    screens: () => import('../es-ES/screens.json', { with: { type: 'json' } }),
    share: () => import('../es-ES/share.json', { with: { type: 'json' } }),
    captions: () => import('../es-ES/captions.json', { with: { type: 'json' } }),
  },
  'fr-CA': {
    settings: () => import('../fr-CA/settings.json', { with: { type: 'json' } }),
    social: () => import('../fr-CA/social.json', { with: { type: 'json' } }),
    privacy: () => import('../fr-CA/privacy.json', { with: { type: 'json' } }),
    library: () => import('../fr-CA/library.json', { with: { type: 'json' } }),
    screens: () => import('../fr-CA/screens.json', { with: { type: 'json' } }),
    share: () => import('../fr-CA/share.json', { with: { type: 'json' } }),
    captions: () => import('../fr-CA/captions.json', { with: { type: 'json' } }),
  },
  'de-DE': {
    settings: () => import('../de-DE/settings.json', { with: { type: 'json' } }),
    social: () => import('../de-DE/social.json', { with: { type: 'json' } }),
    privacy: () => import('../de-DE/privacy.json', { with: { type: 'json' } }),
    library: () => import('../de-DE/library.json', { with: { type: 'json' } }),
    screens: () => import('../de-DE/screens.json', { with: { type: 'json' } }),
    share: () => import('../de-DE/share.json', { with: { type: 'json' } }),
    captions: () => import('../de-DE/captions.json', { with: { type: 'json' } }),
  },
};

/** Whether a name is one of the on-demand namespaces. */
export function isLazyNamespace(name: string): name is LazyNamespace {
  return (LAZY_NAMESPACES as readonly string[]).includes(name);
}

/**
 * One language's namespace: the bundled ones at once, the on-demand ones from their chunk.
 * An unknown language reads the fallback's.
 */
export async function loadNamespace(language: string, namespace: Namespace | LazyNamespace): Promise<ResourceTree> {
  const known = (supportedLanguages as readonly string[]).includes(language) ? (language as SupportedLanguage) : FALLBACK_LANGUAGE;
  if (isLazyNamespace(namespace)) return (await lazyLoaders[known][namespace]()).default;
  return resources[known][namespace];
}
