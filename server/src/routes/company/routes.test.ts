import { BrandedSettingsResponse, ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildCompany } from '../../test/factories.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await buildCompany(t.db, {
    subdomain: 'acme',
    title: 'Acme Corporation',
    logo: '/media/acme/logo.png',
    tintColor: '#123456',
    socialSignIn: [false, true, false, true],
    ssoSettings: { saml_enabled: true, saml_url: 'https://idp.example/sso', google_enabled: false },
  });
});
afterAll(() => t.close());

describe('GET /api/v1/company/settings/branded-settings', () => {
  it('brands the sign-in screen of the host company without a session', async () => {
    const res = await get(t.app, 'acme', '/api/v1/company/settings/branded-settings');
    expect(res.statusCode).toBe(200);
    const body = BrandedSettingsResponse.parse(res.json());
    expect(body).toMatchObject({
      title: 'Acme Corporation',
      company_logo: '/media/acme/logo.png',
      ios: { tint_color: '#123456' },
      sso_settings: { saml_enabled: true, saml_url: 'https://idp.example/sso', google_enabled: false },
      feature_toggles: { email_login_enabled: true },
    });
    expect(body.social_sign_in_settings).toEqual([false, true, false, true, false, false, false]);
  });

  it('answers 404 for an unknown subdomain', async () => {
    const res = await get(t.app, 'initech', '/api/v1/company/settings/branded-settings');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.NOT_FOUND);
  });

  it('answers 404 on the assisted-login host', async () => {
    expect((await get(t.app, 'app', '/api/v1/company/settings/branded-settings')).statusCode).toBe(404);
  });
});
