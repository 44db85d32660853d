/**
 * Social sign-in and account linking through the real OAuth clients (X_CLIENT_ID and the rest
 * configured), against a local fake network that checks what X and LinkedIn check: client
 * credentials, the registered redirect uri, the one code it issued and X's PKCE verifier.
 */
import { AUTH_COOKIE, Network } from '@chorus/core';
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { socialTokensOf } from '../../commands/social-link.ts';
import { companies, externalIdentities, socialAccounts } from '../../db/schema.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { STATE_COOKIE } from './routes.ts';

let t: TestContext;
let f: Tenants;
let app: FastifyInstance;
let fake: Server;
let base = '';
/** Codes the fake's consent handed out, with the PKCE challenge and redirect uri they were asked with. */
const issued = new Map<string, { challenge: string | null; redirectUri: string }>();

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The fake's consent: remembers the request and hands out a code, as the person pressing Allow. */
function consent(authorizeUrl: URL): string {
  const code = `code-${issued.size + 1}`;
  issued.set(code, { challenge: authorizeUrl.searchParams.get('code_challenge'), redirectUri: authorizeUrl.searchParams.get('redirect_uri') ?? '' });
  return code;
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      const request = issued.get(form.get('code') ?? '');
      switch (url.pathname) {
        case '/x/token': {
          if (req.headers.authorization !== `Basic ${Buffer.from('x-id:x-secret').toString('base64')}`) return send(res, 401, { error: 'unauthorized_client' });
          const verifier = form.get('code_verifier') ?? '';
          if (!request || request.redirectUri !== form.get('redirect_uri') || createHash('sha256').update(verifier).digest('base64url') !== request.challenge) {
            return send(res, 400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' });
          }
          issued.delete(form.get('code') ?? '');
          return send(res, 200, { token_type: 'bearer', access_token: 'x-access', refresh_token: 'x-refresh', expires_in: 7200 });
        }
        case '/x-api/2/users/me':
          if (req.headers.authorization !== 'Bearer x-access') return send(res, 401, { title: 'Unauthorized', status: 401 });
          return send(res, 200, { data: { id: '2244994945', name: 'Sam on X', username: 'samx', profile_image_url: 'https://pbs.twimg.com/sam.jpg' } });
        case '/li/token':
          if (form.get('client_id') !== 'li-id' || form.get('client_secret') !== 'li-secret' || !request || request.redirectUri !== form.get('redirect_uri')) {
            return send(res, 400, { error: 'invalid_request', error_description: 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.' });
          }
          issued.delete(form.get('code') ?? '');
          return send(res, 200, { access_token: 'li-access', expires_in: 5184000 });
        case '/li-api/v2/userinfo':
          if (req.headers.authorization !== 'Bearer li-access') return send(res, 401, { message: 'Invalid access token' });
          return send(res, 200, { sub: 'li-sam', name: 'Sam Rivera', email: 'User@Acme.test', email_verified: true });
        default:
          return send(res, 404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

  t = await createTestContext();
  f = await buildTenants(t.db);
  // acme offers sign-in with X (1) and LinkedIn (3).
  await t.db.update(companies).set({ socialSignIn: [false, true, false, true, false, false, false] }).where(eq(companies.id, f.acme.id));
  const networks = {
    twitter: { clientId: 'x-id', clientSecret: 'x-secret', endpoints: { authorize: `${base}/x/authorize`, token: `${base}/x/token`, api: `${base}/x-api` } },
    linkedin: { clientId: 'li-id', clientSecret: 'li-secret', endpoints: { authorize: `${base}/li/authorize`, token: `${base}/li/token`, api: `${base}/li-api` } },
    facebook: null,
  };
  app = await buildApp({ config: { ...t.config, networks }, database: t.database, logger: false });
});
afterAll(async () => {
  await app.close();
  await t.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

function browse(url: string, cookies: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { host: hostOf('acme'), accept: 'text/html' }, cookies });
}

function location(res: LightMyRequestResponse): URL {
  const header = res.headers.location;
  if (typeof header !== 'string') throw new Error(`expected a redirect, got ${res.statusCode}: ${res.body}`);
  return new URL(header, `http://${hostOf('acme')}`);
}

describe('sign-in through a configured network', () => {
  // Changed with issue 13 (finding 1): a real network's e-mail is no proof either; only a linked account signs in.
  it('sends the browser to LinkedIn with the registered callback; its e-mail signs nobody in, a linked account signs in', async () => {
    const started = await browse('/api/v1/auth/sign-in/linkedin?is_element=1');
    expect(started.statusCode).toBe(302);
    const authorize = location(started);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/li/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'li-id',
      redirect_uri: `http://${hostOf('acme')}/api/v1/auth/sign-in/linkedin/callback`,
      scope: expect.stringContaining('openid'),
    });
    const state = started.cookies.find((c) => c.name === STATE_COOKIE)?.value ?? '';
    expect(authorize.searchParams.get('state')).toBe(state);

    const code = consent(authorize);
    const back = await browse(`/api/v1/auth/sign-in/linkedin/callback?state=${state}&code=${code}`, { [STATE_COOKIE]: state });
    expect(location(back).pathname).toBe('/verify-email');
    const [identity] = await t.db.select().from(externalIdentities).where(and(eq(externalIdentities.provider, 'linkedin'), eq(externalIdentities.subject, 'li-sam')));
    expect(identity).toMatchObject({ userId: null, email: 'user@acme.test', displayName: 'Sam Rivera' });

    // Once linked to its owner (the verification link does this), the same account signs in.
    await t.db.update(externalIdentities).set({ userId: f.acmeUser.id }).where(eq(externalIdentities.id, identity?.id ?? 0));
    const again = location(await browse('/api/v1/auth/sign-in/linkedin?is_element=1'));
    const againState = again.searchParams.get('state') ?? '';
    const landing = location(await browse(`/api/v1/auth/sign-in/linkedin/callback?state=${againState}&code=${consent(again)}`, { [STATE_COOKIE]: againState }));
    expect(landing.pathname).toBe('/sign-in/sso');
    expect(landing.searchParams.get('encrypted_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends X a PKCE challenge and proves it with the verifier kept on the server', async () => {
    const started = await browse('/api/v1/auth/sign-in/twitter');
    const authorize = location(started);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = authorize.searchParams.get('state') ?? '';
    const back = await browse(`/api/v1/auth/sign-in/twitter/callback?state=${state}&code=${consent(authorize)}`, { [STATE_COOKIE]: state });
    // X shares no e-mail, so an unknown X account is asked for its work e-mail.
    expect(location(back).pathname).toBe('/verify-email');
  });

  it('answers a code the network refuses with the sign-in error, not a failure', async () => {
    const started = await browse('/api/v1/auth/sign-in/linkedin');
    const state = location(started).searchParams.get('state') ?? '';
    const back = await browse(`/api/v1/auth/sign-in/linkedin/callback?state=${state}&code=forged`, { [STATE_COOKIE]: state });
    expect(back.statusCode).toBe(302);
    expect(location(back).pathname).toBe('/sign-in');
    expect(location(back).searchParams.get('social_error')).toBe('invalid');
  });
});

describe('linking an account for sharing through a configured network', () => {
  it('links X with its tokens, through the social callback', async () => {
    const started = await post(app, 'acme', '/api/v1/social/link-twitter', {}, f.tokens.acmeUser);
    expect(started.statusCode).toBe(200);
    const authorize = new URL((started.json() as { url: string }).url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/x/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://${hostOf('acme')}/api/v1/social/callback/twitter`);
    const state = authorize.searchParams.get('state') ?? '';
    const back = await app.inject({
      method: 'GET',
      url: `/api/v1/social/callback/twitter?state=${state}&code=${consent(authorize)}`,
      headers: { host: hostOf('acme'), accept: 'text/html', cookie: `${AUTH_COOKIE}=${f.tokens.acmeUser}` },
    });
    expect(location(back).searchParams.get('social_error')).toBeNull();
    const [account] = await t.db.select().from(socialAccounts).where(and(eq(socialAccounts.userId, f.acmeUser.id), eq(socialAccounts.network, Network.TWITTER)));
    expect(account).toMatchObject({ externalId: '2244994945', username: 'Sam on X' });
    // Encrypted at rest (finding 17); the app reads the network's tokens back.
    expect(account && socialTokensOf(t.config, account)).toEqual({ accessToken: 'x-access', refreshToken: 'x-refresh' });
  });
});
