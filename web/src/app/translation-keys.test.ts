import { describe, expect, it } from 'vitest';
import { LAZY_NAMESPACES, loadNamespace, resources } from '@chorus/locales';
import { LANGUAGES } from '@chorus/core';

// Every source file of the app, as text (a Vite feature vitest shares).
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

type Tree = { readonly [key: string]: unknown };

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), tree);
}

/** `[namespace, key]` of every literal `t('key')` / `t('key', { ns: 'x' })` call. */
function literalCalls(text: string): [string, string][] {
  const calls = text.matchAll(/\bt\(\s*'([^']+)'(?:\s*,\s*\{[^}]*?\bns:\s*'([^']+)')?/g);
  return [...calls].map((match) => {
    const key = match[1] ?? '';
    // `t('settings:personal.title')` names its namespace in the key.
    const prefixed = /^([a-z]+):(.+)$/.exec(key);
    if (prefixed) return [prefixed[1] ?? '', prefixed[2] ?? ''];
    return [match[2] ?? 'common', key];
  });
}

/** Keys kept in constants, e.g. `'signIn.social.x'`: quoted dotted names under a common section. */
function keyConstants(text: string, sections: readonly string[]): [string, string][] {
  return [...text.matchAll(/'([a-zA-Z]+)\.([a-zA-Z.]+)'/g)]
    .filter((match) => sections.includes(match[1] ?? ''))
    .map((match) => ['common', `${match[1] ?? ''}.${match[2] ?? ''}`]);
}

describe('translation keys used by the web app', () => {
  const english = resources['en-US'];
  const sections = Object.keys(english.common);
  const used = new Map<string, [string, string]>();
  for (const text of Object.values(sources)) {
    for (const [ns, key] of [...literalCalls(text), ...keyConstants(text, sections)]) used.set(`${ns}:${key}`, [ns, key]);
  }

  it('finds the keys it checks', () => {
    expect(used.has('common:emailSignIn.login')).toBe(true);
    expect(used.has('common:signIn.social.linkedin')).toBe(true);
    expect(used.has('errors:title.authentication')).toBe(true);
  });

  it.each([...LANGUAGES])('exist as strings in %s', async (language) => {
    const trees: Record<string, unknown> = { ...resources[language] };
    for (const ns of LAZY_NAMESPACES) trees[ns] = await loadNamespace(language, ns);
    const missing = [...used.values()]
      .filter(([ns, key]) => typeof lookup(trees[ns], key) !== 'string')
      .map(([ns, key]) => `${ns}:${key}`);
    expect(missing).toEqual([]);
  });
});
