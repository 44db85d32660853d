import { AUTH_HEADER, ErrorCode, SsoDecryptTokenResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/sessions.ts';
import { issueSsoExchange, SSO_NONCE_COOKIE, ssoLandingUrl } from '../../auth/sso-exchange.ts';
import { oneTimeTokens, users } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

/** The browser the tests' exchange tokens are minted for (its nonce cookie). */
const BROWSER = { nonce: 'n'.repeat(43) };
const PASSWORD = { kind: 'password' } as const;

function exchange(subdomain: string, token: unknown, options: { nonce?: string | null; session?: string } = {}) {
  const nonce = options.nonce === undefined ? BROWSER.nonce : options.nonce;
  const headers: Record<string, string> = { host: hostOf(subdomain), 'content-type': 'application/json' };
  if (nonce !== null) headers.cookie = `${SSO_NONCE_COOKIE}=${nonce}`;
  if (options.session) headers[AUTH_HEADER] = options.session;
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/decrypt-token', headers, payload: JSON.stringify({ encrypted_token: token }) });
}

describe('POST /api/v1/auth/sso/decrypt-token', () => {
  it('starts a session once for a valid exchange token of the host company', async () => {
    const code = await issueSsoExchange(t.db, { userId: f.acmeUser.id, companyId: f.acme.id, email: f.acmeUser.email, authMethod: PASSWORD, binding: BROWSER });
    const res = await exchange('acme', code);
    expect(res.statusCode).toBe(200);
    const body = SsoDecryptTokenResponse.parse(res.json());
    expect(body.sso_url).toBeNull();
    expect(body.user.id).toBe(f.acmeUser.id);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);

    const again = await exchange('acme', code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_ERROR, message: 'Sign-in link error' });
  });

  it('revokes the session of the token the request carried (sessions rotate on every way in)', async () => {
    const carried = await sessionFor(t.db, f.acmeUser);
    const code = await issueSsoExchange(t.db, { userId: f.acmeUser.id, companyId: f.acme.id, email: f.acmeUser.email, authMethod: PASSWORD, binding: BROWSER });
    const body = SsoDecryptTokenResponse.parse((await exchange('acme', code, { session: carried })).json());
    expect(body.token).not.toBe(carried);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, carried)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);
  });

  it('refuses a token of another company (427), and leaves it usable there', async () => {
    const code = await issueSsoExchange(t.db, { userId: f.multi.id, companyId: f.globex.id, email: f.multi.email, authMethod: PASSWORD, binding: BROWSER });
    expect((await exchange('acme', code)).json()).toMatchObject({ error: 427 });
    expect((await exchange('app', code)).json()).toMatchObject({ error: 427 });
    expect((await exchange('globex', code)).statusCode).toBe(200);
  });

  it('refuses expired, unknown and malformed tokens, and other kinds of token (427)', async () => {
    const expired = await issueSsoExchange(t.db, { userId: f.acmeUser.id, companyId: f.acme.id, email: f.acmeUser.email, authMethod: PASSWORD, binding: BROWSER });
    await t.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.tokenHash, hashToken(expired)));
    for (const code of [expired, 'A'.repeat(43), 'garbage']) {
      expect((await exchange('acme', code)).json()).toMatchObject({ error: 427 });
    }
    expect((await exchange('acme', '')).statusCode).toBe(400);
  });

  it('refuses the token of a user deactivated since it was issued (427)', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const code = await issueSsoExchange(t.db, { userId: user.id, companyId: f.acme.id, email: user.email, authMethod: PASSWORD, binding: BROWSER });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await exchange('acme', code)).json()).toMatchObject({ error: 427 });
  });

  it('lands on the company /sign-in/sso page with the token', () => {
    const url = new URL(ssoLandingUrl('http://acme.localhost:3000', 'tok', { inIframe: true, next: '/topic/1' }));
    expect(url.pathname).toBe('/sign-in/sso');
    expect(Object.fromEntries(url.searchParams)).toEqual({ encrypted_token: 'tok', is_in_iframe: '1', next: '/topic/1' });
  });
});
