/**
 * Deactivation through Google (accounts spec 4, 7) against a real OpenID provider
 * (oidc-provider on 127.0.0.1), as in the Google route tests: our DELETE
 * /api/v1/auth/google/validate, the provider's authorization and interaction endpoints, and
 * the callback with the browser's flow and removal cookies.
 */
import { SsoRemovalResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_FLOW_COOKIE } from '../../auth/google.ts';
import { GOOGLE_REMOVAL_COOKIE } from '../../commands/sso-removal.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { sessions, users, type CompanyRow } from '../../db/schema.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { createTestContext, hostOf, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';

const SUBDOMAIN = 'hooli';
const CLIENT_ID = 'chorus-hooli';
const CLIENT_SECRET = 'a-long-enough-client-secret-for-tests';
const ORIGIN = `http://${hostOf(SUBDOMAIN)}`;
const CALLBACK = `${ORIGIN}/api/v1/auth/google/callback`;

let t: TestContext;
let op: TestOidcProvider;
let issuer: string;
let hooli: CompanyRow;

beforeAll(async () => {
  op = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: CALLBACK });
  issuer = op.issuer;
  // The provider listens on loopback, which the SSRF guard lets through only when allowed.
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  hooli = await buildCompany(t.db, {
    subdomain: SUBDOMAIN,
    featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
    ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true },
    // Google proves addresses of the company's own domains only (issue 13, finding 1).
    googleConfig: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, jitProvisioning: false, allowedDomains: ['hooli.test'] },
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

/** Asks for removal as `token`, signs in at the provider as `subject`, and returns where the callback sends the browser. */
async function removeThroughGoogle(token: string, subject: string): Promise<URL> {
  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/v1/auth/google/validate',
    headers: { host: hostOf(SUBDOMAIN), 'content-type': 'application/json', 'x-auth-token': token },
    payload: JSON.stringify({ do_delete: false, password: 'CONFIRM' }),
  });
  expect(res.statusCode).toBe(200);
  const answer = SsoRemovalResponse.parse(res.json());
  expect(answer.mode).toBe('DEACTIVATE');
  expect(new URL(answer.url).origin).toBe(issuer);
  const flow = res.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE);
  const removal = res.cookies.find((c) => c.name === GOOGLE_REMOVAL_COOKIE);
  expect(removal?.httpOnly).toBe(true);
  op.signInAs = subject;
  const back = await op.throughProvider(answer.url);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host: hostOf(SUBDOMAIN) },
    cookies: { [GOOGLE_FLOW_COOKIE]: flow?.value ?? '', [GOOGLE_REMOVAL_COOKIE]: removal?.value ?? '' },
  });
  expect(callback.statusCode).toBe(302);
  return new URL(String(callback.headers.location), ORIGIN);
}

describe('DELETE /api/v1/auth/google/validate, then the Google callback', () => {
  it('deactivates after the Google sign-in and sends the browser to /sign-in?code=316', async () => {
    const user = await buildUser(t.db, [{ company: hooli }], { email: 'pat@hooli.test', passwordHash: null });
    op.accounts.set('sub-pat', { email: 'pat@hooli.test', email_verified: true });
    const token = await sessionFor(t.db, user);
    const landing = await removeThroughGoogle(token, 'sub-pat');
    expect(landing.href).toBe(`${ORIGIN}/sign-in?code=316`);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses when another member signs in at Google', async () => {
    const user = await buildUser(t.db, [{ company: hooli }], { email: 'sam@hooli.test', passwordHash: null });
    await buildUser(t.db, [{ company: hooli }], { email: 'kim@hooli.test', passwordHash: null });
    op.accounts.set('sub-kim', { email: 'kim@hooli.test', email_verified: true });
    const landing = await removeThroughGoogle(await sessionFor(t.db, user), 'sub-kim');
    expect(landing.pathname).toBe('/error');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeNull();
  });
});
