/**
 * Google sign-in against a real OpenID provider (oidc-provider on 127.0.0.1), driven over
 * HTTP: our start route, the provider's authorization and interaction endpoints, and the
 * callback with the browser's flow cookie.
 */
import { Role } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_FLOW_COOKIE } from '../../auth/google.ts';
import { createInvite } from '../../auth/invites.ts';
import { findOneTimeToken } from '../../auth/one-time-tokens.ts';
import { externalIdentities, invites, memberships, users, type CompanyRow, type OidcConfigColumn } from '../../db/schema.ts';
import { buildCompany, buildUser } from '../../test/factories.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';

const CLIENT_ID = 'chorus-acme';
const CLIENT_SECRET = 'a-long-enough-client-secret-for-tests';
const ORIGIN = `http://${hostOf('acme')}`;
const CALLBACK = `${ORIGIN}/api/v1/auth/google/callback`;

let ctx: TestContext;
let op: TestOidcProvider;
let issuer: string;
let acme: CompanyRow;

function googleConfig(overrides: Partial<OidcConfigColumn> = {}): OidcConfigColumn {
  return { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, jitProvisioning: false, allowedDomains: [], ...overrides };
}

/** Starts a flow on our server: the redirect to the provider and the flow cookie. */
async function start(path: string): Promise<{ location: string; flowCookie: string }> {
  const response = await ctx.app.inject({ method: 'GET', url: path, headers: { host: hostOf('acme') } });
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  return { location: String(response.headers.location), flowCookie: cookie?.value ?? '' };
}

function callback(url: URL, flowCookie: string | null): Promise<{ statusCode: number; location: string }> {
  return ctx.app
    .inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: hostOf('acme') },
      cookies: flowCookie === null ? {} : { [GOOGLE_FLOW_COOKIE]: flowCookie },
    })
    .then((r) => ({ statusCode: r.statusCode, location: String(r.headers.location) }));
}

/** The whole browser round trip for a person at the provider. */
async function signInWithGoogle(subject: string, path = '/api/v1/auth/google/sign-in'): Promise<string> {
  op.signInAs = subject;
  const started = await start(path);
  const back = await op.throughProvider(started.location);
  const result = await callback(back, started.flowCookie);
  expect(result.statusCode).toBe(302);
  return result.location;
}

