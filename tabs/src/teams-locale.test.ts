import { describe, expect, it } from 'vitest';
import { languageForTeamsLocale } from './teams-locale.ts';

describe('languageForTeamsLocale', () => {
  it.each([
    ['en-us', 'en-US'],
    ['fr-ca', 'fr-CA'],
    ['fr-CA', 'fr-CA'],
    ['fr-fr', 'fr-CA'],
    ['fr', 'fr-CA'],
    ['es-mx', 'es-ES'],
    ['de-at', 'de-DE'],
    ['de_DE', 'de-DE'],
    ['en-gb', 'en-US'],
    ['ja-jp', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('maps %s to %s', (locale, expected) => {
    expect(languageForTeamsLocale(locale)).toBe(expected);
  });
});
