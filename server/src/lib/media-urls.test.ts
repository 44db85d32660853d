import { describe, expect, it } from 'vitest';
import type { CompanyRow } from '../db/schema.ts';
import { companyMediaFolder, mediaOwnerByPath, unguessableName } from './media-urls.ts';

const company = { id: 7, subdomain: 'acme' } as Pick<CompanyRow, 'id' | 'subdomain'> as CompanyRow;

describe('unguessableName', () => {
  it('gives 128 random bits as 32 hex digits, a new name each time', () => {
    const names = new Set(Array.from({ length: 2000 }, () => unguessableName()));
    expect(names.size).toBe(2000);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it('always names a file the media route serves to its company (no leading "-" or "_")', () => {
    for (let i = 0; i < 2000; i += 1) {
      const relative = `${companyMediaFolder(company.id)}/${unguessableName()}-medium.jpg`;
      expect(mediaOwnerByPath(company, relative)).toBe('company');
    }
  });
});