async function exchangeTokenOf(location: string): Promise<{ userId: number | null; companyId: number | null }> {
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/sign-in/sso`);
  const found = await findOneTimeToken(ctx.db, 'sso-exchange', url.searchParams.get('encrypted_token') ?? '');
  if (found.state !== 'valid') throw new Error(`exchange token is ${found.state}`);
  return { userId: found.row.userId, companyId: found.row.companyId };
}

beforeAll(async () => {
  op = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: CALLBACK });
  issuer = op.issuer;
  // The provider listens on loopback, which the SSRF guard lets through only when allowed.
  ctx = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  acme = await buildCompany(ctx.db, {
    subdomain: 'acme',
    ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true },
    // Google proves addresses of the company's own domains only (acme.test here).
    googleConfig: googleConfig({ jitProvisioning: true, allowedDomains: ['jit.test', 'acme.test'] }),
  });
});

afterAll(async () => {
  await ctx.close();
  await op.close();
});

describe('GET /api/v1/auth/google/sign-in', () => {
  it('redirects to the provider with PKCE (S256), state and nonce', async () => {
    const { location } = await start('/api/v1/auth/google/sign-in');
    const url = new URL(location);
    expect(url.origin).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
  });

  it('signs in an existing member: exchange token for them, next kept, identity linked', async () => {
    const user = await buildUser(ctx.db, [{ company: acme }], { email: 'member@acme.test' });
    op.accounts.set('sub-member', { email: 'Member@acme.test', email_verified: true });
    const location = await signInWithGoogle('sub-member', '/api/v1/auth/google/sign-in?next=%2Fposts%2F3');
    expect(new URL(location).searchParams.get('next')).toBe('/posts/3');
    expect(await exchangeTokenOf(location)).toEqual({ userId: user.id, companyId: acme.id });
    const [identity] = await ctx.db.select().from(externalIdentities).where(eq(externalIdentities.subject, 'sub-member'));
    expect(identity).toMatchObject({ provider: 'google', userId: user.id, companyId: acme.id });
  });

  it('provisions a new user of an allowed domain just in time, as a USER without password', async () => {
    op.accounts.set('sub-jit', { email: 'new@jit.test', email_verified: true, given_name: 'Nia', family_name: 'Ito' });
    const location = await signInWithGoogle('sub-jit');
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'new@jit.test'));
    expect(user).toMatchObject({ firstName: 'Nia', lastName: 'Ito', passwordHash: null });
    expect(await exchangeTokenOf(location)).toEqual({ userId: user?.id, companyId: acme.id });
    const [member] = await ctx.db.select().from(memberships).where(eq(memberships.userId, user?.id ?? 0));
    expect(member?.role).toBe(Role.USER);
  });

  it('sends an unknown domain to domain-not-found and creates nobody', async () => {
    op.accounts.set('sub-stranger', { email: 'someone@elsewhere.test', email_verified: true });
    expect(await signInWithGoogle('sub-stranger')).toBe('/sign-in/sso/domain-not-found');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'someone@elsewhere.test'))).toHaveLength(0);
  });

  it('refuses an existing account that is not a member of the company', async () => {
    const other = await buildCompany(ctx.db);
    await buildUser(ctx.db, [{ company: other }], { email: 'outsider@jit.test' });
    op.accounts.set('sub-outsider', { email: 'outsider@jit.test', email_verified: true });
    expect(await signInWithGoogle('sub-outsider')).toBe('/sign-in/sso/domain-not-found');
  });

  it('opens an account of an address outside the company domains only through an identity linked before', async () => {
    const user = await buildUser(ctx.db, [{ company: acme }], { email: 'member@gmail.test' });
    op.accounts.set('sub-gmail', { email: 'member@gmail.test', email_verified: true });
    expect(await signInWithGoogle('sub-gmail')).toBe('/sign-in/sso/domain-not-found');
    expect(await ctx.db.select().from(externalIdentities).where(eq(externalIdentities.subject, 'sub-gmail'))).toEqual([]);
    await ctx.db.insert(externalIdentities).values({ provider: 'google', subject: 'sub-gmail', userId: user.id, companyId: acme.id, email: user.email });
    expect(await exchangeTokenOf(await signInWithGoogle('sub-gmail'))).toEqual({ userId: user.id, companyId: acme.id });
  });

  it('refuses a deactivated member', async () => {
    await buildUser(ctx.db, [{ company: acme }], { email: 'gone@acme.test', deactivatedAt: new Date() });
    op.accounts.set('sub-gone', { email: 'gone@acme.test', email_verified: true });
    expect(await signInWithGoogle('sub-gone')).toBe('/error');
  });

  it('rejects an e-mail the provider has not verified', async () => {
    await buildUser(ctx.db, [{ company: acme }], { email: 'unverified@acme.test' });
    op.accounts.set('sub-unverified', { email: 'unverified@acme.test', email_verified: false });
    expect(await signInWithGoogle('sub-unverified')).toBe('/error');
  });

  it('rejects a callback whose state does not match the flow, and one without the flow cookie', async () => {
    await buildUser(ctx.db, [{ company: acme }], { email: 'csrf@acme.test' });
    op.accounts.set('sub-csrf', { email: 'csrf@acme.test', email_verified: true });
    op.signInAs = 'sub-csrf';
    const tampered = await start('/api/v1/auth/google/sign-in');
    const back = await op.throughProvider(tampered.location);
    back.searchParams.set('state', 'not-the-state');
    expect(await callback(back, tampered.flowCookie)).toEqual({ statusCode: 302, location: '/error' });

    const cookieless = await start('/api/v1/auth/google/sign-in');
    expect(await callback(await op.throughProvider(cookieless.location), null)).toEqual({ statusCode: 302, location: '/error' });
  });

  it('uses a flow once: replaying the callback fails', async () => {
    await buildUser(ctx.db, [{ company: acme }], { email: 'replay@acme.test' });
    op.accounts.set('sub-replay', { email: 'replay@acme.test', email_verified: true });
    op.signInAs = 'sub-replay';
    const started = await start('/api/v1/auth/google/sign-in');
    const back = await op.throughProvider(started.location);
    expect((await callback(back, started.flowCookie)).location).toContain('/sign-in/sso?encrypted_token=');
    expect((await callback(back, started.flowCookie)).location).toBe('/error');
  });

  it('sends an error at the provider (access_denied) to /error', async () => {
    const started = await start('/api/v1/auth/google/sign-in');
    const state = new URL(started.location).searchParams.get('state') ?? '';
    const denied = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    expect(await callback(denied, started.flowCookie)).toEqual({ statusCode: 302, location: '/error' });
  });

  it('sends the browser to /error when the provider cannot be discovered', async () => {
    await buildCompany(ctx.db, {
      subdomain: 'unreachable',
      ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true },
      googleConfig: googleConfig({ issuer: 'http://127.0.0.1:1' }),
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/google/sign-in', headers: { host: hostOf('unreachable') } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/error');
  });

  it("refuses a flow started at another company's host", async () => {
    await buildCompany(ctx.db, { subdomain: 'beta', ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true }, googleConfig: googleConfig() });
    await buildUser(ctx.db, [{ company: acme }], { email: 'hopper@acme.test' });
    op.accounts.set('sub-hopper', { email: 'hopper@acme.test', email_verified: true });
    op.signInAs = 'sub-hopper';
    const started = await start('/api/v1/auth/google/sign-in');
    const back = await op.throughProvider(started.location);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host: hostOf('beta') },
      cookies: { [GOOGLE_FLOW_COOKIE]: started.flowCookie },
    });
    expect(response.headers.location).toBe('/error');
    // Refused before the flow was used: its own host can still complete it.
    expect((await callback(back, started.flowCookie)).location).toContain('/sign-in/sso?encrypted_token=');
  });

  it('drops a next that leaves the site', async () => {
    await buildUser(ctx.db, [{ company: acme }], { email: 'wander@acme.test' });
    op.accounts.set('sub-wander', { email: 'wander@acme.test', email_verified: true });
    const location = await signInWithGoogle('sub-wander', '/api/v1/auth/google/sign-in?next=%2F%2Fevil.test');
    expect(new URL(location).searchParams.has('next')).toBe(false);
    expect(location).not.toContain('evil');
  });
});

describe('GET /api/v1/auth/google/sign-up', () => {
  it('accepts an invite for the verified e-mail: member with the invite role, use counted', async () => {
    const { code, invite } = await createInvite(ctx.db, { companyId: acme.id, version: 2, email: 'invited@other.test', role: Role.ADMIN });
    op.accounts.set('sub-invited', { email: 'invited@other.test', email_verified: true });
    const location = await signInWithGoogle('sub-invited', `/api/v1/auth/google/sign-up?code=${code}`);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'invited@other.test'));
    expect(await exchangeTokenOf(location)).toEqual({ userId: user?.id, companyId: acme.id });
    const [member] = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, user?.id ?? 0), eq(memberships.companyId, acme.id)));
    expect(member?.role).toBe(Role.ADMIN);
    const [used] = await ctx.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(used?.useCount).toBe(1);
  });

  it('accepts a group invite for any verified e-mail', async () => {
    const { code } = await createInvite(ctx.db, { companyId: acme.id, version: 1, email: null, role: Role.USER });
    op.accounts.set('sub-group', { email: 'group@anywhere.test', email_verified: true });
    const location = await signInWithGoogle('sub-group', `/api/v1/auth/google/sign-up?code=${code}`);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'group@anywhere.test'));
    expect(await exchangeTokenOf(location)).toEqual({ userId: user?.id, companyId: acme.id });
  });

  it('refuses an invite for a different e-mail and creates nobody', async () => {
    const { code } = await createInvite(ctx.db, { companyId: acme.id, version: 2, email: 'intended@other.test', role: Role.USER });
    op.accounts.set('sub-wrong', { email: 'wrong@other.test', email_verified: true });
    expect(await signInWithGoogle('sub-wrong', `/api/v1/auth/google/sign-up?code=${code}`)).toBe('/error');
    expect(await ctx.db.select().from(users).where(eq(users.email, 'wrong@other.test'))).toHaveLength(0);
  });

  it('needs a code', async () => {
    const response = await get(ctx.app, 'acme', '/api/v1/auth/google/sign-up');
    expect(response.statusCode).toBe(400);
  });
});

describe('not configured', () => {
  it('answers 404 where Google has no client or is switched off, and branded settings hide it', async () => {
    await buildCompany(ctx.db, { subdomain: 'noclient', ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true } });
    await buildCompany(ctx.db, { subdomain: 'switchedoff', googleConfig: googleConfig() });
    for (const subdomain of ['noclient', 'switchedoff']) {
      for (const path of ['/api/v1/auth/google/sign-in', '/api/v1/auth/google/callback?code=x&state=y']) {
        const response = await get(ctx.app, subdomain, path);
        expect(response.statusCode).toBe(404);
      }
      const branded = await get(ctx.app, subdomain, '/api/v1/company/settings/branded-settings');
      expect(branded.json()).toMatchObject({ sso_settings: { google_enabled: false } });
    }
    const acmeBranded = await get(ctx.app, 'acme', '/api/v1/company/settings/branded-settings');
    expect(acmeBranded.json()).toMatchObject({ sso_settings: { google_enabled: true } });
  });
});
