/**
 * SAML against a local identity provider built with samlify: it signs responses with the
 * test-only key pair under server/src/test/fixtures/saml/, which the company trusts.
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { validate } from '@authenio/samlify-node-xmllint';
import { ErrorCode, Role, SsoDecryptTokenResponse } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlSpUrls } from '../../auth/saml.ts';
import { COMPANY_CACHE_TTL_MS } from '../../plugins/tenancy.ts';
import { createInvite } from '../../auth/invites.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { companies, events, externalIdentities, memberships, users, type CompanyRow, type SamlConfigColumn } from '../../db/schema.ts';
import { SSO_NONCE_COOKIE } from '../../auth/sso-exchange.ts';
import { redeemExchange } from '../../test/exchange.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

samlify.setSchemaValidator({ validate });

/**
 * Waits out the server's company look-up cache (plugins/tenancy.ts) after a test changes a
 * company's row behind the API: until then requests may still see the row from before. A busy
 * machine made the logout tests after such a change see Initech without its IdP logout.
 */
const companyLookupsExpired = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, COMPANY_CACHE_TTL_MS + 50));

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/saml/${name}`, import.meta.url), 'utf8');
const IDP_KEY = fixture('idp-key.pem');
const IDP_CERT = fixture('idp-cert.pem');
const OTHER_KEY = fixture('other-idp-key.pem');
const OTHER_CERT = fixture('other-idp-cert.pem');
const IDP_ENTITY = 'https://idp.chorus.test/metadata';
const IDP_SSO = 'https://idp.chorus.test/sso';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

let t: TestContext;
let f: Tenants;
let initech: CompanyRow;

const samlConfig: SamlConfigColumn = {
  entryPoint: IDP_SSO,
  idpIssuer: IDP_ENTITY,
  idpCert: IDP_CERT,
  logoutUrl: null,
  jitProvisioning: true,
  allowedDomains: ['jit.test'],
};

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  initech = await buildCompany(t.db, { subdomain: 'initech', samlConfig: { ...samlConfig, logoutUrl: 'https://idp.chorus.test/logout', jitProvisioning: false } });
  await t.db.update(companies).set({ samlConfig }).where(eq(companies.id, f.acme.id));
});
afterAll(() => t.close());

function identityProvider(options: { key?: string; cert?: string; entityID?: string; singleLogoutService?: string } = {}) {
  return samlify.IdentityProvider({
    ...(options.singleLogoutService
      ? { singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: options.singleLogoutService }] }
      : {}),
    entityID: options.entityID ?? IDP_ENTITY,
    privateKey: options.key ?? IDP_KEY,
    signingCert: options.cert ?? IDP_CERT,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO }],
  });
}

function serviceProvider(options: { subdomain?: string; entityID?: string; wantAssertionsSigned?: boolean; wantLogoutResponseSigned?: boolean } = {}) {
  const urls = samlSpUrls(t.config, options.subdomain ?? 'acme');
  return samlify.ServiceProvider({
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: urls.logoutCallbackUrl }],
    ...(options.wantLogoutResponseSigned ? { wantLogoutResponseSigned: true } : {}),
    entityID: options.entityID ?? urls.entityId,
    wantAssertionsSigned: options.wantAssertionsSigned ?? true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: urls.callbackUrl }],
  });
}

/** A base64 SAMLResponse for `email`, signed as configured. */
async function idpResponse(
  email: string,
  options: { idp?: ReturnType<typeof identityProvider>; sp?: ReturnType<typeof serviceProvider>; inResponseTo?: string } = {},
): Promise<string> {
  const idp = options.idp ?? identityProvider();
  const extract = options.inResponseTo ? { request: { id: options.inResponseTo } } : {};
  const { context } = await idp.createLoginResponse(options.sp ?? serviceProvider(), { extract }, 'post', { email });
  return context;
}

function callback(subdomain: string, samlResponse: string, relayState?: string) {
  const form = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState !== undefined) form.set('RelayState', relayState);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/saml/callback',
    // The test's browser: the exchange minted for it is bound to its nonce cookie.
    headers: { host: hostOf(subdomain), 'content-type': 'application/x-www-form-urlencoded', cookie: `${SSO_NONCE_COOKIE}=${BROWSER_NONCE}` },
    payload: form.toString(),
  });
}

function location(res: { headers: Record<string, unknown> }): URL {
  return new URL(String(res.headers.location));
}

function decode(xml: string): string {
  return Buffer.from(xml, 'base64').toString('utf8');
}

function encode(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

const BROWSER_NONCE = 'b'.repeat(43);

async function exchange(subdomain: string, token: string | null) {
  return redeemExchange(t.app, subdomain, token, BROWSER_NONCE);
}

describe('GET /api/v1/auth/saml/sign-in', () => {
  it('redirects to the IdP with a SAMLRequest from this company and next in RelayState', async () => {
    const res = await get(t.app, 'acme', '/api/v1/auth/saml/sign-in?next=%2Ftopic%2F7');
    expect(res.statusCode).toBe(302);
    const url = location(res);
    expect(`${url.origin}${url.pathname}`).toBe(IDP_SSO);
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const urls = samlSpUrls(t.config, 'acme');
    expect(request).toContain(`AssertionConsumerServiceURL="${urls.callbackUrl}"`);
    expect(request).toContain(urls.entityId);
    expect(new URLSearchParams(url.searchParams.get('RelayState') ?? '').get('next')).toBe('/topic/7');
  });

  it('drops an unsafe next', async () => {
    const res = await get(t.app, 'acme', '/api/v1/auth/saml/sign-in?next=%2F%2Fevil.example%2F');
    expect(location(res).searchParams.get('RelayState') ?? '').toBe('');
  });

  it('answers 404 where SAML is not configured or there is no company', async () => {
    expect((await get(t.app, 'globex', '/api/v1/auth/saml/sign-in')).statusCode).toBe(404);
    expect((await get(t.app, 'app', '/api/v1/auth/saml/sign-in')).statusCode).toBe(404);
    expect((await get(t.app, 'globex', '/api/v1/auth/saml/metadata')).statusCode).toBe(404);
  });
});

describe('POST /api/v1/auth/sign-in on a company that signs in through SAML only', () => {
  it('answers sso_url (this company\'s SAML sign-in) without checking the password or starting a session', async () => {
    const ssoOnly = await buildCompany(t.db, {
      subdomain: 'umbrella',
      samlConfig,
      featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
    });
    const member = await buildUser(t.db, [{ company: ssoOnly }]);
    for (const email of [member.email, 'nobody@umbrella.test']) {
      const res = await post(t.app, 'umbrella', '/api/v1/auth/sign-in', { email, password: 'wrong-password' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: null, sso_url: samlSpUrls(t.config, 'umbrella').callbackUrl.replace('/callback', '/sign-in'), user: null });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('keeps password sign-in where e-mail login is on, even with SAML configured', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: f.acmeUser.email, password: TEST_PASSWORD });
    expect(res.json()).toMatchObject({ sso_url: null, user: { id: f.acmeUser.id } });
  });
});

describe('branded settings', () => {
  it('point the SSO button at this server once SAML is configured', async () => {
    const res = await get(t.app, 'acme', '/api/v1/company/settings/branded-settings');
    expect(res.json()).toMatchObject({ sso_settings: { saml_url: '/api/v1/auth/saml/sign-in' } });
  });
});

describe('GET /api/v1/auth/saml/metadata', () => {
  it('describes the company SP: entity id and ACS on its host', async () => {
    const res = await get(t.app, 'acme', '/api/v1/auth/saml/metadata');
    expect(res.statusCode).toBe(200);
    const urls = samlSpUrls(t.config, 'acme');
    expect(res.body).toContain(`entityID="${urls.entityId}"`);
    expect(res.body).toContain(`Location="${urls.callbackUrl}"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
  });
});

