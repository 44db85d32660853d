/**
 * Deactivation and deletion through SAML (accounts spec 4, 7) against the local identity
 * provider of the SAML route tests: samlify signs responses with the test-only key pair
 * under server/src/test/fixtures/saml/, which the company trusts.
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { validate } from '@authenio/samlify-node-xmllint';
import { Role, SsoRemovalResponse } from '@chorus/core';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlSpUrls } from '../../auth/saml.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { oneTimeTokens, outboxMails, sessions, users, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, hostOf, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';

samlify.setSchemaValidator({ validate });

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/saml/${name}`, import.meta.url), 'utf8');
const IDP_KEY = fixture('idp-key.pem');
const IDP_CERT = fixture('idp-cert.pem');
const IDP_ENTITY = 'https://idp.chorus.test/metadata';
const IDP_SSO = 'https://idp.chorus.test/sso';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SUBDOMAIN = 'umbrella';

let t: TestContext;
let umbrella: CompanyRow;

beforeAll(async () => {
  t = await createTestContext();
  umbrella = await buildCompany(t.db, {
    subdomain: SUBDOMAIN,
    featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
    samlConfig: { entryPoint: IDP_SSO, idpIssuer: IDP_ENTITY, idpCert: IDP_CERT, logoutUrl: null, jitProvisioning: false, allowedDomains: [] },
  });
  await buildUser(t.db, [{ company: umbrella, role: Role.ADMIN }], { email: 'admin@umbrella.test', passwordHash: null });
});
afterAll(() => t.close());

const idp = samlify.IdentityProvider({
  entityID: IDP_ENTITY,
  privateKey: IDP_KEY,
  signingCert: IDP_CERT,
  nameIDFormat: [EMAIL_FORMAT],
  singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO }],
});

function serviceProvider() {
  const urls = samlSpUrls(t.config, SUBDOMAIN);
  return samlify.ServiceProvider({
    entityID: urls.entityId,
    wantAssertionsSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: urls.callbackUrl }],
  });
}

async function member(): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(t.db, [{ company: umbrella }], { passwordHash: null });
  return { user, token: await sessionFor(t.db, user) };
}

function validateRemoval(token: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/v1/auth/sso/validate',
    headers: { host: hostOf(SUBDOMAIN), 'content-type': 'application/json', 'x-auth-token': token },
    payload: JSON.stringify(body),
  });
}

/** Plays the IdP: answers the request of `url` for `email`, and posts the answer back. */
async function signInAtIdp(url: string, email: string): Promise<URL> {
  const idpUrl = new URL(url);
  const request = inflateRawSync(Buffer.from(idpUrl.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const id = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
  const { context } = await idp.createLoginResponse(serviceProvider(), { extract: { request: { id } } }, 'post', { email });
  const form = new URLSearchParams({ SAMLResponse: context, RelayState: idpUrl.searchParams.get('RelayState') ?? '' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/saml/callback',
    headers: { host: hostOf(SUBDOMAIN), 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

describe('DELETE /api/v1/auth/sso/validate, then the SAML callback', () => {
  it('deactivates after the IdP sign-in and sends the browser to /sign-in?code=316', async () => {
    const { user, token } = await member();
    const res = await validateRemoval(token, { do_delete: false, password: 'CONFIRM' });
    expect(res.statusCode).toBe(200);
    const answer = SsoRemovalResponse.parse(res.json());
    expect(answer.mode).toBe('DEACTIVATE');
    expect(answer.url.startsWith(`${IDP_SSO}?`)).toBe(true);
    // Nothing happens before the IdP has answered.
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeNull();

    const landing = await signInAtIdp(answer.url, user.email);
    expect(landing.href).toBe(`http://${hostOf(SUBDOMAIN)}/sign-in?code=316`);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('asks the admin to delete after the IdP sign-in and sends the browser to /sign-in?code=317', async () => {
    const { user, token } = await member();
    const answer = SsoRemovalResponse.parse((await validateRemoval(token, { do_delete: true, password: 'CONFIRM' })).json());
    expect(answer.mode).toBe('DELETE');
    const landing = await signInAtIdp(answer.url, user.email);
    expect(landing.href).toBe(`http://${hostOf(SUBDOMAIN)}/sign-in?code=317`);

    const [mail] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
    expect(mail).toMatchObject({ kind: 'deletion-request', to: 'admin@umbrella.test' });
    const [pending] = await t.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, user.id)));
    expect(pending?.usedAt).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeNull();
  });

  it('refuses when someone else signs in at the IdP, and a removal token works once', async () => {
    const { user, token } = await member();
    const other = await member();
    const answer = SsoRemovalResponse.parse((await validateRemoval(token, { do_delete: false, password: 'CONFIRM' })).json());
    expect((await signInAtIdp(answer.url, other.user.email)).pathname).toBe('/error');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.deactivatedAt).toBeNull();
    expect((await t.db.select().from(users).where(eq(users.id, other.user.id)))[0]?.deactivatedAt).toBeNull();

    const again = SsoRemovalResponse.parse((await validateRemoval(token, { do_delete: false, password: 'CONFIRM' })).json());
    expect((await signInAtIdp(again.url, user.email)).search).toBe('?code=316');
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, user.id));
    expect((await signInAtIdp(again.url, user.email)).pathname).toBe('/error');
  });

  it('wants CONFIRM', async () => {
    const { token } = await member();
    const res = await validateRemoval(token, { do_delete: false, password: 'confirm' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'password', message: 'Please enter CONFIRM to confirm' }]);
  });
});
