/**
 * Finding 17: social access and refresh tokens sat in plain text in social_accounts, and the
 * company's Google client secret in companies.google_config. They are encrypted at rest now
 * (AES-256-GCM under CHORUS_SECRET_KEY, here the key generated into the test's data folder):
 * the stored values hold no plain secret, the app still uses them (a network API call with the
 * token, a Google sign-in with the secret), a wrong key fails clearly, rotation through
 * CHORUS_SECRET_KEY_PREVIOUS works, and plain rows from before are encrypted at start-up.
 */
import { AUTH_COOKIE, Network, Role } from '@chorus/core';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { GoogleSignIn, googleConfigOf } from '../../server/src/auth/google.ts';
import { oauthNetworkClient } from '../../server/src/auth/oauth-networks.ts';
import { socialTokensOf } from '../../server/src/commands/social-link.ts';
import type { Config } from '../../server/src/config.ts';
import { encryptSecretsAtRest } from '../../server/src/db/secrets-at-rest.ts';
import { companies, socialAccounts, type CompanyRow } from '../../server/src/db/schema.ts';
import { decryptSecret, keyringOf, parseSecretKey, SECRET_KEY_FILE, SecretKeyError, secretKeyId } from '../../server/src/lib/secrets.ts';
import { createTestContext, hostOf, post, testConfig, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../server/src/test/oidc-provider.ts';

const X_ACCESS = 'x-access-7d1f0c2b9a';
const X_REFRESH = 'x-refresh-4e8a61d03b';
const GOOGLE_SECRET = 'google-client-secret-for-finding-17';
const V1 = /^v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/;

let t: TestContext;
let f: Tenants;
let app: FastifyInstance;
let fake: Server;
let base = '';
let op: TestOidcProvider;
/** The key the test's server generated into its data folder. */
let generatedKey: Buffer;
/** The key everything is under after the rotation test. */
let rotatedKey: Buffer;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The stored link of a user and network, as the database holds it. */
async function storedLink(userId: number, network: number = Network.TWITTER): Promise<typeof socialAccounts.$inferSelect | undefined> {
  return (await t.db.select().from(socialAccounts)).find((row) => row.userId === userId && row.network === network);
}

/** A company row as the database holds it. */
async function storedCompany(id: number): Promise<CompanyRow | undefined> {
  return (await t.db.select().from(companies)).find((row) => row.id === id);
}

/** Another server's configuration on the same data: other keys, same everything else. */
function withKeys(env: Record<string, string>): Config {
  return { ...testConfig(t.dir, env), dataDir: t.config.dataDir };
}

beforeAll(async () => {
  // A network standing in for X: its token endpoint, and a profile call that needs the token.
  fake = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/x/token') return send(res, 200, { token_type: 'bearer', access_token: X_ACCESS, refresh_token: X_REFRESH, expires_in: 7200 });
      if (url.pathname === '/x-api/2/users/me') {
        if (req.headers.authorization !== `Bearer ${X_ACCESS}`) return send(res, 401, { title: 'Unauthorized', status: 401 });
        return send(res, 200, { data: { id: '2244994945', name: 'Sam on X', username: 'samx' } });
      }
      return send(res, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  op = await startTestOidcProvider({ clientId: 'chorus-keyed', clientSecret: GOOGLE_SECRET, redirectUri: `http://${hostOf('keyed')}/api/v1/auth/google/callback` });

  // The provider listens on loopback, which the SSRF guard lets through only when allowed.
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  f = await buildTenants(t.db);
  const networks = {
    twitter: { clientId: 'x-id', clientSecret: 'x-secret', endpoints: { authorize: `${base}/x/authorize`, token: `${base}/x/token`, api: `${base}/x-api` } },
    linkedin: null,
    facebook: null,
  };
  app = await buildApp({ config: { ...t.config, networks }, database: t.database, logger: false });
});

afterAll(async () => {
  await app.close();
  await t.close();
  await op.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

async function linkX(token: string, userId: number): Promise<typeof socialAccounts.$inferSelect> {
  const started = await post(app, 'acme', '/api/v1/social/link-twitter', {}, token);
  expect(started.statusCode).toBe(200);
  const state = new URL((started.json() as { url: string }).url).searchParams.get('state') ?? '';
  const back = await app.inject({ method: 'GET', url: `/api/v1/social/callback/twitter?state=${state}&code=any`, headers: { host: hostOf('acme'), accept: 'text/html', 'x-auth-token': token, cookie: `${AUTH_COOKIE}=${token}` } });
  expect(back.statusCode).toBe(302);
  expect(new URL(String(back.headers.location)).searchParams.get('social_error')).toBeNull();
  const row = await storedLink(userId);
  if (!row) throw new Error('no link stored');
  return row;
}

describe('finding 17: secrets are encrypted at rest', () => {
  it('stores a linked network\'s tokens encrypted, and the app still calls the network with them', async () => {
    const row = await linkX(f.tokens.acmeUser, f.acmeUser.id);
    generatedKey = parseSecretKey(await readFile(path.join(t.config.dataDir, SECRET_KEY_FILE), 'utf8')) ?? Buffer.alloc(0);
    expect(generatedKey).toHaveLength(32);

    // The raw row: no plain token, versioned ciphertext under the generated key.
    expect(row.accessToken).toMatch(V1);
    expect(row.refreshToken).toMatch(V1);
    expect(JSON.stringify(row)).not.toContain(X_ACCESS);
    expect(JSON.stringify(row)).not.toContain(X_REFRESH);
    expect(row.accessToken.split(':')[1]).toBe(secretKeyId(generatedKey));

    // The app reads them back and the network accepts the token.
    const tokens = socialTokensOf(t.config, row);
    expect(tokens).toEqual({ accessToken: X_ACCESS, refreshToken: X_REFRESH });
    const profile = await oauthNetworkClient('twitter', { clientId: 'x-id', clientSecret: 'x-secret', endpoints: { authorize: `${base}/x/authorize`, token: `${base}/x/token`, api: `${base}/x-api` } }).profile(tokens.accessToken);
    expect(profile.id).toBe('2244994945');
  });

  it('stores the Google client secret encrypted, and Google sign-in still authenticates with it', async () => {
    const keyed = await buildCompany(t.db, { subdomain: 'keyed' });
    const admin = await buildUser(t.db, [{ company: keyed, role: Role.ADMIN }], { email: 'admin@keyed.test' });
    const adminToken = await sessionFor(t.db, admin);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/company/settings/sso/google',
      headers: { host: hostOf('keyed'), 'x-auth-token': adminToken },
      payload: { issuer: op.issuer, client_id: 'chorus-keyed', client_secret: GOOGLE_SECRET, allowed_domains: ['keyed.test'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ google: { has_client_secret: true } });
    const company = await storedCompany(keyed.id);
    expect(company?.googleConfig?.clientSecret).toMatch(V1);
    expect(JSON.stringify(company)).not.toContain(GOOGLE_SECRET);

    // Saving again without a secret keeps it (re-encrypted, so under a new IV).
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/company/settings/sso/google',
      headers: { host: hostOf('keyed'), 'x-auth-token': adminToken },
      payload: { issuer: op.issuer, client_id: 'chorus-keyed', allowed_domains: ['keyed.test'] },
    });
    expect(again.statusCode).toBe(200);
    const kept = await storedCompany(keyed.id);
    const stored = kept?.googleConfig?.clientSecret ?? '';
    expect(stored).toMatch(V1);
    expect(stored).not.toBe(company?.googleConfig?.clientSecret);
    expect(decryptSecret(keyringOf(t.config), stored, 'companies.google_config.client_secret')).toBe(GOOGLE_SECRET);

    // The provider checks the client secret at its token endpoint: sign-in completes.
    const member = await buildUser(t.db, [{ company: keyed }], { email: 'member@keyed.test' });
    op.accounts.set('member-sub', { email: 'member@keyed.test', email_verified: true });
    op.signInAs = 'member-sub';
    const client = kept ? googleConfigOf(kept) : null;
    if (!kept || !client) throw new Error('Google is not configured');
    const google = new GoogleSignIn(t.db, t.config);
    const started = await google.start(kept, client, { next: null, inviteCode: null });
    const back = await op.throughProvider(started.authorizationUrl);
    const result = await google.callback(kept, client, `${back.pathname}${back.search}`, started.flowToken, () => ({ nonce: 'test-browser' }));
    expect(result.userId).toBe(member.id);
  });

  it('fails clearly under a wrong key, naming key ids and the variables, never the secret', async () => {
    const row = await storedLink(f.acmeUser.id);
    if (!row) throw new Error('no link stored');
    const wrong = withKeys({ CHORUS_SECRET_KEY: randomBytes(32).toString('base64') });
    let failure: unknown = null;
    try {
      socialTokensOf(wrong, row);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SecretKeyError);
    const message = (failure as Error).message;
    expect(message).toContain(`encrypted with key ${secretKeyId(generatedKey)}`);
    expect(message).toContain('CHORUS_SECRET_KEY');
    expect(message).toContain('CHORUS_SECRET_KEY_PREVIOUS');
    expect(message).not.toContain(X_ACCESS);

    // The start-up pass leaves what it cannot read alone and says why.
    const pass = await encryptSecretsAtRest(t.db, wrong);
    expect(pass.encrypted).toBe(0);
    expect(pass.unreadable).toBeGreaterThanOrEqual(2);
    expect(pass.problem).toContain(secretKeyId(generatedKey));
    const untouched = await storedLink(f.acmeUser.id);
    expect(untouched?.accessToken).toBe(row.accessToken);
  });

  it('rotates: the previous key still reads, the pass moves everything to the new key, then the old key can go', async () => {
    const newKey = randomBytes(32);
    rotatedKey = newKey;
    const rotating = withKeys({ CHORUS_SECRET_KEY: newKey.toString('hex'), CHORUS_SECRET_KEY_PREVIOUS: generatedKey.toString('base64') });
    const before = await storedLink(f.acmeUser.id);
    if (!before) throw new Error('no link stored');
    expect(socialTokensOf(rotating, before).accessToken).toBe(X_ACCESS);

    const pass = await encryptSecretsAtRest(t.db, rotating);
    expect(pass).toMatchObject({ unreadable: 0, problem: null });
    expect(pass.encrypted).toBeGreaterThanOrEqual(3);
    expect((await encryptSecretsAtRest(t.db, rotating)).encrypted).toBe(0);

    const newOnly = withKeys({ CHORUS_SECRET_KEY: newKey.toString('base64') });
    const after = await storedLink(f.acmeUser.id);
    if (!after) throw new Error('no link stored');
    expect(after.accessToken.split(':')[1]).toBe(secretKeyId(newKey));
    expect(socialTokensOf(newOnly, after)).toEqual({ accessToken: X_ACCESS, refreshToken: X_REFRESH });
  });

  it('encrypts plain rows from before at start-up, once', async () => {
    const config = withKeys({ CHORUS_SECRET_KEY: rotatedKey.toString('base64') });
    const user = await buildUser(t.db, [{ company: f.acme }], { email: 'legacy@acme.test' });
    await t.db.insert(socialAccounts).values({ userId: user.id, network: Network.LINKEDIN, externalId: 'li-legacy', username: 'Legacy', accessToken: 'plain-access', refreshToken: null });
    const legacy: CompanyRow = await buildCompany(t.db, {
      subdomain: 'legacy',
      googleConfig: { issuer: 'https://accounts.google.com', clientId: 'legacy', clientSecret: 'plain-client-secret', jitProvisioning: false, allowedDomains: [] },
    });

    const pass = await encryptSecretsAtRest(t.db, config);
    expect(pass).toEqual({ encrypted: 2, unreadable: 0, problem: null });
    const row = await storedLink(user.id, Network.LINKEDIN);
    expect(row?.accessToken).toMatch(V1);
    expect(row?.refreshToken).toBeNull();
    expect(row && socialTokensOf(config, row).accessToken).toBe('plain-access');
    const company = await storedCompany(legacy.id);
    expect(company?.googleConfig?.clientSecret).toMatch(V1);
    expect(decryptSecret(keyringOf(config), company?.googleConfig?.clientSecret ?? '', 'companies.google_config.client_secret')).toBe('plain-client-secret');
    expect((await encryptSecretsAtRest(t.db, config)).encrypted).toBe(0);
  });
});
