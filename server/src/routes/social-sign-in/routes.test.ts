import { EmailVerificationResponse, ErrorCode, LANGUAGE_COOKIE } from '@chorus/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOneTimeToken } from '../../auth/one-time-tokens.ts';
import { hashToken } from '../../auth/sessions.ts';
import { sandboxSignInSubject } from '../../auth/social-providers.ts';
import { companies, externalIdentities, oneTimeTokens, outboxMails } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { PENDING_COOKIE, SANDBOX_ACCOUNT_COOKIE, STATE_COOKIE } from './routes.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  // acme offers X (1) and LinkedIn (3); globex offers nothing.
  await t.db.update(companies).set({ socialSignIn: [false, true, false, true, false, false, false] }).where(eq(companies.id, f.acme.id));
});
afterAll(() => t.close());

/** The sandbox account secret of the test's browser (see SANDBOX_ACCOUNT_COOKIE). */
const SANDBOX_BROWSER = 's'.repeat(43);

function browse(url: string, cookies: Record<string, string> = {}, subdomain = 'acme'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { host: hostOf(subdomain) }, cookies: { [SANDBOX_ACCOUNT_COOKIE]: SANDBOX_BROWSER, ...cookies } });
}

/** Links the test browser's sandbox account of `name` on `network` to a user, as the verification link does. */
async function linkSandboxAccount(network: string, name: string, userId: number): Promise<void> {
  const subject = sandboxSignInSubject(SANDBOX_BROWSER, name);
  await t.db
    .insert(externalIdentities)
    .values({ provider: network, subject, userId, companyId: f.acme.id, displayName: name })
    .onConflictDoUpdate({ target: [externalIdentities.provider, externalIdentities.subject], set: { userId } });
}

function location(res: LightMyRequestResponse): URL {
  const header = res.headers.location;
  if (typeof header !== 'string') throw new Error(`no redirect (status ${res.statusCode})`);
  return new URL(header, 'http://acme.localhost:3000');
}

function cookieOf(res: LightMyRequestResponse, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie.value;
}

/** Runs start → consent → decision → callback as a browser would, returning the callback's answer. */
async function socialSignIn(network: string, profile: { name: string; email?: string; decision?: 'allow' | 'deny' }, start = '?is_element=1') {
  const started = await browse(`/api/v1/auth/sign-in/${network}${start}`);
  expect(started.statusCode).toBe(302);
  const consent = location(started);
  const state = cookieOf(started, STATE_COOKIE);
  expect(consent.pathname).toBe(`/api/v1/auth/sandbox/${network}/authorize`);
  expect(consent.searchParams.get('state')).toBe(state);
  const page = await browse(consent.pathname + consent.search);
  expect(page.statusCode).toBe(200);
  const decide = new URLSearchParams({ state, decision: profile.decision ?? 'allow', name: profile.name, email: profile.email ?? '' });
  const decided = await browse(`/api/v1/auth/sandbox/${network}/decide?${decide}`);
  expect(decided.statusCode).toBe(302);
  const callback = location(decided);
  const res = await browse(callback.pathname + callback.search, { [STATE_COOKIE]: state });
  expect(res.statusCode).toBe(302);
  return { res, url: location(res), callback };
}

async function mailCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outboxMails);
  return row?.n ?? 0;
}

async function latestLink(): Promise<URL> {
  const [row] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
  const link = row?.links[0];
  if (!row || !link) throw new Error('no mail link');
  return new URL(link);
}

async function expectExchangeFor(url: URL, userId: number): Promise<void> {
  expect(url.pathname).toBe('/sign-in/sso');
  const exchange = await findOneTimeToken(t.db, 'sso-exchange', url.searchParams.get('encrypted_token') ?? '');
  expect(exchange.state).toBe('valid');
  if (exchange.state === 'valid') expect(exchange.row.userId).toBe(userId);
}

