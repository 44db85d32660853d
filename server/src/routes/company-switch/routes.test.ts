import { ErrorCode, SsoDecryptTokenResponse, SwitchCompanyResponse, UserResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../../test/factories.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { exchangeNonceOf, redeemExchange } from '../../test/exchange.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function switchTo(subdomain: string, companyId: unknown, token?: string) {
  return post(t.app, subdomain, '/api/v1/auth/switch-company', { company_id: companyId }, token);
}

function exchangeTokenOf(url: string): string {
  return new URL(url).searchParams.get('encrypted_token') ?? '';
}

describe('POST /api/v1/auth/switch-company', () => {
  it("answers with the /sign-in/sso url on the other company's host", async () => {
    const res = await switchTo('acme', f.globex.id, f.tokens.multi);
    expect(res.statusCode).toBe(200);
    const url = new URL(SwitchCompanyResponse.parse(res.json()).url);
    expect(url.origin).toBe(`http://globex.${t.config.baseDomain}:${t.config.port}`);
    expect(url.pathname).toBe('/sign-in/sso');
    expect(url.searchParams.get('encrypted_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs the user in on the other host, with their role there, once', async () => {
    const switched = await switchTo('acme', f.globex.id, f.tokens.multi);
    const { url } = SwitchCompanyResponse.parse(switched.json());
    const encrypted = exchangeTokenOf(url);
    const nonce = exchangeNonceOf(switched);
    const exchanged = await redeemExchange(t.app, 'globex', encrypted, nonce);
    expect(exchanged.statusCode).toBe(200);
    const session = SsoDecryptTokenResponse.parse(exchanged.json());
    expect(session.user).toMatchObject({ id: f.multi.id, role: 2 });

    const me = await get(t.app, 'globex', `/api/v1/user/${f.multi.id}`, session.token);
    expect(me.statusCode).toBe(200);
    expect(UserResponse.parse(me.json()).role).toBe(2);

    const again = await redeemExchange(t.app, 'globex', encrypted, nonce);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ErrorCode.MAGIC_LINK_ERROR);
  });

  it('hands over a token that only the target host accepts', async () => {
    const switched = await switchTo('acme', f.globex.id, f.tokens.multi);
    const { url } = SwitchCompanyResponse.parse(switched.json());
    const onAcme = await redeemExchange(t.app, 'acme', exchangeTokenOf(url), exchangeNonceOf(switched));
    expect(onAcme.json().error).toBe(ErrorCode.MAGIC_LINK_ERROR);
  });

  it('refuses a company the user is not a member of with 403', async () => {
    const res = await switchTo('acme', f.globex.id, f.tokens.acmeUser);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
  });

  it('refuses a company that exists only for others, and an unknown company, alike', async () => {
    const other = await buildCompany(t.db, { subdomain: 'initech', name: 'Initech' });
    for (const id of [other.id, 999_999]) {
      const res = await switchTo('acme', id, f.tokens.multi);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it.each([
    ['a missing id', undefined],
    ['a string id', 'globex'],
    ['a negative id', -1],
  ])('rejects %s with 201', async (_label, id) => {
    const res = await switchTo('acme', id, f.tokens.multi);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session', async () => {
    const res = await switchTo('acme', f.globex.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it("refuses another company's user on this host, even for their own company", async () => {
    const res = await switchTo('acme', f.globex.id, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});
