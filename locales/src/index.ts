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

import { FALLBACK_LANGUAGE, isLazyNamespace, supportedLanguages, type LanguageResources, type LazyNamespace, type Namespace, type ResourceTree, type SupportedLanguage } from './languages.ts';
import { loadBrowserNamespace } from './browser.ts';

export * from './languages.ts';
export { fallbackBrowserResources, loadBrowserNamespace, type BrowserCoreNamespace } from './browser.ts';

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
 * One language's namespace: the bundled ones at once, the on-demand ones from their chunk.
 * An unknown language reads the fallback's.
 */
export async function loadNamespace(language: string, namespace: Namespace | LazyNamespace): Promise<ResourceTree> {
  if (isLazyNamespace(namespace)) return loadBrowserNamespace(language, namespace);
  const known = (supportedLanguages as readonly string[]).includes(language) ? (language as SupportedLanguage) : FALLBACK_LANGUAGE;
  return resources[known][namespace];
}
