import { readFileSync } from 'node:fs';
import { ErrorCode, SsoSettingsResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { companies } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { createSession } from '../../auth/sessions.ts';
import { decryptSecret, keyringOf } from '../../lib/secrets.ts';
import { normaliseCertificate } from './routes.ts';

const IDP_CERT = readFileSync(new URL('../../test/fixtures/saml/idp-cert.pem', import.meta.url), 'utf8');
const SAML = { entry_point: 'https://idp.example.test/sso', idp_issuer: 'https://idp.example.test/metadata', idp_cert: IDP_CERT, allowed_domains: ['Acme.Example'] };

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function send(method: 'PUT' | 'DELETE', subdomain: string, url: string, token: string, body?: unknown) {
  return t.app.inject({ method, url, headers: { host: hostOf(subdomain), 'x-auth-token': token }, ...(body === undefined ? {} : { payload: body as object }) });
}

describe('company SSO settings', () => {
  it('let an ADMIN set the SAML IdP, which turns SAML sign-in on', async () => {
    const res = await send('PUT', 'acme', '/api/v1/company/settings/sso/saml', f.tokens.acmeAdmin, SAML);
    expect(res.statusCode).toBe(200);
    const body = SsoSettingsResponse.parse(res.json());
    expect(body.saml).toMatchObject({ entry_point: SAML.entry_point, idp_issuer: SAML.idp_issuer, jit_provisioning: false, allowed_domains: ['acme.example'] });
    expect(body.service_provider.saml_callback_url).toBe(`http://${hostOf('acme')}/api/v1/auth/saml/callback`);

    const [row] = await t.db.select().from(companies).where(eq(companies.id, f.acme.id));
    expect(row?.ssoSettings.saml_enabled).toBe(true);
    expect(row?.samlConfig?.idpCert).toContain('BEGIN CERTIFICATE');
    // A fresh request (past the host's company cache) reaches the IdP.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const start = await get(t.app, 'acme', '/api/v1/auth/saml/sign-in');
    expect(start.statusCode).toBe(302);
    expect(String(start.headers.location)).toMatch(/^https:\/\/idp\.example\.test\/sso\?SAMLRequest=/);
  });

  it('refuse a certificate that is not one, and bad URLs, changing nothing', async () => {
    const before = (await get(t.app, 'acme', '/api/v1/company/settings/sso', f.tokens.acmeAdmin)).json();
    for (const body of [
      { ...SAML, idp_cert: 'not a certificate' },
      { ...SAML, entry_point: 'javascript:alert(1)' },
      { ...SAML, allowed_domains: ['not a domain'] },
    ]) {
      const res = await send('PUT', 'acme', '/api/v1/company/settings/sso/saml', f.tokens.acmeAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT });
    }
    expect((await get(t.app, 'acme', '/api/v1/company/settings/sso', f.tokens.acmeAdmin)).json()).toEqual(before);
  });

  it('never send the Google client secret back, and keep it when omitted', async () => {
    const first = await send('PUT', 'acme', '/api/v1/company/settings/sso/google', f.tokens.acmeAdmin, { client_id: 'client-1', client_secret: 's3cret' });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('s3cret');
    expect(first.json()).toMatchObject({ google: { issuer: 'https://accounts.google.com', client_id: 'client-1', has_client_secret: true } });
    const second = await send('PUT', 'acme', '/api/v1/company/settings/sso/google', f.tokens.acmeAdmin, { client_id: 'client-2' });
    expect(second.json()).toMatchObject({ google: { client_id: 'client-2', has_client_secret: true } });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, f.acme.id));
    // Kept, and encrypted at rest (finding 17).
    expect(row?.googleConfig?.clientSecret).toMatch(/^v1:/);
    expect(decryptSecret(keyringOf(t.config), row?.googleConfig?.clientSecret ?? '', 'companies.google_config.client_secret')).toBe('s3cret');
    expect(row?.ssoSettings.google_enabled).toBe(true);
  });

  it('remove an IdP, but not the last way in while e-mail login is off', async () => {
    const locked = await buildCompany(t.db, { subdomain: 'ssoonly', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false } });
    const admin = await buildUser(t.db, [{ company: locked, role: 1 }]);
    const token = await createSession(t.db, admin.id, locked.id);
    expect((await send('PUT', 'ssoonly', '/api/v1/company/settings/sso/saml', token, SAML)).statusCode).toBe(200);
    const refused = await send('DELETE', 'ssoonly', '/api/v1/company/settings/sso/saml', token);
    expect(refused.statusCode).toBe(400);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, locked.id));
    expect(row?.samlConfig).not.toBeNull();

    const removed = await send('DELETE', 'acme', '/api/v1/company/settings/sso/saml', f.tokens.acmeAdmin);
    expect(removed.json()).toMatchObject({ saml: null });
    const [acme] = await t.db.select().from(companies).where(eq(companies.id, f.acme.id));
    expect(acme?.ssoSettings.saml_enabled).toBe(false);
  });

  it('are for ADMINs of the host company only', async () => {
    expect((await get(t.app, 'acme', '/api/v1/company/settings/sso', f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await send('PUT', 'acme', '/api/v1/company/settings/sso/saml', f.tokens.acmeUser, SAML)).statusCode).toBe(403);
    expect((await send('DELETE', 'acme', '/api/v1/company/settings/sso/google', f.tokens.acmeUser)).statusCode).toBe(403);
    // A globex member's session is not a session at acme; and no session is 401.
    expect((await get(t.app, 'acme', '/api/v1/company/settings/sso', f.tokens.globexUser)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', '/api/v1/company/settings/sso')).statusCode).toBe(401);
  });
});

describe('normaliseCertificate', () => {
  it('accepts PEM or its base64 body, and refuses anything else', () => {
    const body = IDP_CERT.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    expect(normaliseCertificate(IDP_CERT)).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect(normaliseCertificate(body)).toBe(normaliseCertificate(IDP_CERT));
    expect(normaliseCertificate('QUJD')).toBeNull();
    expect(normaliseCertificate('<script>')).toBeNull();
  });
});
