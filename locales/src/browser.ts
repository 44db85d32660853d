/**
 * The translations as the browser loads them: en-US (the fallback) is bundled with the app, and
 * every other language, like every on-demand namespace, comes from its own chunk when first
 * asked for, so a page fetches only the strings of the language it shows. The server and the
 * bot read every language at once from index.ts.
 */
import enUSCommon from '../en-US/common.json' with { type: 'json' };
import enUSErrors from '../en-US/errors.json' with { type: 'json' };
import enUSValidation from '../en-US/validation.json' with { type: 'json' };
import { FALLBACK_LANGUAGE, isLazyNamespace, supportedLanguages, type LazyNamespace, type Namespace, type ResourceTree, type SupportedLanguage } from './languages.ts';

/** The bundled namespaces the browser reads (`bot` belongs to the bot). */
export type BrowserCoreNamespace = Exclude<Namespace, 'bot'>;

/** The fallback language's bundled namespaces, ready without a request. */
export const fallbackBrowserResources: Readonly<Record<BrowserCoreNamespace, ResourceTree>> = {
  common: enUSCommon,
  errors: enUSErrors,
  validation: enUSValidation,
};

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

// Literal paths so bundlers split each file into its own chunk; en-US is bundled (above).
const coreLoaders: Readonly<Record<Exclude<SupportedLanguage, 'en-US'>, Readonly<Record<BrowserCoreNamespace, Loader>>>> = {
  'es-ES': {
    common: () => import('../es-ES/common.json', { with: { type: 'json' } }),
    errors: () => import('../es-ES/errors.json', { with: { type: 'json' } }),
    validation: () => import('../es-ES/validation.json', { with: { type: 'json' } }),
  },
  'fr-CA': {
    common: () => import('../fr-CA/common.json', { with: { type: 'json' } }),
    errors: () => import('../fr-CA/errors.json', { with: { type: 'json' } }),
    validation: () => import('../fr-CA/validation.json', { with: { type: 'json' } }),
  },
  'de-DE': {
    common: () => import('../de-DE/common.json', { with: { type: 'json' } }),
    errors: () => import('../de-DE/errors.json', { with: { type: 'json' } }),
    validation: () => import('../de-DE/validation.json', { with: { type: 'json' } }),
  },
};

/**
 * One language's namespace as the browser reads it: the fallback's bundled ones at once, any
 * other from its chunk. An unknown language reads the fallback's.
 */
export async function loadBrowserNamespace(language: string, namespace: BrowserCoreNamespace | LazyNamespace): Promise<ResourceTree> {
  const known = (supportedLanguages as readonly string[]).includes(language) ? (language as SupportedLanguage) : FALLBACK_LANGUAGE;
  if (isLazyNamespace(namespace)) return (await lazyLoaders[known][namespace]()).default;
  if (known === 'en-US') return fallbackBrowserResources[namespace];
  return (await coreLoaders[known][namespace]()).default;
}
