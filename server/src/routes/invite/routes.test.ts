import { ErrorCode, InviteResponse, Role } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../auth/invites.ts';
import { invites } from '../../db/schema.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function expect307(res: { statusCode: number; json: () => unknown }): void {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: ErrorCode.INVITE_NOT_FOUND, message: 'Invite code does not exist.' });
}

describe('GET /api/v1/invite/code/{code} (v2)', () => {
  it('names the invited person and the company', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'Nora@Acme.test', firstName: 'Nora', lastName: 'Newhire', role: Role.USER });
    const res = await get(t.app, 'acme', `/api/v1/invite/code/${code}?_=1`);
    expect(res.statusCode).toBe(200);
    expect(InviteResponse.parse(res.json())).toEqual({
      invite: { username: 'nora@acme.test', first_name: 'Nora', last_name: 'Newhire' },
      version: 2,
      company: { company_id: f.acme.id, company_name: 'Acme Corporation', subdomain: 'acme' },
    });
  });

  it.each([
    { case: 'an unknown code', build: async () => 'no-such-code' },
    { case: 'a v1 code', build: async () => (await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER })).code },
    {
      case: 'an expired code',
      build: async () => (await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'late@acme.test', role: Role.USER, expiresAt: new Date(Date.now() - 1000) })).code,
    },
    {
      case: 'a used-up code',
      build: async () => {
        const { code, invite } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'used@acme.test', role: Role.USER });
        await t.db.update(invites).set({ useCount: 1 }).where(eq(invites.id, invite.id));
        return code;
      },
    },
    { case: "another company's code", build: async () => (await createInvite(t.db, { companyId: f.globex.id, version: 2, email: 'g@globex.test', role: Role.USER })).code },
  ])('answers 307 for $case', async ({ build }) => {
    expect307(await get(t.app, 'acme', `/api/v1/invite/code/${await build()}`));
  });

  it('answers 307 on the assisted-login host', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'app@acme.test', role: Role.USER });
    expect307(await get(t.app, 'app', `/api/v1/invite/code/${code}`));
  });
});

describe('GET /api/v1/invite/check/{code} (v1)', () => {
  it('shows a group invite with an empty username', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER });
    const res = await get(t.app, 'acme', `/api/v1/invite/check/${code}`);
    expect(res.statusCode).toBe(200);
    expect(InviteResponse.parse(res.json()).invite).toEqual({ username: '', first_name: '', last_name: '' });
  });

  it('shows an individual v1 invite with its e-mail', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: 'one@acme.test', firstName: 'One', role: Role.USER });
    const body = InviteResponse.parse((await get(t.app, 'acme', `/api/v1/invite/check/${code}`)).json());
    expect(body.invite.username).toBe('one@acme.test');
    expect(body.version).toBe(1);
  });

  it('answers 307 for a v2 code and for another company', async () => {
    const v2 = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'v2@acme.test', role: Role.USER });
    expect307(await get(t.app, 'acme', `/api/v1/invite/check/${v2.code}`));
    const other = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER });
    expect307(await get(t.app, 'globex', `/api/v1/invite/check/${other.code}`));
  });
});
