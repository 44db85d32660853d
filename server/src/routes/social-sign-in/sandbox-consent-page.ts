/**
 * The sandbox network's consent page: plain, accessible HTML served by Chorus, in the
 * visitor's language (see consent-page-language.ts for how it is picked). Strings come from
 * the per-language files in ./locales; every value from the request is escaped.
 */
import type { Language } from '@chorus/core';
import { escapeHtml } from '../../mail/render-mail.ts';
import { htmlText } from './consent-page-language.ts';
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
  const title = htmlText(s.title, values);
  const action = `/api/v1/auth/sandbox/${encodeURIComponent(input.network)}/decide`;
  const error = input.error ? `<p role="alert"><strong>${htmlText(s.errors[input.error])}</strong></p>` : '';
  return [
    '<!doctype html>',
    `<html lang="${input.language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    '<body>',
    '<main>',
    `<h1>${title}</h1>`,
    `<p>${htmlText(s.intro, values)}</p>`,
    `<p>${htmlText(s.sandboxNote)}</p>`,
    error,
    `<form method="get" action="${escapeHtml(action)}">`,
    `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`,
    `<p><label for="name">${htmlText(s.displayName)}</label><br><input id="name" name="name" autocomplete="name" required maxlength="100"></p>`,
    `<p><label for="email">${htmlText(s.email)}</label><br><input id="email" name="email" type="email" autocomplete="email" maxlength="254"></p>`,
    `<p><button type="submit" name="decision" value="allow">${htmlText(s.allow)}</button> `,
    `<button type="submit" name="decision" value="deny" formnovalidate>${htmlText(s.deny)}</button></p>`,
    '</form>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
