import { ErrorCode, LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS, SignInResult, SignInResponse } from '@chorus/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginKey } from '../../auth/login-throttle.ts';
import { loginFailures, sessions, users, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { TEST_PASSWORD, buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const WRONG = 'Wrong!pass1';

function signIn(email: string, password: string, token?: string, subdomain = 'acme') {
  return post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password }, token);
}

async function failuresOf(user: UserRow): Promise<number> {
  const [row] = await t.db.select({ n: loginFailures.failures }).from(loginFailures).where(eq(loginFailures.userId, user.id));
  return row?.n ?? 0;
}

async function freshAcmeUser(): Promise<UserRow> {
  return buildUser(t.db, [{ company: f.acme }]);
}

describe('login throttling (308)', () => {
  it('answers 308 after five wrong passwords, even for the right password', async () => {
    const user = await freshAcmeUser();
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i += 1) {
      const res = await signIn(user.email, WRONG);
      expect(res.json().error).toBe(ErrorCode.WRONG_CREDENTIALS);
    }
    const wrong = await signIn(user.email, WRONG);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toEqual({ error: ErrorCode.LOGIN_THROTTLED, message: 'Too many failed login attempts; wait and retry.' });
    // The lock lasts the window from the first failure: Retry-After says how much of it is left.
    const window = LOGIN_THROTTLE_WINDOW_MS / 1000;
    const retryAfter = Number(wrong.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(window - 60);
    expect(retryAfter).toBeLessThanOrEqual(window);
    const right = await signIn(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(retryAfter);
    expect(right.json().error).toBe(ErrorCode.LOGIN_THROTTLED);
    // Attempts while locked are not counted, so the lock ends when the window passes.
    expect(await failuresOf(user)).toBe(LOGIN_THROTTLE_MAX_FAILURES);
  });

  it('does not lock an account after four failures', async () => {
    const user = await freshAcmeUser();
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i += 1) await signIn(user.email, WRONG);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('ignores failures older than the window', async () => {
    const user = await freshAcmeUser();
    const old = new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS - 60_000);
    await t.db.insert(loginFailures).values({ emailKey: loginKey(user.email), userId: user.id, failures: 10, created: old });
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('lets the account in again once the failures age out of the window', async () => {
    const user = await freshAcmeUser();
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i += 1) await signIn(user.email, WRONG);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    await t.db.update(loginFailures).set({ created: new Date(Date.now() - LOGIN_THROTTLE_WINDOW_MS - 1000) }).where(eq(loginFailures.userId, user.id));
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the failures on a successful sign-in', async () => {
    const user = await freshAcmeUser();
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i += 1) await signIn(user.email, WRONG);
    expect(await failuresOf(user)).toBe(LOGIN_THROTTLE_MAX_FAILURES - 1);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await failuresOf(user)).toBe(0);
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES - 1; i += 1) await signIn(user.email, WRONG);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles an unknown address exactly like an account, so 308 reveals no accounts', async () => {
    const known = await freshAcmeUser();
    const unknown = 'Nobody@Nowhere.test';
    const answers = async (email: string) => {
      const seen: number[] = [];
      for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES + 1; i += 1) seen.push((await signIn(email, WRONG)).json().error as number);
      return seen;
    };
    const expected = [...Array.from({ length: LOGIN_THROTTLE_MAX_FAILURES }, () => ErrorCode.WRONG_CREDENTIALS), ErrorCode.LOGIN_THROTTLED];
    expect(await answers(known.email)).toEqual(expected);
    expect(await answers(unknown)).toEqual(expected);
    // Only a hash of the address is kept, and the same address in other case or spacing is the same address.
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.emailKey, loginKey(' nobody@NOWHERE.test ')));
    expect(rows.map((row) => row.failures)).toEqual([LOGIN_THROTTLE_MAX_FAILURES]);
    expect(rows.every((row) => row.userId === null && !row.emailKey.includes('nowhere'))).toBe(true);
  });

  it('counts wrong passwords on another company host against the account', async () => {
    const user = await freshAcmeUser();
    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i += 1) await signIn(user.email, WRONG, undefined, 'globex');
    expect((await signIn(user.email, TEST_PASSWORD)).json().error).toBe(ErrorCode.LOGIN_THROTTLED);
  });
});

