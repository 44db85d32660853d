import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LAZY_NAMESPACES,
  NAMESPACES,
  fallbackBrowserResources,
  loadBrowserNamespace,
  loadNamespace,
  resources,
  supportedLanguages,
  type ResourceTree,
} from './index.ts';

/** Every leaf of a resource tree as [dotted key, value]; non-string leaves are kept to fail on. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix === '' ? key : `${prefix}.${key}`));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const ALL_NAMESPACES = [...NAMESPACES, ...LAZY_NAMESPACES];
/** Every language's namespaces, the on-demand ones loaded as the web app loads them. */
const everything = new Map<string, ResourceTree>();
for (const language of supportedLanguages) {
  for (const ns of ALL_NAMESPACES) everything.set(`${language}/${ns}`, await loadNamespace(language, ns));
}
function tree(language: string, ns: string): ResourceTree {
  const found = everything.get(`${language}/${ns}`);
  if (!found) throw new Error(`${language}/${ns} not loaded`);
  return found;
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;
const others = supportedLanguages.filter((language) => language !== FALLBACK_LANGUAGE);

describe('locale resources', () => {
  it('cover en-US, es-ES, fr-CA and de-DE with en-US as fallback', () => {
    expect(supportedLanguages).toEqual(['en-US', 'es-ES', 'fr-CA', 'de-DE']);
    expect(FALLBACK_LANGUAGE).toBe('en-US');
    expect(Object.keys(resources)).toEqual([...supportedLanguages]);
  });

  it('have the four namespaces in every language, common by default', () => {
    expect(NAMESPACES).toEqual(['common', 'errors', 'validation', 'bot']);
    expect(DEFAULT_NAMESPACE).toBe('common');
    for (const language of supportedLanguages) expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  it('import each language folder and namespace file that exists on disk', () => {
    const root = new URL('../', import.meta.url);
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[a-z]{2}-[A-Z]{2}$/.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...supportedLanguages].sort());
    for (const language of supportedLanguages) {
      const files = readdirSync(new URL(`${language}/`, root)).sort();
      expect(files).toEqual(ALL_NAMESPACES.map((ns) => `${ns}.json`).sort());
      for (const ns of ALL_NAMESPACES) {
        const onDisk: unknown = JSON.parse(readFileSync(new URL(`${language}/${ns}.json`, root), 'utf8'));
        expect(tree(language, ns)).toEqual(onDisk);
      }
    }
  });

  it('load an unknown language as the fallback', async () => {
    expect(await loadNamespace('pt-BR', 'settings')).toEqual(tree(FALLBACK_LANGUAGE, 'settings'));
    expect(await loadNamespace('pt-BR', 'common')).toBe(resources[FALLBACK_LANGUAGE].common);
  });

  it('give the browser only the fallback bundled, and every language and namespace on demand', async () => {
    expect(fallbackBrowserResources).toEqual({ common: resources['en-US'].common, errors: resources['en-US'].errors, validation: resources['en-US'].validation });
    for (const language of supportedLanguages) {
      for (const ns of ['common', 'errors', 'validation', ...LAZY_NAMESPACES] as const) {
        expect(await loadBrowserNamespace(language, ns), `${language}/${ns}`).toEqual(tree(language, ns));
      }
    }
    expect(await loadBrowserNamespace('pt-BR', 'errors')).toBe(fallbackBrowserResources.errors);
  });

  describe.each(ALL_NAMESPACES)('namespace %s', (ns) => {
    const english = new Map(leaves(tree(FALLBACK_LANGUAGE, ns)).filter(([key]) => key !== ''));

    it('en-US holds only non-empty strings', () => {
      for (const [key, value] of english) {
        expect(typeof value, `${ns}:${key}`).toBe('string');
        expect(String(value).trim(), `${ns}:${key}`).not.toBe('');
      }
    });

    it.each(others)('%s has every en-US key, non-empty, with the same placeholders', (language) => {
      const translated = new Map(leaves(tree(language, ns)));
      const missing = [...english.keys()].filter((key) => {
        const value = translated.get(key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, `${language} ${ns}: missing or empty`).toEqual([]);
      for (const [key, value] of english) {
        const target = translated.get(key);
        if (typeof value === 'string' && typeof target === 'string') {
          expect(placeholders(target), `${language} ${ns}:${key}`).toEqual(placeholders(value));
        }
      }
    });

    it.each(others)('%s has no key that en-US lacks (beyond its own plural forms)', (language) => {
      const extra = leaves(tree(language, ns))
        .map(([key]) => key)
        .filter((key) => key !== '' && !english.has(key))
        .filter((key) => {
          const plural = PLURAL_SUFFIX.exec(key);
          return plural === null || !english.has(`${plural[1] ?? ''}_other`);
        });
      expect(extra, `${language} ${ns}: not in en-US`).toEqual([]);
    });
  });
});

describe('the completeness check itself', () => {
  const english: ResourceTree = { a: 'A', nested: { b: 'B {{name}}' } };

  it('finds nested keys', () => {
    expect(leaves(english)).toEqual([
      ['a', 'A'],
      ['nested.b', 'B {{name}}'],
    ]);
  });

  it('reads placeholders with formats and spaces', () => {
    expect(placeholders('{{ count }} of {{total, number}} by {{name}}')).toEqual(['count', 'name', 'total']);
  });
});
