/**
 * The page a tracked link (`/r/{code}`) answers when its post is no longer live or has become
 * internal: a person who follows an old link learns why there is nothing to see, instead of
 * being sent to content the company no longer shares. Plain server-rendered HTML in the
 * visitor's language (their cookie or browser), every value escaped.
 */
import type { Language } from '@chorus/core';
import { escapeHtml } from '../../mail/render-mail.ts';
import { htmlText } from '../social-sign-in/consent-page-language.ts';
import deDE from './locales/de-DE.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frCA from './locales/fr-CA.json' with { type: 'json' };

/** The strings of one language; en-US's shape is the reference the others are tested against. */
export type LinkUnavailableStrings = typeof enUS;

/** The page's strings by language. */
export const LINK_UNAVAILABLE_STRINGS: Readonly<Record<Language, LinkUnavailableStrings>> = { 'en-US': enUS, 'es-ES': esES, 'fr-CA': frCA, 'de-DE': deDE };

const STYLES = `
body{margin:0;background:#f5f5f5;color:#242424;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 .75rem}
`;

/** The page, for the company whose link it was. */
export function linkUnavailablePage(input: { language: Language; companyName: string }): string {
  const s = LINK_UNAVAILABLE_STRINGS[input.language];
  return [
    '<!doctype html>',
    `<html lang="${input.language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${htmlText(s.title)} · ${escapeHtml(input.companyName)}</title>`,
    `<style>${STYLES}</style></head>`,
    '<body><main>',
    `<h1>${htmlText(s.title)}</h1>`,
    `<p>${htmlText(s.body, { company: input.companyName })}</p>`,
    `<p>${htmlText(s.hint)}</p>`,
    '</main></body></html>',
  ].join('\n');
}
