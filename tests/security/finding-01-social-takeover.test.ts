/**
 * Finding 1 (issue 13): the sandbox consent page handed out a sign-in code for whatever e-mail
 * was typed, and the callback signed in the member of that e-mail, the admin included; the
 * attacker's sandbox account then stayed linked to the victim, through a password reset.
 * Now a social account signs in only once linked to its owner through the mailed verification
 * link (followed in the browser that asked for it); sandbox networks are off in production
 * unless CHORUS_SANDBOX_NETWORKS=on, and bound by the same rule when on; Google and Instagram
 * are offered as social sign-in only with a real client behind them.
 */
import { randomBytes } from 'node:crypto';
import { BrandedSettingsResponse, EmailVerificationResponse } from '@chorus/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, oneTimeTokens, outboxMails } from '../../server/src/db/schema.ts';
import { PENDING_COOKIE, STATE_COOKIE } from '../../server/src/routes/social-sign-in/routes.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../server/src/test/app.ts';
import { TEST_PASSWORD, updateCompany } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

/** acme offers X (1), LinkedIn (3), Google (4) and Instagram (5); it has no Google client. */
const SOCIAL = [false, true, false, true, true, true, false];

/** A browser: the cookies it holds on the company host. */
type Browser = Map<string, string>;

function browse(t: TestContext, browser: Browser, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') }, cookies: Object.fromEntries(browser) }).then((res) => {
    for (const cookie of res.cookies) browser.set(cookie.name, cookie.value);
    return res;
  });
}

function locationOf(res: LightMyRequestResponse): URL {
  return new URL(String(res.headers.location), 'http://acme.localhost:3000');
}

/** Start, sandbox consent with a typed name and e-mail, and callback, as one browser. */
async function sandboxSignIn(t: TestContext, browser: Browser, network: string, typed: { name: string; email: string }): Promise<URL> {
  const started = await browse(t, browser, `/api/v1/auth/sign-in/${network}`);
  expect(started.statusCode).toBe(302);
  const state = browser.get(STATE_COOKIE) ?? '';
  const decided = await browse(t, browser, `/api/v1/auth/sandbox/${network}/decide?${new URLSearchParams({ state, decision: 'allow', ...typed })}`);
  const callback = locationOf(decided);
  return locationOf(await browse(t, browser, callback.pathname + callback.search));
}

async function linkedTo(t: TestContext, userId: number) {
  return (await t.db.select().from(externalIdentities)).filter((row) => row.userId === userId && !row.provider.startsWith('saml:') && row.provider !== 'google');
}

async function exchangesFor(t: TestContext, userId: number) {
  return (await t.db.select().from(oneTimeTokens)).filter((row) => row.kind === 'sso-exchange' && row.userId === userId);
}

async function lastMailTo(t: TestContext, to: string) {
  const mails = (await t.db.select().from(outboxMails)).filter((mail) => mail.to === to).sort((a, b) => a.id - b.id);
  return mails.at(-1);
}