describe('deactivated accounts', () => {
  it('cannot sign in: the right password learns how to get reactivated (493), a wrong one is 302; their sessions stop working', async () => {
    const user = await freshAcmeUser();
    const token = await sessionFor(t.db, user);
    expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, token)).statusCode).toBe(200);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const [sessionsBefore] = await t.db.select({ n: count() }).from(sessions);

    const wrong = await signIn(user.email, WRONG);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: ErrorCode.WRONG_CREDENTIALS, message: 'Wrong username or password.' });
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: ErrorCode.ACCOUNT_DEACTIVATED,
      message: 'This account is deactivated. Your data is kept: ask an administrator of your company to reactivate it, then sign in again.',
    });
    const [sessionsAfter] = await t.db.select({ n: count() }).from(sessions);
    expect(sessionsAfter?.n).toBe(sessionsBefore?.n);
    const after = await get(t.app, 'acme', `/api/v1/user/${user.id}`, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});

describe('wrong subdomain', () => {
  it('answers the user\'s company instead of a session, and starts none', async () => {
    const [before] = await t.db.select({ n: count() }).from(sessions);
    const res = await signIn('user@globex.test', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = SignInResult.parse(res.json());
    expect(body).toEqual({ token: null, sso_url: null, user: null, redirect_subdomain: 'globex' });
    const [after] = await t.db.select({ n: count() }).from(sessions);
    expect(after?.n).toBe(before?.n);
  });

  it('sends a member of several companies to their first one', async () => {
    await buildUser(t.db, [{ company: f.globex }, { company: f.acme }], { email: 'two@globex.test' });
    const third = await buildCompany(t.db, { subdomain: 'initech' });
    const res = await signIn('two@globex.test', TEST_PASSWORD, undefined, third.subdomain);
    expect(SignInResult.parse(res.json())).toMatchObject({ token: null, redirect_subdomain: 'globex' });
  });

  it('still answers 302 for a wrong password, so the redirect does not reveal the account', async () => {
    const res = await signIn('user@globex.test', WRONG);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.WRONG_CREDENTIALS);
  });
});

describe('session rotation', () => {
  it('starts a fresh session and revokes the token the request carried', async () => {
    const old = await sessionFor(t.db, f.acmeUser);
    const res = await signIn('user@acme.test', TEST_PASSWORD, old);
    const body = SignInResponse.parse(res.json());
    expect(body.token).not.toBe(old);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, old)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);
  });

  it('does not revoke the carried token when the sign-in fails', async () => {
    const old = await sessionFor(t.db, f.acmeUser);
    expect((await signIn('user@acme.test', WRONG, old)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, old)).statusCode).toBe(200);
    await signIn('user@acme.test', TEST_PASSWORD);
  });
});

describe('sessions belong to one company', () => {
  it('a token started on one company host is no session on another company the user also belongs to', async () => {
    const both = await buildUser(t.db, [{ company: f.acme }, { company: f.globex }], { email: 'both-companies@acme.test' });
    const acmeToken = SignInResponse.parse((await signIn('both-companies@acme.test', TEST_PASSWORD)).json()).token;
    expect((await get(t.app, 'acme', `/api/v1/user/${both.id}`, acmeToken)).statusCode).toBe(200);
    const elsewhere = await get(t.app, 'globex', `/api/v1/user/${both.id}`, acmeToken);
    expect(elsewhere.statusCode).toBe(401);
    const globexToken = await sessionFor(t.db, both, f.globex);
    expect((await get(t.app, 'globex', `/api/v1/user/${both.id}`, globexToken)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', `/api/v1/user/${both.id}`, globexToken)).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session on the server', async () => {
    const token = SignInResponse.parse((await signIn('user@acme.test', TEST_PASSWORD)).json()).token;
    expect((await get(t.app, 'acme', '/api/v1/auth/sign-out', token)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, token)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', '/api/v1/auth/sign-out', token)).statusCode).toBe(401);
  });
});
