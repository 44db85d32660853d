import { AppLanguageResponse, ConfigInfoResponse, ErrorCode, LANGUAGE_COOKIE } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type CompanyRow } from '../../db/schema.ts';
import { companyDefaultLanguage } from '../../presenters/company.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

async function storedLanguage(id: number): Promise<string | undefined> {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language;
}

describe('POST /api/v1/user/app/language', () => {
  it('saves the language and sets the language cookie for 60 days', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const res = await post(t.app, 'acme', '/api/v1/user/app/language', { language: 'de-DE' }, await sessionFor(t.db, user));
    expect(res.statusCode).toBe(200);
    expect(AppLanguageResponse.parse(res.json())).toEqual({ language: 'de-DE' });
    expect(await storedLanguage(user.id)).toBe('de-DE');
    const cookie = res.cookies.find((c) => c.name === LANGUAGE_COOKIE);
    expect(cookie).toMatchObject({ value: 'de-DE', maxAge: 60 * 24 * 60 * 60, path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeUndefined();
  });

  it.each([
    ['pt-BR', 'en-US'],
    ['klingon', 'en-US'],
    ['fr', 'en-US'],
    ['fr_CA', 'en-US'],
    ['DE-de', 'en-US'],
    ['', 'en-US'],
    ['fr-CA', 'fr-CA'],
    ['es-ES', 'es-ES'],
  ])('saves %j as %s', async (requested, saved) => {
    const user = await buildUser(t.db, [{ company: f.acme }], { language: 'de-DE' });
    const res = await post(t.app, 'acme', '/api/v1/user/app/language', { language: requested }, await sessionFor(t.db, user));
    expect(res.json()).toEqual({ language: saved });
    expect(await storedLanguage(user.id)).toBe(saved);
    expect(res.cookies.find((c) => c.name === LANGUAGE_COOKIE)?.value).toBe(saved);
  });

  it('refuses a body without a language with 201', async () => {
    const res = await post(t.app, 'acme', '/api/v1/user/app/language', { lang: 'de-DE' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(res.cookies).toEqual([]);
  });

  it('refuses a user of another company and changes nothing', async () => {
    const res = await post(t.app, 'acme', '/api/v1/user/app/language', { language: 'de-DE' }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(await storedLanguage(f.globexUser.id)).toBe('en-US');
  });

  it('needs a session', async () => {
    const res = await post(t.app, 'acme', '/api/v1/user/app/language', { language: 'de-DE' });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });
});

describe('company default language', () => {
  it('follows the spec when the company has none of its own: fr-CA for company 319, else en-US', () => {
    expect(companyDefaultLanguage({ id: 319, defaultLanguage: null })).toBe('fr-CA');
    expect(companyDefaultLanguage({ id: 320, defaultLanguage: null })).toBe('en-US');
    expect(companyDefaultLanguage({ id: 319, defaultLanguage: 'de-DE' })).toBe('de-DE');
    expect(companyDefaultLanguage({ id: 5, defaultLanguage: 'xx-XX' })).toBe('en-US');
  });

  it('is what GET /config/info gives for company 319 and for a company that chose its own', async () => {
    // A subdomain outside the factory's own (company{n}): a later factory company could otherwise get it.
    const spec = await buildCompany(t.db, { id: 319, subdomain: 'spec-company-319' });
    const own = await buildCompany(t.db, { defaultLanguage: 'es-ES' });
    const configOf = async (company: CompanyRow) => {
      const member = await buildUser(t.db, [{ company }]);
      const res = await get(t.app, company.subdomain, '/api/v1/config/info', await sessionFor(t.db, member));
      return ConfigInfoResponse.parse(res.json()).default_language;
    };
    expect(await configOf(spec)).toBe('fr-CA');
    expect(await configOf(own)).toBe('es-ES');
    expect(await configOf(f.acme)).toBe('en-US');
  });

  it('is the language of a new self-signed-up user', async () => {
    const company = await buildCompany(t.db, { selfSignUpEnabled: true, signUpDomains: ['example.test'], defaultLanguage: 'de-DE' });
    const res = await post(t.app, company.subdomain, '/api/v1/auth/sign-up', {
      first_name: 'Neu',
      last_name: 'Person',
      username: `neu-${company.id}@example.test`,
      password: 'Neu!pass123',
      timezone: 'US/Eastern',
      agree: true,
      company_name: company.name,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('de-DE');
  });
});