describe('POST /api/v1/auth/saml/callback', () => {
  it('signs an existing member in through a single-use exchange token', async () => {
    const res = await callback('acme', await idpResponse(f.acmeUser.email), 'next=%2Ftopic%2F7');
    expect(res.statusCode).toBe(302);
    const landing = location(res);
    expect(landing.pathname).toBe('/sign-in/sso');
    expect(landing.host).toBe(new URL(samlSpUrls(t.config, 'acme').callbackUrl).host);
    expect(landing.searchParams.get('next')).toBe('/topic/7');
    const code = landing.searchParams.get('encrypted_token');

    const first = await exchange('acme', code);
    expect(first.statusCode).toBe(200);
    const body = SsoDecryptTokenResponse.parse(first.json());
    expect(body.user.id).toBe(f.acmeUser.id);
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);

    const again = await exchange('acme', code);
    expect(again.json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_ERROR });
    // The SSO login is an analytics event of the event log, with the role and the method.
    const tracked = await t.db
      .select({ companyId: events.companyId, data: events.data })
      .from(events)
      .where(and(eq(events.userId, f.acmeUser.id), eq(events.kind, 'sso_login')));
    expect(tracked).toEqual([{ companyId: f.acme.id, data: { role_id: Role.USER, method: 'saml' } }]);
    // The NameID is now linked to the user.
    const [link] = await t.db.select().from(externalIdentities).where(eq(externalIdentities.provider, `saml:${f.acme.id}`));
    expect(link).toMatchObject({ subject: f.acmeUser.email, userId: f.acmeUser.id, companyId: f.acme.id });
  });

  it('refuses the exchange token on another company host (427)', async () => {
    const code = location(await callback('acme', await idpResponse(f.acmeAdmin.email))).searchParams.get('encrypted_token');
    expect((await exchange('globex', code)).json()).toMatchObject({ error: 427 });
    expect((await exchange('acme', code)).statusCode).toBe(200);
  });

  it('accepts an answer to a request it sent, once (InResponseTo)', async () => {
    const start = location(await get(t.app, 'acme', '/api/v1/auth/saml/sign-in'));
    const request = inflateRawSync(Buffer.from(start.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const id = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
    expect(id).not.toBe('');
    const answer = await idpResponse(f.acmeUser.email, { inResponseTo: id });
    expect(decode(answer)).toContain(`InResponseTo="${id}"`);
    expect(location(await callback('acme', answer)).pathname).toBe('/sign-in/sso');
    // The same answer again (a replay) names a request that has been used up.
    expect(location(await callback('acme', answer)).pathname).toBe('/error');
  });

  it('refuses an answer to a request it never sent, or sent for another company', async () => {
    expect(location(await callback('acme', await idpResponse(f.acmeUser.email, { inResponseTo: '_never-sent' }))).pathname).toBe('/error');
    const start = location(await get(t.app, 'initech', '/api/v1/auth/saml/sign-in'));
    const request = inflateRawSync(Buffer.from(start.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const initechId = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
    expect(location(await callback('acme', await idpResponse(f.acmeUser.email, { inResponseTo: initechId }))).pathname).toBe('/error');
  });

  it('rejects a tampered response', async () => {
    const xml = decode(await idpResponse('someone@jit.test'));
    const tampered = xml.replaceAll('someone@jit.test', f.acmeAdmin.email);
    expect(tampered).not.toBe(xml);
    const res = await callback('acme', encode(tampered));
    expect(location(res).pathname).toBe('/error');
  });

  it('rejects an unsigned response', async () => {
    const xml = decode(await idpResponse(f.acmeUser.email));
    const unsigned = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toContain('Signature');
    expect(location(await callback('acme', encode(unsigned))).pathname).toBe('/error');
  });

  it('rejects a response signed by another key, or with only the envelope signed', async () => {
    const foreign = await idpResponse(f.acmeUser.email, { idp: identityProvider({ key: OTHER_KEY, cert: OTHER_CERT }) });
    expect(location(await callback('acme', foreign)).pathname).toBe('/error');
    const envelopeOnly = await idpResponse(f.acmeUser.email, { sp: serviceProvider({ wantAssertionsSigned: false }) });
    expect(decode(envelopeOnly)).toContain('Signature');
    expect(location(await callback('acme', envelopeOnly)).pathname).toBe('/error');
  });

  it('rejects a response for another audience or from another issuer', async () => {
    const otherAudience = await idpResponse(f.acmeUser.email, { sp: serviceProvider({ subdomain: 'initech' }) });
    expect(location(await callback('acme', otherAudience)).pathname).toBe('/error');
    const otherIssuer = await idpResponse(f.acmeUser.email, { idp: identityProvider({ entityID: 'https://other-idp.test' }) });
    expect(location(await callback('acme', otherIssuer)).pathname).toBe('/error');
  });

  it('provisions a new user just in time for an allowed domain', async () => {
    const res = await callback('acme', await idpResponse('New.Person@JIT.test'));
    const code = location(res).searchParams.get('encrypted_token');
    const body = SsoDecryptTokenResponse.parse((await exchange('acme', code)).json());
    const [created] = await t.db.select().from(users).where(eq(users.email, 'new.person@jit.test'));
    expect(created).toMatchObject({ passwordHash: null });
    expect(body.user.id).toBe(created?.id);
    const [member] = await t.db.select().from(memberships).where(and(eq(memberships.userId, body.user.id), eq(memberships.companyId, f.acme.id)));
    expect(member?.role).toBe(Role.USER);
    // The next sign-in finds the same user by the linked NameID.
    const again = location(await callback('acme', await idpResponse('new.person@jit.test'))).searchParams.get('encrypted_token');
    expect(SsoDecryptTokenResponse.parse((await exchange('acme', again)).json()).user.id).toBe(created?.id);
  });

  it('sends an unknown domain to domain-not-found, and a non-member of another domain too', async () => {
    expect(location(await callback('acme', await idpResponse('stranger@elsewhere.test'))).pathname).toBe('/sign-in/sso/domain-not-found');
    expect(location(await callback('acme', await idpResponse(f.globexUser.email))).pathname).toBe('/sign-in/sso/domain-not-found');
    expect(await t.db.select().from(users).where(eq(users.email, 'stranger@elsewhere.test'))).toEqual([]);
  });

  it('never claims an existing account of another company, whatever domains or invites the company sets', async () => {
    // Initech's admin allows Acme's domain and invites an Acme admin: Initech's IdP asserting
    // that address must not add the account to Initech (its session would be the Acme admin's).
    const claimed = await buildUser(t.db, [{ company: f.acme, role: Role.ADMIN }], { email: 'claimed-admin@acme.test' });
    await t.db
      .update(companies)
      .set({ samlConfig: { ...samlConfig, jitProvisioning: true, allowedDomains: ['acme.test'] } })
      .where(eq(companies.id, initech.id));
    await companyLookupsExpired();
    try {
      const sp = serviceProvider({ subdomain: 'initech' });
      expect(location(await callback('initech', await idpResponse(claimed.email, { sp }))).pathname).toBe('/sign-in/sso/domain-not-found');
      const { code } = await createInvite(t.db, { companyId: initech.id, version: 2, email: claimed.email, firstName: 'C', lastName: 'A', role: Role.ADMIN, maxUses: 1, expiresAt: null });
      const relay = new URLSearchParams({ code }).toString();
      expect(location(await callback('initech', await idpResponse(claimed.email, { sp }), relay)).pathname).toBe('/error');
      expect(await t.db.select().from(memberships).where(and(eq(memberships.userId, claimed.id), eq(memberships.companyId, initech.id)))).toEqual([]);
      expect(await t.db.select().from(externalIdentities).where(eq(externalIdentities.userId, claimed.id))).toEqual([]);
    } finally {
      await t.db
        .update(companies)
        .set({ samlConfig: { ...samlConfig, logoutUrl: 'https://idp.chorus.test/logout', jitProvisioning: false } })
        .where(eq(companies.id, initech.id));
      await companyLookupsExpired();
    }
  });

  it('sends a deactivated member to /error', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }], { deactivatedAt: new Date() });
    expect(location(await callback('acme', await idpResponse(user.email))).pathname).toBe('/error');
  });

  it('accepts an invite carried in RelayState (SAML sign-up)', async () => {
    const start = await get(t.app, 'initech', '/api/v1/auth/saml/sign-up?code=abc');
    expect(start.statusCode).toBe(302);
    const { code } = await createInvite(t.db, { companyId: initech.id, version: 2, email: 'invited@corp.test', firstName: 'In', lastName: 'Vited', role: Role.MANAGER, maxUses: 1, expiresAt: null });
    const relay = new URLSearchParams(location(await get(t.app, 'initech', `/api/v1/auth/saml/sign-up?code=${code}`)).searchParams.get('RelayState') ?? '');
    expect(relay.get('code')).toBe(code);
    const sp = serviceProvider({ subdomain: 'initech' });
    // No JIT at initech: without the invite the person is unknown there.
    expect(location(await callback('initech', await idpResponse('invited@corp.test', { sp }))).pathname).toBe('/sign-in/sso/domain-not-found');
    const res = await callback('initech', await idpResponse('invited@corp.test', { sp }), relay.toString());
    const body = SsoDecryptTokenResponse.parse((await exchange('initech', location(res).searchParams.get('encrypted_token'))).json());
    expect(body.user).toMatchObject({ username: 'invited@corp.test', first_name: 'In' });
    // The invite is used up: a second person cannot use it.
    expect(location(await callback('initech', await idpResponse('other@corp.test', { sp }), relay.toString())).pathname).toBe('/error');
  });
});

