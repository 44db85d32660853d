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