describe('finding 1: the sandbox (and any network) e-mail never opens an account', () => {
  let t: TestContext;
  let f: Tenants;

  beforeAll(async () => {
    t = await createTestContext();
    f = await buildTenants(t.db);
    await updateCompany(t.db, f.acme.id, { socialSignIn: SOCIAL });
  });
  afterAll(() => t.close());

  it('typing the admin e-mail on the sandbox consent page does not sign in as the admin, before or after a password reset', async () => {
    const attacker: Browser = new Map();
    const first = await sandboxSignIn(t, attacker, 'twitter', { name: 'Mallory', email: f.acmeAdmin.email });
    expect(first.pathname).toBe('/verify-email');
    expect(first.searchParams.has('encrypted_token')).toBe(false);
    expect(await exchangesFor(t, f.acmeAdmin.id)).toEqual([]);
    expect(await linkedTo(t, f.acmeAdmin.id)).toEqual([]);

    // The admin resets the password; the attacker tries again, on both sandbox networks.
    expect((await post(t.app, 'acme', '/api/v1/auth/recover', { username: f.acmeAdmin.email })).statusCode).toBe(200);
    const code = new URL((await lastMailTo(t, f.acmeAdmin.email))?.links[0] ?? 'http://x/').searchParams.get('recover_code') ?? '';
    const reset = await post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1: `${TEST_PASSWORD}!x`, password_2: `${TEST_PASSWORD}!x` });
    expect(reset.statusCode).toBe(200);
    for (const network of ['twitter', 'linkedin']) {
      const again = await sandboxSignIn(t, attacker, network, { name: 'Mallory', email: f.acmeAdmin.email });
      expect(again.pathname).toBe('/verify-email');
    }
    expect(await exchangesFor(t, f.acmeAdmin.id)).toEqual([]);
    expect(await linkedTo(t, f.acmeAdmin.id)).toEqual([]);
  });

  it("asking for the admin's verification mail links nothing: the link works only in the browser that asked", async () => {
    const attacker: Browser = new Map();
    const landing = await sandboxSignIn(t, attacker, 'twitter', { name: 'Mallory Two', email: '' });
    const usaId = Number(landing.searchParams.get('usa_id'));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/create-verification',
      headers: { host: hostOf('acme'), 'content-type': 'application/json' },
      cookies: Object.fromEntries(attacker),
      payload: JSON.stringify({ usa_id: usaId, email: f.acmeAdmin.email }),
    });
    expect(asked.json()).toEqual({ sent: true });
    // The admin (another browser) follows the mailed link: nothing is linked, nobody signed in.
    const link = new URL((await lastMailTo(t, f.acmeAdmin.email))?.links[0] ?? 'http://x/');
    const followed = await get(t.app, 'acme', `/api/v1/auth/email/verification?code=${link.searchParams.get('code') ?? ''}`);
    expect(followed.json()).toMatchObject({ error: 427 });
    expect(await linkedTo(t, f.acmeAdmin.id)).toEqual([]);
  });

  it('the same typed name in another browser is another sandbox account', async () => {
    const owner: Browser = new Map();
    const first = await sandboxSignIn(t, owner, 'linkedin', { name: 'Ursula User', email: '' });
    const stranger: Browser = new Map();
    const second = await sandboxSignIn(t, stranger, 'linkedin', { name: 'Ursula User', email: '' });
    expect(second.searchParams.get('usa_id')).not.toBe(first.searchParams.get('usa_id'));
  });

  it('the verification link (GET and POST) links the account and signs its owner in; afterwards the account signs in', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const user = method === 'GET' ? f.acmeUser : f.multi;
      const browser: Browser = new Map();
      const name = `Owner ${method}`;
      const landing = await sandboxSignIn(t, browser, 'twitter', { name, email: '' });
      const usaId = Number(landing.searchParams.get('usa_id'));
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/create-verification',
        headers: { host: hostOf('acme'), 'content-type': 'application/json' },
        cookies: Object.fromEntries(browser),
        payload: JSON.stringify({ usa_id: usaId, email: user.email }),
      });
      const code = new URL((await lastMailTo(t, user.email))?.links[0] ?? 'http://x/').searchParams.get('code') ?? '';
      expect(browser.get(PENDING_COOKIE)).toBeDefined();
      const verified =
        method === 'GET'
          ? await browse(t, browser, `/api/v1/auth/email/verification?code=${code}`)
          : await t.app.inject({
              method: 'POST',
              url: '/api/v1/auth/email/verification',
              headers: { host: hostOf('acme'), 'content-type': 'application/json' },
              cookies: Object.fromEntries(browser),
              payload: JSON.stringify({ code }),
            });
      expect(verified.statusCode).toBe(200);
      const body = EmailVerificationResponse.parse(verified.json());
      expect(body.user.id).toBe(user.id);
      expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, body.token)).statusCode).toBe(200);
      expect((await linkedTo(t, user.id)).map((row) => row.id)).toContain(usaId);

      const next = await sandboxSignIn(t, browser, 'twitter', { name, email: '' });
      expect(next.pathname).toBe('/sign-in/sso');
      expect(next.searchParams.get('encrypted_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('offers Google and Instagram as social sign-in only with a real client: hidden and 404 here', async () => {
    const branded = BrandedSettingsResponse.parse((await get(t.app, 'acme', '/api/v1/company/settings/branded-settings')).json());
    expect(branded.social_sign_in_settings).toEqual([false, true, false, true, false, false, false]);
    for (const network of ['google', 'instagram']) {
      expect((await browse(t, new Map(), `/api/v1/auth/sign-in/${network}`)).statusCode).toBe(404);
      expect((await browse(t, new Map(), `/api/v1/auth/sandbox/${network}/authorize?state=x`)).statusCode).toBe(404);
    }
  });
});

/** Each of these builds its own app and database, which takes a while on a busy machine. */
const OWN_APP_TIMEOUT_MS = 120_000;

describe('finding 1: sandbox networks in production', () => {
  it('are off without CHORUS_SANDBOX_NETWORKS: not offered, no consent pages, no sandbox linking', async () => {
    const t = await createTestContext({ env: { NODE_ENV: 'production', CHORUS_SECRET_KEY: randomBytes(32).toString('base64') } });
    try {
      expect(t.config.sandboxNetworks).toBe(false);
      const f = await buildTenants(t.db);
      await updateCompany(t.db, f.acme.id, { socialSignIn: SOCIAL });
      const branded = BrandedSettingsResponse.parse((await get(t.app, 'acme', '/api/v1/company/settings/branded-settings')).json());
      expect(branded.social_sign_in_settings.some(Boolean)).toBe(false);
      // Nor offered for linking: the settings page lists no network it cannot link.
      const networks = (await get(t.app, 'acme', '/api/v1/social/networks', f.tokens.acmeAdmin)).json();
      expect(JSON.stringify(networks)).not.toMatch(/twitter|linkedin|facebook/i);
      for (const network of ['twitter', 'linkedin', 'facebook']) {
        expect((await browse(t, new Map(), `/api/v1/auth/sign-in/${network}`)).statusCode).toBe(404);
        const decide = await browse(t, new Map(), `/api/v1/auth/sandbox/${network}/decide?${new URLSearchParams({ state: 'x', decision: 'allow', name: 'Mallory', email: f.acmeAdmin.email })}`);
        expect(decide.statusCode).toBe(404);
        const linkConsent = await get(t.app, 'acme', `/api/v1/social/sandbox/${network}/authorize?state=x`, f.tokens.acmeAdmin);
        expect(linkConsent.statusCode).toBe(404);
      }
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT_MS);

  it('are on with CHORUS_SANDBOX_NETWORKS=on, and still never sign in on a typed e-mail', async () => {
    const t = await createTestContext({ env: { NODE_ENV: 'production', CHORUS_SANDBOX_NETWORKS: 'on', CHORUS_SECRET_KEY: randomBytes(32).toString('base64') } });
    try {
      expect(t.config.sandboxNetworks).toBe(true);
      const f = await buildTenants(t.db);
      await updateCompany(t.db, f.acme.id, { socialSignIn: SOCIAL });
      const browser: Browser = new Map();
      const landing = await sandboxSignIn(t, browser, 'twitter', { name: 'Mallory', email: f.acmeAdmin.email });
      expect(landing.pathname).toBe('/verify-email');
      expect(await exchangesFor(t, f.acmeAdmin.id)).toEqual([]);
    } finally {
      await t.close();
    }
  }, OWN_APP_TIMEOUT_MS);
});
