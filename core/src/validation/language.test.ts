import { describe, expect, it } from 'vitest';
import { isLanguage, matchLanguage, pickLanguage, resolveLanguage } from './language.ts';

describe('resolveLanguage (en-US, es-ES, fr-CA, de-DE, else en-US)', () => {
  it.each<[unknown, string]>([
    ['en-US', 'en-US'],
    ['es-ES', 'es-ES'],
    ['fr-CA', 'fr-CA'],
    ['de-DE', 'de-DE'],
    ['fr_ca', 'fr-CA'],
    ['fr-ca', 'fr-CA'],
    ['FR_CA', 'fr-CA'],
    ['es_es', 'es-ES'],
    ['DE-de', 'de-DE'],
    [' en_us ', 'en-US'],
    ['fr', 'fr-CA'],
    ['FR', 'fr-CA'],
    ['es', 'es-ES'],
    ['de', 'de-DE'],
    ['en', 'en-US'],
    ['fr-FR', 'en-US'],
    ['es-MX', 'en-US'],
    ['de-AT', 'en-US'],
    ['en-GB', 'en-US'],
    ['it-IT', 'en-US'],
    ['pt', 'en-US'],
    ['', 'en-US'],
    ['fr-CA-x', 'en-US'],
    [null, 'en-US'],
    [undefined, 'en-US'],
    [42, 'en-US'],
  ])('%j -> %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });
});

describe('isLanguage', () => {
  it.each<[unknown, boolean]>([
    ['en-US', true],
    ['fr-CA', true],
    ['fr-ca', false],
    ['fr', false],
    [null, false],
  ])('%j: %s', (input, expected) => {
    expect(isLanguage(input)).toBe(expected);
  });
});

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
    ['EN', 'en-US'],
    ['it', null],
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
