import { resources } from '@chorus/locales';
import { describe, expect, it } from 'vitest';
import { botTranslator, resolveLocale, supportedLocales } from './i18n.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('bot translations', () => {
  const english = keysOf(resources['en-US'].bot).sort();

  it.each(supportedLocales.filter((locale) => locale !== 'en-US'))('%s has every en-US key and no other', (locale) => {
    expect(keysOf(resources[locale].bot).sort()).toEqual(english);
  });

  it.each(supportedLocales)('%s translates every key to a non-empty text', (locale) => {
    const t = botTranslator(locale);
    for (const key of english) {
      const text = t(key, { title: 'T', topic: 'X' });
      expect(text, key).not.toBe('');
      expect(text, key).not.toBe(key);
    }
  });
});

describe('resolveLocale', () => {
  it.each([
    ['fr-CA', 'fr-CA'],
    ['FR-ca', 'fr-CA'],
    ['fr-FR', 'fr-CA'],
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['es-MX', 'es-ES'],
    ['en-GB', 'en-US'],
    ['ja-JP', 'en-US'],
    ['', 'en-US'],
    [null, 'en-US'],
  ])('%s -> %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});