describe('social sign-in with the sandbox network', () => {
  it('sends the browser to the sandbox consent page, which escapes what it shows', async () => {
    const started = await browse('/api/v1/auth/sign-in/twitter?is_element=1');
    expect(started.statusCode).toBe(302);
    expect(location(started).pathname).toBe('/api/v1/auth/sandbox/twitter/authorize');
    const page = await browse(`${location(started).pathname}${location(started).search}`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Sign in with twitter (sandbox)');
    expect(page.body).toContain('Acme Corporation');
    const bad = await browse(`/api/v1/auth/sandbox/twitter/decide?state=%3Cscript%3E&decision=allow&name=`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    expect(bad.body).toContain('&lt;script&gt;');
  });

  it('shows the consent page in the language cookie, else the browser language, else en-US', async () => {
    const consent = location(await browse('/api/v1/auth/sign-in/twitter?is_element=1'));
    const page = (url: string, headers: Record<string, string>, cookies: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme'), ...headers }, cookies });

    const french = await page(consent.pathname + consent.search, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('<h1>Se connecter avec twitter (bac à sable)</h1>');
    expect(french.body).toContain('>Autoriser</button>');

    const german = await page(consent.pathname + consent.search, { 'accept-language': 'fr-CA' }, { [LANGUAGE_COOKIE]: 'de-DE' });
    expect(german.body).toContain('<html lang="de-DE">');
    expect(german.body).toContain('<h1>Mit twitter anmelden (Sandbox)</h1>');
    expect(german.body).toContain('Acme Corporation möchte Ihr Konto bei twitter verwenden');

    const unsupported = await page(consent.pathname + consent.search, { 'accept-language': 'it-IT,pt;q=0.5' });
    expect(unsupported.body).toContain('<html lang="en-US">');
    expect(unsupported.body).toContain('<h1>Sign in with twitter (sandbox)</h1>');

    const state = consent.searchParams.get('state') ?? '';
    const noName = await page(`/api/v1/auth/sandbox/twitter/decide?${new URLSearchParams({ state, decision: 'allow', name: '' })}`, {}, { [LANGUAGE_COOKIE]: 'de-DE' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Bitte geben Sie einen Anzeigenamen ein.');
    const badEmail = await page(`/api/v1/auth/sandbox/twitter/decide?${new URLSearchParams({ state, decision: 'allow', name: 'Sam', email: 'nope' })}`, { 'accept-language': 'es' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('<html lang="es-ES">');
    expect(badEmail.body).toContain('Introduce una dirección de correo electrónico válida o deja el campo vacío.');
  });

  it('refuses a network the company does not enable, and every network on another company', async () => {
    expect((await browse('/api/v1/auth/sign-in/facebook?is_element=1')).statusCode).toBe(404);
    expect((await browse('/api/v1/auth/sign-in/nope?is_element=1')).statusCode).toBe(404);
    expect((await browse('/api/v1/auth/sign-in/twitter?is_element=1', {}, 'globex')).statusCode).toBe(404);
  });

  // Changed with issue 13 (finding 1): a network's e-mail no longer signs anyone in.
  it("never signs a member in on the e-mail the network shares: the account waits, unlinked, on /verify-email", async () => {
    const { url } = await socialSignIn('linkedin', { name: 'Sam LinkedIn', email: 'USER@acme.test' }, '?is_element=1&next=%2Fsettings');
    expect(url.pathname).toBe('/verify-email');
    expect(url.searchParams.get('encrypted_token')).toBeNull();
    const [identity] = await t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, sandboxSignInSubject(SANDBOX_BROWSER, 'Sam LinkedIn')));
    expect(identity).toMatchObject({ userId: null, email: 'user@acme.test' });
  });

  it('signs a linked account in through the SSO exchange, in a frame when asked, with next', async () => {
    await linkSandboxAccount('linkedin', 'Sam LinkedIn', f.acmeUser.id);
    const { url } = await socialSignIn('linkedin', { name: 'Sam LinkedIn' }, '?is_element=1&next=%2Fsettings');
    await expectExchangeFor(url, f.acmeUser.id);
    expect(url.searchParams.get('is_in_iframe')).toBe('1');
    expect(url.searchParams.get('next')).toBe('/settings');
  });

  it('drops a next that leaves the site', async () => {
    await linkSandboxAccount('linkedin', 'Sam LinkedIn', f.acmeUser.id);
    const { url } = await socialSignIn('linkedin', { name: 'Sam LinkedIn' }, '?next=%2F%2Fevil.example');
    await expectExchangeFor(url, f.acmeUser.id);
    expect(url.searchParams.get('next')).toBeNull();
  });

  it('sends a Deny back to /sign-in with an error and signs nobody in', async () => {
    const { url } = await socialSignIn('twitter', { name: 'Nobody', decision: 'deny' });
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('social_error')).toBe('denied');
  });

  it('refuses a callback from a browser that did not start the sign-in, and a replayed one', async () => {
    await linkSandboxAccount('twitter', 'Sam LinkedIn', f.acmeUser.id);
    const started = await browse('/api/v1/auth/sign-in/twitter');
    const state = cookieOf(started, STATE_COOKIE);
    const decided = await browse(`/api/v1/auth/sandbox/twitter/decide?${new URLSearchParams({ state, decision: 'allow', name: 'Sam LinkedIn', email: 'user@acme.test' })}`);
    const callback = location(decided);
    const foreign = await browse(callback.pathname + callback.search, { [STATE_COOKIE]: 'someone-else' });
    expect(location(foreign).searchParams.get('social_error')).toBe('invalid');
    const own = await browse(callback.pathname + callback.search, { [STATE_COOKIE]: state });
    await expectExchangeFor(location(own), f.acmeUser.id);
    const replayed = await browse(callback.pathname + callback.search, { [STATE_COOKIE]: state });
    expect(location(replayed).searchParams.get('social_error')).toBe('invalid');
  });
});

describe('e-mail verification after a first social sign-in', () => {
  it('keeps an unknown account unlinked and mails a single-use link that links it and signs in', async () => {
    const first = await socialSignIn('twitter', { name: 'Sam on X' });
    expect(first.url.pathname).toBe('/verify-email');
    const usaId = Number(first.url.searchParams.get('usa_id'));
    const pending = cookieOf(first.res, PENDING_COOKIE);
    const [unlinked] = await t.db.select().from(externalIdentities).where(eq(externalIdentities.id, usaId));
    expect(unlinked?.userId).toBeNull();

    const before = await mailCount();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/create-verification',
      headers: { host: hostOf('acme'), 'content-type': 'application/json' },
      cookies: { [PENDING_COOKIE]: pending },
      payload: JSON.stringify({ usa_id: usaId, email: 'user@acme.test', is_element: 1 }),
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ sent: true });
    expect(await mailCount()).toBe(before + 1);
    const link = await latestLink();
    expect(link.pathname).toBe('/verify-email');
    const code = link.searchParams.get('code') ?? '';

    // The link works only in the browser that asked for it; elsewhere it is unknown and stays usable.
    const elsewhere = await get(t.app, 'acme', `/api/v1/auth/email/verification?code=${code}`);
    expect(elsewhere.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_ERROR });
    const verified = await browse(`/api/v1/auth/email/verification?code=${code}`, { [PENDING_COOKIE]: pending });
    expect(verified.statusCode).toBe(200);
    const body = EmailVerificationResponse.parse(verified.json());
    expect(body.user.id).toBe(f.acmeUser.id);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);
    const [linked] = await t.db.select().from(externalIdentities).where(eq(externalIdentities.id, usaId));
    expect(linked?.userId).toBe(f.acmeUser.id);

    const again = await browse(`/api/v1/auth/email/verification?code=${code}`, { [PENDING_COOKIE]: pending });
    expect(again.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_USED });

    const second = await socialSignIn('twitter', { name: 'Sam on X' });
    await expectExchangeFor(second.url, f.acmeUser.id);
  });

  it('answers the same for a non-member, an id without the pending cookie, and sends no mail', async () => {
    const first = await socialSignIn('twitter', { name: 'Stranger' });
    const usaId = Number(first.url.searchParams.get('usa_id'));
    const pending = cookieOf(first.res, PENDING_COOKIE);
    const before = await mailCount();
    const ask = (email: string, cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/create-verification',
        headers: { host: hostOf('acme'), 'content-type': 'application/json' },
        cookies,
        payload: JSON.stringify({ usa_id: usaId, email, is_element: 1 }),
      });
    const stranger = await ask('nobody@acme.test', { [PENDING_COOKIE]: pending });
    const noCookie = await ask('user@acme.test', {});
    const otherCompany = await ask('user@globex.test', { [PENDING_COOKIE]: pending });
    for (const res of [stranger, noCookie, otherCompany]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true });
    }
    expect(await mailCount()).toBe(before);
  });

  it('rejects a malformed address with 201 and unknown or expired links with 427 and 426', async () => {
    const bad = await post(t.app, 'acme', '/api/v1/auth/sign-in/create-verification', { usa_id: 1, email: 'not-an-email' });
    expect(bad.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT });
    const unknown = await get(t.app, 'acme', '/api/v1/auth/email/verification?code=nope');
    expect(unknown.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_ERROR });

    const first = await socialSignIn('linkedin', { name: 'Late Sam' });
    const usaId = Number(first.url.searchParams.get('usa_id'));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/create-verification',
      headers: { host: hostOf('acme'), 'content-type': 'application/json' },
      cookies: { [PENDING_COOKIE]: cookieOf(first.res, PENDING_COOKIE) },
      payload: JSON.stringify({ usa_id: usaId, email: 'user@acme.test' }),
    });
    const code = (await latestLink()).searchParams.get('code') ?? '';
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeTokens.tokenHash, hashToken(code)), eq(oneTimeTokens.kind, 'verification')));
    const expired = await get(t.app, 'acme', `/api/v1/auth/email/verification?code=${code}`);
    expect(expired.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_EXPIRED });
  });
});
