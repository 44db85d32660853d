import { LANGUAGES } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import { CONSENT_STRINGS, renderConsentPage } from './sandbox-consent-page.ts';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const HOSTILE = `<script>alert("x")</script> & 'co'`;

describe('consent page strings', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en-US, none empty', (language) => {
    const strings = CONSENT_STRINGS[language];
    expect(keysOf(strings).sort()).toEqual(keysOf(CONSENT_STRINGS['en-US']).sort());
    for (const key of keysOf(strings)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings);
      expect(value, key).toMatch(/\S/);
    }
  });
});

describe('renderConsentPage', () => {
  it.each(LANGUAGES)('renders in %s with every value escaped', (language) => {
    const html = renderConsentPage({ network: HOSTILE, companyName: HOSTILE, state: HOSTILE, error: 'emailInvalid', language });
    const s = CONSENT_STRINGS[language];
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(s.errors.emailInvalid);
    expect(html).toContain(`>${s.allow}</button>`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('{{');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
  });
});
