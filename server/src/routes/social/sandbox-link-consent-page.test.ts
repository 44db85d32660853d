import { LANGUAGES } from '@chorus/core';
import { describe, expect, it } from 'vitest';
import { LINK_CONSENT_STRINGS, renderLinkConsentPage } from './sandbox-link-consent-page.ts';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const HOSTILE = `<script>alert("x")</script> & 'co'`;

describe('link consent page strings', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en-US, none empty', (language) => {
    const strings = LINK_CONSENT_STRINGS[language];
    expect(keysOf(strings).sort()).toEqual(keysOf(LINK_CONSENT_STRINGS['en-US']).sort());
    for (const key of keysOf(strings)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings);
      expect(value, key).toMatch(/\S/);
    }
  });
});

describe('renderLinkConsentPage', () => {
  it.each(LANGUAGES)('renders in %s with every value escaped', (language) => {
    const html = renderLinkConsentPage({ network: 'twitter', companyName: HOSTILE, state: HOSTILE, error: 'nameRequired', language });
    const s = LINK_CONSENT_STRINGS[language];
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain('Twitter');
    expect(html).toContain(s.errors.nameRequired);
    expect(html).toContain(`>${s.accountName}</label>`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('{{');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
  });
});
