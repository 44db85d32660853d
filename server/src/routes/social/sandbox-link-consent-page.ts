/**
 * The sandbox network's consent page for linking an account for sharing: plain, accessible
 * HTML served by Chorus, in the user's language (see
 * ../social-sign-in/consent-page-language.ts for how it is picked). Strings come from the
 * per-language files in ./locales; every value is escaped.
 */
import { NETWORK_NAMES, SHAREABLE_NETWORKS, SHAREABLE_NETWORK_SLUGS, type Language } from '@chorus/core';
import { htmlText } from '../social-sign-in/consent-page-language.ts';
import { renderConsentShell } from '../social-sign-in/sandbox-consent-shell.ts';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frCA from './locales/fr-CA.json' with { type: 'json' };

/** The strings of one language; en-US's shape is the reference the others are tested against. */
export type LinkConsentStrings = typeof enUS;

/** Link consent page strings by language. */
export const LINK_CONSENT_STRINGS: Readonly<Record<Language, LinkConsentStrings>> = {
  'en-US': enUS,
  'es-ES': esES,
  'fr-CA': frCA,
  'de-DE': deDE,
};

/** What a bad submit can get wrong. */
export type LinkConsentPageError = keyof LinkConsentStrings['errors'];

/** What the page shows: the network, the company asking, the state to carry on, an error, and the language. */
export interface LinkConsentPageInput {
  network: string;
  companyName: string;
  state: string;
  error: LinkConsentPageError | null;
  language: Language;
}

/** The network's name as the product writes it everywhere, by its path slug. */
const NETWORK_TITLES: Readonly<Record<string, string>> = Object.fromEntries(SHAREABLE_NETWORKS.map((id) => [SHAREABLE_NETWORK_SLUGS[id], NETWORK_NAMES[id]]));

/** The consent page; submitting goes to /api/v1/social/sandbox/{network}/decide by GET. */
export function renderLinkConsentPage(input: LinkConsentPageInput): string {
  const s = LINK_CONSENT_STRINGS[input.language];
  const values = { network: NETWORK_TITLES[input.network] ?? input.network, company: input.companyName };
  return renderConsentShell({
    language: input.language,
    titleHtml: htmlText(s.title, values),
    paragraphsHtml: [htmlText(s.intro, values), htmlText(s.sandboxNote)],
    errorHtml: input.error ? htmlText(s.errors[input.error]) : null,
    action: `/api/v1/social/sandbox/${encodeURIComponent(input.network)}/decide`,
    state: input.state,
    fieldsHtml: [`<p><label for="name">${htmlText(s.accountName)}</label><br><input id="name" name="name" autocomplete="name" required maxlength="100"></p>`],
    allowHtml: htmlText(s.allow),
    denyHtml: htmlText(s.deny),
  });
}
