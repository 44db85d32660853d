import { ErrorCode, UserResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '../../db/defaults.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

describe('GET /api/v1/user/{id}', () => {
  it('returns a colleague with their role here, all their companies and settings', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const user = UserResponse.parse(res.json());
    expect(user).toMatchObject({ id: f.multi.id, role: 3, username: 'multi@acme.test', language: 'en-US', groups: [] });
    expect(user.companies.map((c) => [c.subdomain, c.company_name])).toEqual([
      ['acme', 'Acme Corporation'],
      ['globex', 'Globex'],
    ]);
    expect(user.companies[0]?.feature_toggles.twitter_enabled).toBe(true);
    expect(user.user_settings).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('gives the role of the host company', async () => {
    const res = await get(t.app, 'globex', `/api/v1/user/${f.multi.id}`, f.tokens.globexUser);
    expect(UserResponse.parse(res.json()).role).toBe(2);
  });

  it('hides users who do not share the host company', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.NOT_FOUND);
  });

  it('rejects a non-numeric id with 201', async () => {
    const res = await get(t.app, 'acme', '/api/v1/user/me', f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session', async () => {
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`)).statusCode).toBe(401);
  });

  it('refuses a user of another company, even for themselves', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});
