import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  ERROR_CATALOGUE,
  LANGUAGES,
  VALIDATION_KEYS,
  VALIDATION_NAMESPACE,
  errorMessageKey,
  resolveLanguage,
} from '@chorus/core';
import { FALLBACK_LANGUAGE, NAMESPACES, resources, supportedLanguages, type ResourceTree } from '@chorus/locales';

/** The string at a dotted i18next key, or undefined when the key leads nowhere or to a subtree. */
function lookup(tree: ResourceTree, key: string): string | undefined {
  let node: string | ResourceTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function leafKeys(tree: ResourceTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'string' ? [path] : leafKeys(value, path);
  });
}

const codes = Object.keys(ERROR_CATALOGUE).map(Number);

describe('core and locales agree', () => {
  it('on the supported languages and the fallback', () => {
    expect([...supportedLanguages]).toEqual([...LANGUAGES]);
    expect(FALLBACK_LANGUAGE).toBe(DEFAULT_LANGUAGE);
    for (const language of supportedLanguages) expect(resolveLanguage(language)).toBe(language);
  });

  it('on the validation namespace', () => {
    expect(NAMESPACES).toContain(VALIDATION_NAMESPACE);
  });
});

describe.each(supportedLanguages)('%s errors namespace', (language) => {
  const errors = resources[language].errors;

  it.each(codes)('translates code %d', (code) => {
    const text = lookup(errors, errorMessageKey(code));
    expect(text, `${language} errors:${errorMessageKey(code)}`).toBeTypeOf('string');
    expect(text?.trim()).not.toBe('');
  });

  it('has no code the catalogue lacks', () => {
    const translatedCodes = leafKeys(errors)
      .filter((key) => key.startsWith('code.'))
      .map((key) => Number(key.slice('code.'.length)));
    expect(translatedCodes.filter((code) => !codes.includes(code))).toEqual([]);
  });
});

describe('en-US error messages are the catalogue text', () => {
  it.each(Object.values(ERROR_CATALOGUE))('code $code', (definition) => {
    expect(lookup(resources['en-US'].errors, `code.${definition.code}`)).toBe(definition.message);
  });
});

describe.each(supportedLanguages)('%s validation namespace', (language) => {
  const validation = resources[language][VALIDATION_NAMESPACE];

  it.each(VALIDATION_KEYS)('translates %s', (key) => {
    const text = lookup(validation, key);
    expect(text, `${language} validation:${key}`).toBeTypeOf('string');
    expect(text?.trim()).not.toBe('');
  });

  it('holds only keys that a rule can return', () => {
    expect(leafKeys(validation).sort()).toEqual([...VALIDATION_KEYS].sort());
  });
});
