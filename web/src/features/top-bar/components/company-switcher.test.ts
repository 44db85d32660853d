import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { FEATURE_TOGGLES, type UserCompany } from '@chorus/core';
import { createChorusI18n } from '../../../lib/i18n.ts';
import { CompanySwitcher } from './company-switcher.tsx';

const toggles = Object.fromEntries(FEATURE_TOGGLES.map((t) => [t, true])) as UserCompany['feature_toggles'];
const NAMES = ['Acme Corporation', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries'];

function companies(count: number): UserCompany[] {
  return NAMES.slice(0, count).map((name, i) => ({
    company_id: i + 1,
    company_name: name,
    subdomain: name.split(' ')[0]?.toLowerCase() ?? '',
    logo_images: { original: null },
    feature_toggles: toggles,
  }));
}

/** Server-renders the switcher for a user in `count` companies, the first being the current one. */
function render(count: number): string {
  const i18n = createChorusI18n('en-US');
  const element = createElement(CompanySwitcher, { companies: companies(count), currentCompanyId: 1, currentName: 'Acme Corporation' });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client: new QueryClient() }, element)),
  );
}

describe('CompanySwitcher', () => {
  it('renders nothing for a user of one company', () => {
    expect(render(1)).toBe('');
  });

  it.each([2, 3, 4])('offers the simple menu with %i companies (fewer than 4 others)', (count) => {
    const html = render(count);
    expect(html).toContain('data-switcher="menu"');
    expect(html).toContain('aria-label="Switch company (current: Acme Corporation)"');
    expect(html).not.toContain('aria-haspopup="dialog"');
  });

  it.each([5, 6])('offers the advanced switcher with %i companies (4 or more others)', (count) => {
    const html = render(count);
    expect(html).toContain('data-switcher="advanced"');
    expect(html).toContain('aria-haspopup="dialog"');
  });
});
