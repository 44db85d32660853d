import { ErrorCode, Role, SignInResponse, SignUpResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../auth/invites.ts';
import { invites, memberships, users } from '../../db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

const PASSWORD = 'Welcome!2026';

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  const initech = await buildCompany(t.db, { subdomain: 'initech', name: 'Initech', title: 'Initech', selfSignUpEnabled: true, signUpDomains: ['initech.test'] });
  await buildUser(t.db, [{ company: initech }], { email: 'member@initech.test' });
});
afterAll(() => t.close());

function v2Body(overrides: Record<string, string> = {}) {
  return { first_name: 'Nora', last_name: 'Newhire', password: PASSWORD, confirm_password: PASSWORD, ...overrides };
}

async function expectSignedIn(subdomain: string, body: unknown, email: string, role: number): Promise<SignUpResponse> {
  const result = SignUpResponse.parse(body);
  expect(result.url).toBeNull();
  expect(result.user).toMatchObject({ username: email, role });
  expect((await get(t.app, subdomain, `/api/v1/user/${result.user.id}`, result.token)).statusCode).toBe(200);
  const signIn = await post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password: PASSWORD });
  expect(signIn.statusCode).toBe(200);
  expect(SignInResponse.parse(signIn.json()).user.id).toBe(result.user.id);
  return result;
}

