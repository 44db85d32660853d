/**
 * Finding 2 (issue 13): an Acme admin pointed Acme's SAML at an IdP of their own, had it assert
 * a shared user's address, then switched company and landed signed in at Globex. Sessions now
 * record how they were authenticated, and the switcher hands over only where the target company
 * accepts that method: another company's SAML never counts; the browser goes to the target's
 * own sign-in with the address filled in, and no session starts there.
 */
import { readFileSync } from 'node:fs';
import { validate } from '@authenio/samlify-node-xmllint';
import { SsoDecryptTokenResponse, SwitchCompanyResponse } from '@chorus/core';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlSpUrls } from '../../server/src/auth/saml.ts';
import { companies, oneTimeTokens, sessions, type SamlConfigColumn } from '../../server/src/db/schema.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../server/src/test/app.ts';
import { exchangeNonceOf, redeemExchange } from '../../server/src/test/exchange.ts';
import { updateCompany } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

samlify.setSchemaValidator({ validate });

const fixture = (name: string): string => readFileSync(new URL(`../../server/src/test/fixtures/saml/${name}`, import.meta.url), 'utf8');
// The "attacker's" IdP: any key pair the Acme admin controls; the fixture pair will do.
const IDP_KEY = fixture('idp-key.pem');
const IDP_CERT = fixture('idp-cert.pem');
const IDP_ENTITY = 'https://evil-idp.example/metadata';
const IDP_SSO = 'https://evil-idp.example/sso';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  const saml: SamlConfigColumn = { entryPoint: IDP_SSO, idpIssuer: IDP_ENTITY, idpCert: IDP_CERT, logoutUrl: null, jitProvisioning: false, allowedDomains: [] };
  await setCompany(f.acme.id, { samlConfig: saml });
});
afterAll(() => t.close());

/** The test reads and writes rows without drizzle-orm's operators (a server dependency): filters run here. */
async function sessionsWhere(match: (row: typeof sessions.$inferSelect) => boolean) {
  return (await t.db.select().from(sessions)).filter(match).sort((a, b) => a.id - b.id);
}

function setCompany(id: number, values: Partial<typeof companies.$inferInsert>): Promise<void> {
  return updateCompany(t.db, id, values);
}

/** Acme's (admin-controlled) IdP asserting `email`, posted to Acme's ACS by a browser with `nonce`. */
async function acmeSamlSignIn(email: string) {
  const idp = samlify.IdentityProvider({
    entityID: IDP_ENTITY,
    privateKey: IDP_KEY,
    signingCert: IDP_CERT,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO }],
  });
  const urls = samlSpUrls(t.config, 'acme');
  const sp = samlify.ServiceProvider({
    entityID: urls.entityId,
    wantAssertionsSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: urls.callbackUrl }],
  });
  const { context } = await idp.createLoginResponse(sp, { extract: {} }, 'post', { email });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/saml/callback',
    headers: { host: hostOf('acme'), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: context }).toString(),
  });
  const landing = new URL(String(res.headers.location));
  expect(landing.pathname).toBe('/sign-in/sso');
  const exchanged = await redeemExchange(t.app, 'acme', landing.searchParams.get('encrypted_token'), exchangeNonceOf(res));
  expect(exchanged.statusCode).toBe(200);
  return SsoDecryptTokenResponse.parse(exchanged.json());
}

async function exchangeCount(): Promise<number> {
  return (await t.db.select().from(oneTimeTokens)).filter((row) => row.kind === 'sso-exchange').length;
}

describe('finding 2: the company switcher applies the target company’s sign-in rules', () => {
  it('an Acme SAML session of the shared user lands on Globex sign-in with the address filled in, and no Globex session starts', async () => {
    const acmeSession = await acmeSamlSignIn(f.multi.email);
    expect(acmeSession.user.id).toBe(f.multi.id);
    const globexSessionsBefore = (await sessionsWhere((s) => s.companyId === f.globex.id)).length;
    const exchangesBefore = await exchangeCount();

    const res = await post(t.app, 'acme', '/api/v1/auth/switch-company', { company_id: f.globex.id }, acmeSession.token);
    expect(res.statusCode).toBe(200);
    const url = new URL(SwitchCompanyResponse.parse(res.json()).url);
    expect(url.origin).toBe(`http://globex.${t.config.baseDomain}:${t.config.port}`);
    expect(url.pathname).toBe('/sign-in/email');
    expect(url.searchParams.get('email')).toBe(f.multi.email);
    expect(url.searchParams.has('encrypted_token')).toBe(false);
    // Nothing that could open Globex was minted, and no Globex session exists.
    expect(await exchangeCount()).toBe(exchangesBefore);
    expect(exchangeNonceOf(res)).toBeNull();
    expect((await sessionsWhere((s) => s.companyId === f.globex.id)).length).toBe(globexSessionsBefore);
  });

  it('the session records SAML of Acme as its method', async () => {
    const acmeSession = await acmeSamlSignIn(f.multi.email);
    const rows = await sessionsWhere((s) => s.userId === f.multi.id);
    expect(rows.map((r) => r.authMethod)).toContainEqual({ kind: 'saml', companyId: f.acme.id });
    expect(acmeSession.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a password session of the same user still switches to Globex through the exchange (Globex takes passwords)', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/switch-company', { company_id: f.globex.id }, f.tokens.multi);
    const url = new URL(SwitchCompanyResponse.parse(res.json()).url);
    expect(url.pathname).toBe('/sign-in/sso');
    const exchanged = await redeemExchange(t.app, 'globex', url.searchParams.get('encrypted_token'), exchangeNonceOf(res));
    expect(SsoDecryptTokenResponse.parse(exchanged.json()).user.id).toBe(f.multi.id);
    // The Globex session carries the method it was handed.
    const globex = await sessionsWhere((s) => s.companyId === f.globex.id && s.userId === f.multi.id);
    expect(globex.at(-1)?.authMethod).toEqual({ kind: 'password' });
  });

  it('a password session does not open a company that signs in through SAML only', async () => {
    await setCompany(f.globex.id, {
      featureToggles: { ...f.globex.featureToggles, email_login_enabled: false },
      samlConfig: { entryPoint: 'https://globex-idp.example/sso', idpIssuer: 'https://globex-idp.example', idpCert: IDP_CERT, logoutUrl: null, jitProvisioning: false, allowedDomains: [] },
    });
    try {
      const res = await post(t.app, 'acme', '/api/v1/auth/switch-company', { company_id: f.globex.id }, f.tokens.multi);
      // Its sign-in page, which offers its single sign-on (it has no e-mail form to fill in).
      const url = new URL(SwitchCompanyResponse.parse(res.json()).url);
      expect(url.pathname).toBe('/sign-in');
      expect(url.searchParams.get('encrypted_token')).toBeNull();
    } finally {
      await setCompany(f.globex.id, { featureToggles: f.globex.featureToggles, samlConfig: null });
    }
  });
});
