import { LANGUAGE_COOKIE } from '@chorus/core';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, consentPageLanguage, htmlText } from './consent-page-language.ts';

function request(cookies: Record<string, string>, acceptLanguage?: string): FastifyRequest {
  return { cookies, headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } } as unknown as FastifyRequest;
}

describe('acceptedLanguages', () => {
  it('orders tags by q, then by position, leaving out * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, fr-CA, de;q=0.8, es-ES;q=0.8, *;q=0.1, it;q=0')).toEqual(['fr-CA', 'de', 'es-ES', 'en']);
  });

  it('copes with no header, an empty one and junk', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(' , ;q=1, fr;q=abc')).toEqual([]);
  });
});

describe('consentPageLanguage', () => {
  it('prefers the user, then the cookie, then the best Accept-Language match, then en-US', () => {
    expect(consentPageLanguage(request({ [LANGUAGE_COOKIE]: 'de-DE' }, 'fr-CA'), 'es-ES')).toBe('es-ES');
    expect(consentPageLanguage(request({ [LANGUAGE_COOKIE]: 'de-DE' }, 'fr-CA'))).toBe('de-DE');
    expect(consentPageLanguage(request({ [LANGUAGE_COOKIE]: 'klingon' }, 'it-IT, fr-FR;q=0.9, fr;q=0.8, en;q=0.5'))).toBe('fr-CA');
    expect(consentPageLanguage(request({}, 'it-IT'))).toBe('en-US');
    expect(consentPageLanguage(request({}))).toBe('en-US');
  });
});

describe('htmlText', () => {
  it('escapes the template and every value, and leaves unknown placeholders', () => {
    expect(htmlText('A & {{name}} {{other}}', { name: '<b>"x"</b>' })).toBe('A &amp; &lt;b&gt;&quot;x&quot;&lt;/b&gt; {{other}}');
  });
});
