/**
 * Finding 10 (issue 13): an exchange link minted for the attacker's account signed a victim's
 * browser into it and revoked the victim's session (login CSRF through
 * /sign-in/sso?encrypted_token=). Exchange tokens are now bound to the browser that started the
 * hand-over (a nonce cookie set when they are minted), and an exchange never ends another
 * user's session.
 */
import { randomBytes } from 'node:crypto';
import { SsoDecryptTokenResponse, SwitchCompanyResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { exchangeNonceOf, redeemExchange } from '../../server/src/test/exchange.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { sessionFor } from '../../server/src/test/factories.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  // Production: the nonce cookie follows the browser across company hosts (on a single-label
  // development domain such as localhost no browser keeps a Domain cookie; see crossHostBinding).
  t = await createTestContext({ env: { NODE_ENV: 'production', CHORUS_SECRET_KEY: randomBytes(32).toString('base64') } });
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const OWN_APP_TIMEOUT_MS = 120_000;

/** The attacker (multi) mints a Globex exchange link in their own browser through the company switcher. */
async function attackerLink(): Promise<{ code: string; nonce: string }> {
  const res = await post(t.app, 'acme', '/api/v1/auth/switch-company', { company_id: f.globex.id }, f.tokens.multi);
  const url = new URL(SwitchCompanyResponse.parse(res.json()).url);
  const nonce = exchangeNonceOf(res);
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { code: url.searchParams.get('encrypted_token') ?? '', nonce: nonce ?? '' };
}

describe('finding 10: exchange tokens belong to the browser that started the hand-over', { timeout: OWN_APP_TIMEOUT_MS }, () => {
  it('the minting response sets the nonce cookie on the base domain, HttpOnly, for the exchange path only', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/switch-company', { company_id: f.globex.id }, f.tokens.multi);
    const cookie = res.cookies.find((c) => c.name === 'chorus_sso_nonce');
    expect(cookie).toMatchObject({ domain: t.config.baseDomain, path: '/api/v1/auth/sso', httpOnly: true, secure: true, sameSite: 'None' });
  });

  it('a token minted in one browser does not sign in a browser without its nonce, and stays usable by its own', async () => {
    const { code, nonce } = await attackerLink();
    const victimNoCookie = await redeemExchange(t.app, 'globex', code, null);
    expect(victimNoCookie.statusCode).toBe(400);
    expect(victimNoCookie.json()).toMatchObject({ error: 427 });
    const victimOtherNonce = await redeemExchange(t.app, 'globex', code, 'v'.repeat(43));
    expect(victimOtherNonce.json()).toMatchObject({ error: 427 });
    const own = await redeemExchange(t.app, 'globex', code, nonce);
    expect(own.statusCode).toBe(200);
    expect(SsoDecryptTokenResponse.parse(own.json()).user.id).toBe(f.multi.id);
  });

  it("an exchange never revokes a different user's session", async () => {
    const victim = await sessionFor(t.db, f.globexUser, f.globex);
    const { code, nonce } = await attackerLink();
    // Even a browser that somehow holds the nonce and is signed in as someone else keeps that session.
    const res = await redeemExchange(t.app, 'globex', code, nonce, victim);
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, 'globex', `/api/v1/user/${f.globexUser.id}`, victim)).statusCode).toBe(200);
  });

  it("the same person's carried session still rotates on exchange", async () => {
    const own = await sessionFor(t.db, f.multi, f.globex);
    const { code, nonce } = await attackerLink();
    const res = await redeemExchange(t.app, 'globex', code, nonce, own);
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, 'globex', `/api/v1/user/${f.multi.id}`, own)).statusCode).toBe(401);
  });
});
