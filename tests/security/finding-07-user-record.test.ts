/**
 * Finding 7: GET /api/v1/user/{id} showed any co-worker's full record (e-mail, AI goal, queue
 * and notification settings, other companies and their toggles). Only the person and their
 * company's admins see the full record; everyone else gets the public card.
 */
import { PersonSummary, Role, UserLookupResponse, UserResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, type TestContext } from '../../server/src/test/app.ts';
import { buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const PRIVATE_FIELDS = ['username', 'user_settings', 'companies', 'role', 'language', 'timezone', 'created', 'groups'];

describe('finding 7: a co-worker’s record', () => {
  it('gives a plain colleague only the public card: id, full name and avatar', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toEqual({ id: f.multi.id, full_name: `${f.multi.firstName} ${f.multi.lastName}`.trim(), picture_images: { avatar: null } });
    for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
    expect(JSON.stringify(body)).not.toContain('multi@acme.test');
    expect(PersonSummary.parse(body).id).toBe(f.multi.id);
    expect(UserLookupResponse.parse(body)).toEqual(body);
  });

  it.each([
    ['a manager', Role.MANAGER],
    ['a content creator', Role.CONTENT_CREATOR],
  ])('gives %s the card too', async (_label, role) => {
    const viewer = await buildUser(t.db, [{ company: f.acme, role }]);
    const res = await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, await sessionFor(t.db, viewer));
    expect(Object.keys(res.json() as object).sort()).toEqual(['full_name', 'id', 'picture_images']);
  });

  it('gives the person their own full record, with all their companies', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.multi);
    const user = UserResponse.parse(res.json());
    expect(user.username).toBe('multi@acme.test');
    expect(user.companies.map((c) => c.subdomain)).toEqual(['acme', 'globex']);
  });

  it('gives the company’s admin the full record, without the person’s other companies', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.acmeAdmin);
    const user = UserResponse.parse(res.json());
    expect(user.username).toBe('multi@acme.test');
    expect(user.companies.map((c) => c.subdomain)).toEqual(['acme']);
  });

  it('hides users of other companies (404), and an admin elsewhere is no admin here', async () => {
    expect((await get(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, f.tokens.acmeAdmin)).statusCode).toBe(404);
    // multi is a globex manager, not an admin, so on globex they see a colleague's card.
    const res = await get(t.app, 'globex', `/api/v1/user/${f.globexUser.id}`, f.tokens.multiGlobex);
    expect(Object.keys(res.json() as object).sort()).toEqual(['full_name', 'id', 'picture_images']);
  });
});
