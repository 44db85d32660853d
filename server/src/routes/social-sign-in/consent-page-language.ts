/**
 * The language of the sandbox network's server-rendered consent pages, picked as the web app
 * picks a visitor's language before it knows the user (web/src/lib/i18n.ts): the signed-in
 * user's stored language when the route knows the user, else the `language` cookie, else the
 * browser's languages (Accept-Language, best first), else en-US. Tags match by core's rules:
 * case and `_` ignored, a bare `fr` means fr-CA, other regions do not match.
 */
import { LANGUAGE_COOKIE, pickLanguage, type Language } from '@chorus/core';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../mail/render-mail.ts';

// A longer header is cut: it can only be noise, and its length is the sender's to choose.
const MAX_ACCEPT_LANGUAGE = 1000;

/**
 * The language tags of an Accept-Language header, most wanted first (by `q`, then by order);
 * `*` and tags with q=0 are left out.
 */
export function acceptedLanguages(header: string | readonly string[] | undefined): string[] {
  const text = (typeof header === 'string' ? header : (header ?? []).join(',')).slice(0, MAX_ACCEPT_LANGUAGE);
  return text
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((entry) => entry.tag);
}

/** The language to show a consent page in, for this request and the signed-in user's language if known. */
export function consentPageLanguage(request: FastifyRequest, userLanguage: string | null = null): Language {
  return pickLanguage(userLanguage, request.cookies[LANGUAGE_COOKIE], ...acceptedLanguages(request.headers['accept-language']));
}

/**
 * A translated string as HTML: the template is escaped (so a translation with "&" stays
 * literal) and so is every `{{name}}` value, since names come from the request or the company.
 */
export function htmlText(template: string, values: Readonly<Record<string, string>> = {}): string {
  return escapeHtml(template).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : escapeHtml(value);
  });
}
