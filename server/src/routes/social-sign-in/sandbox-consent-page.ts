/**
 * The sandbox network's consent page: plain, accessible HTML served by Chorus, in the
 * visitor's language (see consent-page-language.ts for how it is picked). Strings come from
 * the per-language files in ./locales; every value from the request is escaped.
 */
import type { Language } from '@chorus/core';
import { htmlText } from './consent-page-language.ts';
import { renderConsentShell } from './sandbox-consent-shell.ts';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frCA from './locales/fr-CA.json' with { type: 'json' };

/** The strings of one language; en-US's shape is the reference the others are tested against. */
export type ConsentStrings = typeof enUS;

/** Consent page strings by language. */
export const CONSENT_STRINGS: Readonly<Record<Language, ConsentStrings>> = {
  'en-US': enUS,
  'es-ES': esES,
  'fr-CA': frCA,
  'de-DE': deDE,
};

/** What a bad submit can get wrong. */
export type ConsentPageError = keyof ConsentStrings['errors'];

/** What the page shows: the network, the state to carry on, an error from a bad submit, and the language. */
export interface ConsentPageInput {
  network: string;
  companyName: string;
  state: string;
  error: ConsentPageError | null;
  language: Language;
}

/** The consent page; submitting goes to /api/v1/auth/sandbox/{network}/decide by GET. */
export function renderConsentPage(input: ConsentPageInput): string {
  const s = CONSENT_STRINGS[input.language];
  const values = { network: input.network, company: input.companyName };
  return renderConsentShell({
    language: input.language,
    titleHtml: htmlText(s.title, values),
    paragraphsHtml: [htmlText(s.intro, values), htmlText(s.sandboxNote)],
    errorHtml: input.error ? htmlText(s.errors[input.error]) : null,
    action: `/api/v1/auth/sandbox/${encodeURIComponent(input.network)}/decide`,
    state: input.state,
    fieldsHtml: [
      `<p><label for="name">${htmlText(s.displayName)}</label><br><input id="name" name="name" autocomplete="name" required maxlength="100"></p>`,
      `<p><label for="email">${htmlText(s.email)}</label><br><input id="email" name="email" type="email" autocomplete="email" maxlength="254"></p>`,
    ],
    allowHtml: htmlText(s.allow),
    denyHtml: htmlText(s.deny),
  });
}
