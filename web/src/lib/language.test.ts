import { describe, expect, it } from 'vitest';
import { languageFromCookie, matchLanguage, pickLanguage } from './language.ts';

describe('matchLanguage', () => {
  it.each([
    ['en-US', 'en-US'],
    ['fr-ca', 'fr-CA'],
    ['de_DE', 'de-DE'],
    ['fr', 'fr-CA'],
    ['en', 'en-US'],
    ['fr-FR', null],
    ['en-GB', null],
    ['it-IT', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });
});

describe('pickLanguage', () => {
  it('takes the first supported candidate in order', () => {
    expect(pickLanguage(undefined, 'de-DE', 'fr-CA')).toBe('de-DE');
    expect(pickLanguage('pt-BR', null, 'fr-FR', 'es')).toBe('es-ES');
  });

  it('falls back to en-US', () => {
    expect(pickLanguage()).toBe('en-US');
    expect(pickLanguage('ja-JP', 'zz')).toBe('en-US');
  });
});

describe('languageFromCookie', () => {
  it('reads the language cookie among others', () => {
    expect(languageFromCookie('pb_token=abc; language=fr-CA; other=1')).toBe('fr-CA');
  });

  it('is null without it', () => {
    expect(languageFromCookie('pb_token=abc')).toBeNull();
    expect(languageFromCookie('')).toBeNull();
  });
});
