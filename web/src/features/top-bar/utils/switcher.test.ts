import { describe, expect, it } from 'vitest';
import { FEATURE_TOGGLES, INSTANCE_SWITCHER_THRESHOLD, type UserCompany } from '@chorus/core';

const toggles = Object.fromEntries(FEATURE_TOGGLES.map((t) => [t, true])) as UserCompany['feature_toggles'];
import { filterCompanies, otherCompanies, switcherKind } from './switcher.ts';

function company(id: number, name: string, subdomain: string): UserCompany {
  return { company_id: id, company_name: name, subdomain, logo_images: { original: null }, feature_toggles: toggles };
}

describe('switcherKind', () => {
  it('uses the spec threshold of 4 other companies', () => {
    expect(INSTANCE_SWITCHER_THRESHOLD).toBe(4);
  });

  it.each([
    [0, 'none'],
    [1, 'menu'],
    [2, 'menu'],
    [3, 'menu'],
    [4, 'advanced'],
    [5, 'advanced'],
    [40, 'advanced'],
  ] as const)('%i other companies -> %s', (count, kind) => {
    expect(switcherKind(count)).toBe(kind);
  });
});

describe('otherCompanies', () => {
  const all = [company(1, 'Acme Corporation', 'acme'), company(3, 'Initech', 'initech'), company(2, 'Globex', 'globex')];

  it('leaves out the current company and sorts by name', () => {
    expect(otherCompanies(all, 1).map((c) => c.subdomain)).toEqual(['globex', 'initech']);
  });

  it('counts the others for the threshold', () => {
    expect(switcherKind(otherCompanies(all, 1).length)).toBe('menu');
    const many = [...all, company(4, 'Umbrella', 'umbrella'), company(5, 'Hooli', 'hooli')];
    expect(switcherKind(otherCompanies(many, 1).length)).toBe('advanced');
    expect(switcherKind(otherCompanies([all[0] as UserCompany], 1).length)).toBe('none');
  });
});

describe('filterCompanies', () => {
  const all = [company(2, 'Globex', 'globex'), company(3, 'Initech', 'initech'), company(4, 'Umbrella Corp', 'umbrella')];

  it('matches names and subdomains, ignoring case', () => {
    expect(filterCompanies(all, 'CORP').map((c) => c.company_id)).toEqual([4]);
    expect(filterCompanies(all, 'glo').map((c) => c.company_id)).toEqual([2]);
    expect(filterCompanies(all, '  ').map((c) => c.company_id)).toEqual([2, 3, 4]);
    expect(filterCompanies(all, 'zzz')).toEqual([]);
  });
});
