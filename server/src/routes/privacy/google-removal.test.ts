/**
 * Deactivation through Google (accounts spec 4, 7) against a real OpenID provider
 * (oidc-provider on 127.0.0.1), as in the Google route tests: our DELETE
 * /api/v1/auth/google/validate, the provider's authorization and interaction endpoints, and
 * the callback with the browser's flow and removal cookies.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SsoRemovalResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_FLOW_COOKIE } from '../../auth/google.ts';
import { GOOGLE_REMOVAL_COOKIE } from '../../commands/sso-removal.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { sessions, users, type CompanyRow } from '../../db/schema.ts';
import { createTestContext, hostOf, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';

const SUBDOMAIN = 'hooli';
const CLIENT_ID = 'chorus-hooli';
const CLIENT_SECRET = 'a-long-enough-client-secret-for-tests';
const ORIGIN = `http://${hostOf(SUBDOMAIN)}`;
const CALLBACK = `${ORIGIN}/api/v1/auth/google/callback`;

/** People the provider knows, by subject. */
const accounts = new Map<string, { email: string; email_verified: boolean }>();
let signInAs = '';

let t: TestContext;
let server: http.Server;
let issuer: string;
let hooli: CompanyRow;

async function startProvider(): Promise<void> {
  let provider: Provider | null = null;
  server = http.createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const current = provider;
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await current.interactionDetails(req, res);
        const clientId = details.params.client_id;
        if (typeof clientId !== 'string') throw new Error('no client_id');
        const grant = new current.Grant({ accountId: signInAs, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await current.interactionFinished(req, res, { login: { accountId: signInAs }, consent: { grantId } }, { mergeWithLastSubmission: false });
      })().catch(() => {
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    current.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['chorus-test-cookie-key'] },
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_context, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });
}

/** Follows the provider's redirects as a browser would, until it sends the browser back to us. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(CALLBACK)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} without a redirect at ${url}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

beforeAll(async () => {
  await startProvider();
  t = await createTestContext();
  hooli = await buildCompany(t.db, {
    subdomain: SUBDOMAIN,
    featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
    ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true },
    googleConfig: { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, jitProvisioning: false, allowedDomains: [] },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
  signInAs = subject;
  const back = await throughProvider(answer.url);
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
    accounts.set('sub-pat', { email: 'pat@hooli.test', email_verified: true });
    const token = await sessionFor(t.db, user);
    const landing = await removeThroughGoogle(token, 'sub-pat');
    expect(landing.href).toBe(`${ORIGIN}/sign-in?code=316`);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('refuses when another member signs in at Google', async () => {
    const user = await buildUser(t.db, [{ company: hooli }], { email: 'sam@hooli.test', passwordHash: null });
    await buildUser(t.db, [{ company: hooli }], { email: 'kim@hooli.test', passwordHash: null });
    accounts.set('sub-kim', { email: 'kim@hooli.test', email_verified: true });
    const landing = await removeThroughGoogle(await sessionFor(t.db, user), 'sub-kim');
    expect(landing.pathname).toBe('/error');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeNull();
  });
});
