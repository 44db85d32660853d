import { describe, expect, it } from 'vitest';
import { Role, ROLE_IDS } from './enums.ts';
import { ABILITIES, can, type Ability } from './permissions.ts';

const allowed = (role: Role) => ABILITIES.filter((ability) => can(role, ability));

describe('the permission table', () => {
  it('gives admins every ability', () => {
    expect(allowed(Role.ADMIN)).toEqual([...ABILITIES]);
  });

  it('lets managers run content, topics, suggestions, people and the queue, not settings, sign-in, compliance or accounts', () => {
    const denied: Ability[] = ['company.settings', 'company.sign-in', 'compliance.manage', 'accounts.manage', 'people.read'];
    expect(allowed(Role.MANAGER).sort()).toEqual(ABILITIES.filter((a) => !denied.includes(a)).sort());
  });

  it('lets content creators write posts and review suggestions only', () => {
    expect(allowed(Role.CONTENT_CREATOR).sort()).toEqual(['admin.view', 'posts.write', 'suggestions.review']);
  });

  it('gives plain users, unknown roles and no role nothing', () => {
    expect(allowed(Role.USER)).toEqual([]);
    for (const ability of ABILITIES) {
      expect(can(99, ability)).toBe(false);
      expect(can(null, ability)).toBe(false);
      expect(can(undefined, ability)).toBe(false);
    }
  });

  it('has a row for every role', () => {
    for (const role of ROLE_IDS) expect(() => allowed(role)).not.toThrow();
  });
});
