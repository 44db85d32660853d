import { AUTH_COOKIE, ErrorCode, SignInResponse, UserResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

describe('POST /api/v1/auth/sign-in', () => {
  it('signs a member in and returns a token that works', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: 'User@Acme.test ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = SignInResponse.parse(res.json());
    expect(body.sso_url).toBeNull();
    expect(body.user).toMatchObject({ id: f.acmeUser.id, role: 3, username: 'user@acme.test', full_name: 'Sam Rivera' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(t.app, 'acme', '/api/v1/config/info', body.token)).statusCode).toBe(200);
  });

  it('gives a member of two companies the role of the host company and lists both', async () => {
    const res = await post(t.app, 'globex', '/api/v1/auth/sign-in', { email: 'multi@acme.test', password: TEST_PASSWORD });
    const body = SignInResponse.parse(res.json());
    expect(body.user.role).toBe(2);
    expect(body.user.companies.map((c) => c.subdomain)).toEqual(['acme', 'globex']);
  });

  it.each([
    { case: 'wrong password', subdomain: 'acme', email: 'user@acme.test', password: 'Wrong!pass1' },
    { case: 'unknown e-mail', subdomain: 'acme', email: 'nobody@acme.test', password: TEST_PASSWORD },
    { case: 'wrong password on another company', subdomain: 'acme', email: 'user@globex.test', password: 'Wrong!pass1' },
  ])('answers 302 for a $case', async ({ subdomain, email, password }) => {
    const res = await post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ErrorCode.WRONG_CREDENTIALS, message: 'Wrong username or password.' });
  });

  it('on the assisted-login host starts no session and names the first company to sign in at', async () => {
    const res = await post(t.app, 'app', '/api/v1/auth/sign-in', { email: 'user@globex.test', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: null, sso_url: null, user: null, redirect_subdomain: 'globex' });
    const wrong = await post(t.app, 'app', '/api/v1/auth/sign-in', { email: 'user@globex.test', password: 'Wrong!pass1' });
    expect(wrong.json()).toEqual({ error: ErrorCode.WRONG_CREDENTIALS, message: 'Wrong username or password.' });
  });

  it('rejects a missing password with 201 and the field', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: 'user@acme.test' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(body.issues).toEqual([expect.objectContaining({ path: 'password' })]);
  });

  it('rejects a malformed JSON body with 201', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: 'acme.localhost', 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });
});

describe('GET /api/v1/auth/sign-out', () => {
  it('ends the session: the token stops working', async () => {
    const signIn = SignInResponse.parse((await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: 'admin@acme.test', password: TEST_PASSWORD })).json());
    const res = await get(t.app, 'acme', '/api/v1/auth/sign-out', signIn.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: null });
    const after = await get(t.app, 'acme', `/api/v1/user/${f.acmeAdmin.id}`, signIn.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('needs a session', async () => {
    const res = await get(t.app, 'acme', '/api/v1/auth/sign-out');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('does not end a session for a user of another company', async () => {
    const res = await get(t.app, 'acme', '/api/v1/auth/sign-out', f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect((await get(t.app, 'globex', `/api/v1/user/${f.globexUser.id}`, f.tokens.globexUser)).statusCode).toBe(200);
  });
});

describe('session token', () => {
  it('is read from the pb_token cookie when the header is absent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${f.acmeUser.id}`,
      headers: { host: 'acme.localhost:3000' },
      cookies: { [AUTH_COOKIE]: f.tokens.acmeUser },
    });
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).id).toBe(f.acmeUser.id);
  });

  it('is refused when unknown', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, 'not-a-token');
    expect(res.statusCode).toBe(401);
  });
});
