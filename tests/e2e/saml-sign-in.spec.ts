/**
 * SAML single sign-on in the browser, end to end: an ADMIN sets the company's IdP through the
 * API, a person presses 'Sign in with SSO', signs in at the IdP (a real samlify IdP on
 * loopback) and comes back signed in through the exchange token and /sign-in/sso.
 */
import type { Page } from '@playwright/test';
import { CompanyApi } from './support/api.ts';
import { companyOrigin } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { startSamlIdp, type SamlIdp } from './support/saml-idp.ts';
import { expectFeed } from './support/sign-in.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

const ADMIN = 'admin@acme.example';
const MEMBER = 'manager@acme.example';

interface SpAddresses {
  service_provider: { saml_entity_id: string; saml_callback_url: string };
}

/** The SP's single logout address, beside its callback. */
function sloOf(callbackUrl: string): string {
  return callbackUrl.replace(/\/callback$/, '/logout');
}

test.describe('SAML sign-in', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: CompanyApi;
  let idp: SamlIdp;

  test.beforeAll(async ({ baseURL }) => {
    admin = await CompanyApi.signIn(companyOrigin(baseURL, 'acme'), ADMIN);
    const settings = await admin.send('GET', '/api/v1/company/settings/sso');
    expect(settings.status).toBe(200);
    const sp = (settings.body as SpAddresses).service_provider;
    idp = await startSamlIdp({ email: MEMBER, spEntityId: sp.saml_entity_id, acsUrl: sp.saml_callback_url, sloUrl: sloOf(sp.saml_callback_url) });
    const saved = await admin.send('PUT', '/api/v1/company/settings/sso/saml', {
      entry_point: idp.ssoUrl,
      idp_issuer: idp.entityId,
      idp_cert: idp.cert,
      logout_url: idp.sloUrl,
    });
    expect(saved.status).toBe(200);
  });

  test.afterAll(async () => {
    expect((await admin.send('DELETE', '/api/v1/company/settings/sso/saml')).status).toBe(200);
    await admin.dispose();
    await idp.close();
  });

  test('signs a member in through the IdP and lands on next', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    // The host keeps its company for up to 2 s; the button shows once the settings are read.
    await expect
      .poll(async () => {
        await page.goto(`${origin}/sign-in?next=%2Ftopic%2Flatest`);
        await expect(page.getByRole('heading', { name: /^Sign in to / })).toBeVisible();
        return page.getByRole('link', { name: 'Sign in with SSO' }).isVisible();
      })
      .toBe(true);
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();

    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await page.getByRole('button', { name: `Continue as ${MEMBER}` }).click();

    await expect(page).toHaveURL(/acme\.localhost:\d+\/topic\/latest$/);
    expect(idp.answered).toHaveLength(1);
    await page.goto(`${origin}/`);
    await expectFeed(page);
    const session = await page.evaluate(() => document.cookie.includes('pb_token='));
    expect(session).toBe(true);

    // Signing out ends the IdP session too (single logout) and says so on sign-in (311).
    await openMenu(page, page.getByRole('button', { name: /^Account menu for/ }));
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Sign Out' }));
    await expect(page).toHaveURL(/\/sign-in\?code=311$/);
    await expect(page.getByRole('listitem').filter({ hasText: 'You have been signed out of SSO.' })).toBeVisible();
    expect(idp.loggedOut).toHaveLength(1);
  });

  test('a person the company does not know, nor provisions, lands on domain-not-found', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    const stranger = `stranger.${Date.now()}@unregistered.example`;
    idp.signInAs(stranger);
    try {
      await page.goto(`${origin}/api/v1/auth/saml/sign-in`);
      await page.getByRole('button', { name: `Continue as ${stranger}` }).click();
      await expect(page).toHaveURL(/acme\.localhost:\d+\/sign-in\/sso\/domain-not-found$/);
      await expect(page.getByText('There was a problem signing you in. Your SSO domain is not registered')).toBeVisible();
      expect(await page.evaluate(() => document.cookie.includes('pb_token='))).toBe(false);
    } finally {
      idp.signInAs(MEMBER);
    }
  });

  test('refuses the same IdP answer posted twice (replay) with the error view, and ignores an unsafe next', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    await page.goto(`${origin}/api/v1/auth/saml/sign-in?next=%2F%2Fevil.example%2F`);
    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    // Keep a copy of the IdP page's form, submit it, then submit the copy again.
    const form = await page.locator('form').evaluate((element) => element.outerHTML);
    await page.getByRole('button', { name: `Continue as ${MEMBER}` }).click();
    await expect(page).toHaveURL(/acme\.localhost:\d+\/$/);
    await page.setContent(form);
    await page.getByRole('button', { name: `Continue as ${MEMBER}` }).click();
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { name: 'Error Signing-In' })).toBeVisible();
  });

  test('in a popup, the landing page hands the session to its opener (same origin) and closes', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    await page.goto(`${origin}/sign-in`);
    await listenForMessages(page);
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(() => window.open('/api/v1/auth/saml/sign-in', 'sso'));
    const popup = await popupPromise;
    await popup.getByRole('button', { name: `Continue as ${MEMBER}` }).click();
    await popup.waitForEvent('close');
    await expect.poll(() => messages(page)).toEqual([
      { data: { type: 'chorus:sign-in-finished', token: expect.any(String), user_id: expect.any(Number) }, origin },
    ]);
  });

  test('inside an iframe, the landing page tells the parent', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    await page.goto(`${origin}/sign-in`);
    await listenForMessages(page);
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'SSO';
      frame.src = '/api/v1/auth/saml/sign-in?is_in_iframe=1';
      document.body.append(frame);
    });
    await page.frameLocator('iframe[title="SSO"]').getByRole('button', { name: `Continue as ${MEMBER}` }).click();
    await expect.poll(() => messages(page)).toEqual([
      { data: { type: 'chorus:sign-in-finished', token: expect.any(String), user_id: expect.any(Number) }, origin },
    ]);
  });

  test('framed, the sign-in screen runs SSO in a popup and continues signed in', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    await page.goto(`${origin}/sign-in`);
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'Chorus';
      frame.src = '/sign-in?next=%2Ftopic%2Flatest';
      frame.style.width = '1000px';
      frame.style.height = '800px';
      document.body.append(frame);
    });
    const frame = page.frameLocator('iframe[title="Chorus"]');
    const popupPromise = page.waitForEvent('popup');
    await frame.getByRole('link', { name: 'Sign in with SSO' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: `Continue as ${MEMBER}` }).click();
    await popup.waitForEvent('close');
    // The frame took the session from the popup's message and went on to `next`.
    await expect.poll(() => page.frames().some((f) => /\/topic\/latest$/.test(f.url()))).toBe(true);
    await expect(frame.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});

async function listenForMessages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const messages: unknown[] = [];
    Object.assign(window, { ssoMessages: messages });
    window.addEventListener('message', (event) => messages.push({ data: event.data, origin: event.origin }));
  });
}

function messages(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { ssoMessages: unknown[] }).ssoMessages);
}