describe('GET /api/v1/auth/saml/logout', () => {
  it('goes to the IdP logout when there is one, else back to sign-in with 311', async () => {
    expect(String((await get(t.app, 'initech', '/api/v1/auth/saml/logout')).headers.location)).toBe('https://idp.chorus.test/logout');
    const back = location(await get(t.app, 'acme', '/api/v1/auth/saml/logout'));
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('code')).toBe('311');
  });

  it('logs a SAML session out of its IdP: sign-out, LogoutRequest, signed LogoutResponse, 311', async () => {
    const member = await buildUser(t.db, [{ company: initech }]);
    const idp = identityProvider({ singleLogoutService: 'https://idp.chorus.test/logout' });
    const sp = serviceProvider({ subdomain: 'initech', wantLogoutResponseSigned: true });
    const { context } = await idp.createLoginResponse(sp, { extract: {} }, 'post', { email: member.email });
    const code = location(await callback('initech', context)).searchParams.get('encrypted_token');
    const session = SsoDecryptTokenResponse.parse((await exchange('initech', code)).json());

    const signOut = await get(t.app, 'initech', '/api/v1/auth/sign-out', session.token);
    const { url } = signOut.json() as { url: string };
    const logoutLink = new URL(url);
    expect(`${logoutLink.origin}${logoutLink.pathname}`).toBe(samlSpUrls(t.config, 'initech').logoutCallbackUrl);
    // The session is over at Chorus already.
    expect((await get(t.app, 'initech', `/api/v1/user/${member.id}`, session.token)).statusCode).toBe(401);

    const toIdp = location(await get(t.app, 'initech', `${logoutLink.pathname}${logoutLink.search}`));
    expect(`${toIdp.origin}${toIdp.pathname}`).toBe('https://idp.chorus.test/logout');
    const logoutRequest = inflateRawSync(Buffer.from(toIdp.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    expect(logoutRequest).toContain('LogoutRequest');
    expect(logoutRequest).toContain(member.email);
    const requestId = /\bID="([^"]+)"/.exec(logoutRequest)?.[1] ?? '';
    // The link works once.
    expect(location(await get(t.app, 'initech', `${logoutLink.pathname}${logoutLink.search}`)).searchParams.get('code')).toBe('313');

    const answer = idp.createLogoutResponse(sp, { extract: { request: { id: requestId } } }, 'redirect', '');
    const answerUrl = new URL(answer.context);
    expect(answerUrl.searchParams.get('Signature')).toBeTruthy();
    // Without its signature the same answer is refused (and does not use the request up).
    const unsigned = new URLSearchParams(answerUrl.search);
    unsigned.delete('Signature');
    unsigned.delete('SigAlg');
    expect(location(await get(t.app, 'initech', `/api/v1/auth/saml/logout?${unsigned.toString()}`)).searchParams.get('code')).toBe('312');
    const back = location(await get(t.app, 'initech', `/api/v1/auth/saml/logout${answerUrl.search}`));
    expect(back.pathname).toBe('/sign-in');
    expect(back.searchParams.get('code')).toBe('311');
    // The same answer again names a request that is used up.
    expect(location(await get(t.app, 'initech', `/api/v1/auth/saml/logout${answerUrl.search}`)).searchParams.get('code')).toBe('312');
  });

  it('answers 313 for an unknown logout link, and signs a password session out without the IdP', async () => {
    expect(location(await get(t.app, 'initech', '/api/v1/auth/saml/logout?logout_token=nope')).searchParams.get('code')).toBe('313');
    const member = await buildUser(t.db, [{ company: initech }]);
    const signedIn = await post(t.app, 'initech', '/api/v1/auth/sign-in', { email: member.email, password: TEST_PASSWORD });
    const token = (signedIn.json() as { token: string }).token;
    expect((await get(t.app, 'initech', '/api/v1/auth/sign-out', token)).json()).toEqual({ url: null });
  });

  it('answers 312 for a LogoutResponse it cannot verify', async () => {
    const back = location(await get(t.app, 'acme', '/api/v1/auth/saml/logout?SAMLResponse=bm90LXNhbWw%3D'));
    expect(back.searchParams.get('code')).toBe('312');
  });
});