describe('POST /api/v1/auth/sign-up/invite/{code}', () => {
  it('signs up with a v2 invite: the invite e-mail and role, signed in, and only once', async () => {
    const { code, invite } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: 'nora@acme.test', firstName: 'Nora', lastName: 'Newhire', role: Role.MANAGER });
    const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, v2Body({ username: 'someone.else@acme.test' }));
    expect(res.statusCode).toBe(200);
    const result = await expectSignedIn('acme', res.json(), 'nora@acme.test', Role.MANAGER);
    expect(result.user).toMatchObject({ first_name: 'Nora', last_name: 'Newhire' });
    const [row] = await t.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row?.useCount).toBe(1);

    const again = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, v2Body());
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(ErrorCode.INVITE_NOT_FOUND);
    expect((await get(t.app, 'acme', `/api/v1/invite/code/${code}`)).statusCode).toBe(404);
  });

  it('lets several people use a v1 group invite with their own e-mail, up to max_uses', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER, maxUses: 2 });
    for (const email of ['g1@acme.test', 'G2@Acme.test']) {
      const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'Group', last_name: 'Member', password: PASSWORD, username: email });
      expect(res.statusCode).toBe(200);
      await expectSignedIn('acme', res.json(), email.toLowerCase(), Role.USER);
    }
    const third = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'G', last_name: 'Three', password: PASSWORD, username: 'g3@acme.test' });
    expect(third.json().error).toBe(ErrorCode.INVITE_NOT_FOUND);
  });

  it('ignores the body username for an individual v1 invite', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: 'v1@acme.test', role: Role.USER });
    const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'Vee', last_name: 'One', password: PASSWORD, username: 'other@acme.test' });
    expect(res.statusCode).toBe(200);
    await expectSignedIn('acme', res.json(), 'v1@acme.test', Role.USER);
  });

  it.each([
    { case: 'missing names', body: v2Body({ first_name: ' ', last_name: '' }), paths: ['first_name', 'last_name'] },
    { case: 'a weak password', body: v2Body({ password: 'weak', confirm_password: 'weak' }), paths: ['password'] },
    { case: 'a mismatched confirmation', body: v2Body({ confirm_password: 'Other!2026' }), paths: ['confirm_password'] },
    { case: 'no confirmation on a v2 invite', body: { first_name: 'A', last_name: 'B', password: PASSWORD }, paths: ['confirm_password'] },
  ])('answers 201 for $case and does not use the invite', async ({ body, paths }) => {
    const { code, invite } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email: `invalid-${paths.join('-')}@acme.test`, role: Role.USER });
    const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(paths);
    const [row] = await t.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row?.useCount).toBe(0);
  });

  it('answers 201 for a group invite without a valid e-mail', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER });
    const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'A', last_name: 'B', password: PASSWORD, username: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'username', message: 'email.invalid' }]);
  });

  it.each([
    { case: 'an unknown code', subdomain: 'acme', companyOf: () => f.acme, code: 'nope' },
    { case: "another company's code", subdomain: 'acme', companyOf: () => f.globex, code: null },
    { case: 'an expired code', subdomain: 'acme', companyOf: () => f.acme, code: null, expired: true },
  ])('answers 307 for $case', async ({ subdomain, companyOf, code, expired }) => {
    const created = await createInvite(t.db, {
      companyId: companyOf().id,
      version: 2,
      email: `x-${Math.random()}@acme.test`,
      role: Role.USER,
      expiresAt: expired ? new Date(Date.now() - 1) : null,
    });
    const res = await post(t.app, subdomain, `/api/v1/auth/sign-up/invite/${code ?? created.code}`, v2Body());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.INVITE_NOT_FOUND);
  });

  it('answers 304 when the e-mail already has an account (also in another company) and keeps the invite', async () => {
    for (const email of ['user@acme.test', 'user@globex.test']) {
      const { code, invite } = await createInvite(t.db, { companyId: f.acme.id, version: 2, email, role: Role.ADMIN });
      const res = await post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, v2Body());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: ErrorCode.USERNAME_EXISTS, message: 'User with this username already exists.' });
      const [row] = await t.db.select().from(invites).where(eq(invites.id, invite.id));
      expect(row?.useCount).toBe(0);
    }
    const globexMemberships = await t.db.select().from(memberships).where(eq(memberships.userId, f.globexUser.id));
    expect(globexMemberships).toHaveLength(1);
  });

  it('counts an individual invite once when two sign-ups race', async () => {
    const { code } = await createInvite(t.db, { companyId: f.acme.id, version: 1, email: null, role: Role.USER, maxUses: 1 });
    const results = await Promise.all(
      ['race1@acme.test', 'race2@acme.test'].map((username) =>
        post(t.app, 'acme', `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'R', last_name: 'Ace', password: PASSWORD, username }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});

describe('POST /api/v1/auth/sign-up (self sign-up)', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Sally',
    last_name: 'Self',
    username: 'sally@initech.test',
    password: PASSWORD,
    timezone: 'US/Eastern',
    agree: true,
    company_name: 'Initech',
    ...overrides,
  });

  it('signs a new user up as an unconfirmed USER of the host company with the sent time zone', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', body());
    expect(res.statusCode).toBe(200);
    const result = await expectSignedIn('initech', res.json(), 'sally@initech.test', Role.USER);
    expect(result.user.timezone).toBe('US/Eastern');
    expect(result.user.email_confirmed).toBe(false);
    expect(result.user.companies.map((c) => c.subdomain)).toEqual(['initech']);
  });

  it('answers 304 for an existing member of the host company', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', body({ username: 'Member@Initech.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ErrorCode.USERNAME_EXISTS);
  });

  it('answers 491 for an address outside the sign-up domains, even one with an account', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', body({ username: 'User@Acme.test' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED);
  });

  it('answers 201 with the spec fields that fail', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', body({ username: 'nope', first_name: '', agree: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['agree', 'first_name', 'username']);
  });

  it('is refused where the company does not enable it, and on the assisted-login host', async () => {
    for (const subdomain of ['acme', 'app']) {
      const res = await post(t.app, subdomain, '/api/v1/auth/sign-up', body({ username: `refused-${subdomain}@initech.test` }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'refused-acme@initech.test'))).toEqual([]);
  });

  it('is shown as enabled in the branded settings only where it is', async () => {
    expect((await get(t.app, 'initech', '/api/v1/company/settings/branded-settings')).json().self_sign_up_enabled).toBe(true);
    expect((await get(t.app, 'acme', '/api/v1/company/settings/branded-settings')).json().self_sign_up_enabled).toBe(false);
  });

  it('keeps the existing password of a user who is refused', async () => {
    await post(t.app, 'initech', '/api/v1/auth/sign-up', body({ username: 'user@acme.test', password: 'Other!pass9' }));
    expect((await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: 'user@acme.test', password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
