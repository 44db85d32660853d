/**
 * The SSO landing page (/sign-in/sso). A real SAML round trip needs an IdP the browser can
 * reach, so these tests answer the token exchange with a real session of a demo user (signed
 * in by password) and check what the page does with it; the invalid-link cases use the server.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo.ts';
import { expectFeed } from './support/sign-in.ts';

/** Answers POST sso/decrypt-token with a fresh real session of user@acme.example. */
async function answerExchangeWithSession(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/sign-in');
  const session: unknown = await page.evaluate(async (credentials) => {
    const res = await fetch('/api/v1/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
    return res.json();
  }, { email: DEMO_USERS.acmeUser, password: DEMO_PASSWORD });
  await context.route('**/api/v1/auth/sso/decrypt-token', (route) => route.fulfill({ json: session }));
}

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

test('an unknown exchange token shows Invalid link on the error view', async ({ page }) => {
  await page.goto('/sign-in/sso?encrypted_token=not-a-token');
  await expect(page).toHaveURL(/\/error\?reason=invalid_link$/);
  await expect(page.getByRole('heading', { name: 'Error Signing-In' })).toBeVisible();
  await expect(page.getByText('Invalid link')).toBeVisible();
  await page.getByRole('link', { name: 'Back To Login' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a missing exchange token shows Invalid link', async ({ page }) => {
  await page.goto('/sign-in/sso');
  await expect(page.getByText('Invalid link')).toBeVisible();
});

test('a good exchange signs in and goes to the feed, ignoring an unsafe next', async ({ page, context }) => {
  await answerExchangeWithSession(page, context);
  await page.goto('/sign-in/sso?encrypted_token=exchange&next=%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/acme\.localhost:\d+\/$/);
  await expectFeed(page);
});

test('in a popup it tells the opener (same origin) and closes', async ({ page, context }) => {
  await answerExchangeWithSession(page, context);
  await listenForMessages(page);
  const popupPromise = page.waitForEvent('popup');
  await page.evaluate(() => window.open('/sign-in/sso?encrypted_token=exchange', 'sso'));
  const popup = await popupPromise;
  await popup.waitForEvent('close');
  const origin = new URL(page.url()).origin;
  await expect.poll(() => messages(page)).toEqual([{ data: { type: 'chorus:sign-in-finished' }, origin }]);
});

test('inside an iframe it tells the parent', async ({ page, context }) => {
  await answerExchangeWithSession(page, context);
  await listenForMessages(page);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/sign-in/sso?encrypted_token=exchange&is_in_iframe=1';
    document.body.append(frame);
  });
  const origin = new URL(page.url()).origin;
  await expect.poll(() => messages(page)).toEqual([{ data: { type: 'chorus:sign-in-finished' }, origin }]);
});

test('sign-in shows SAML sign-out success (311) as a toast', async ({ page }) => {
  await page.goto('/sign-in?code=311');
  await expect(page.getByRole('listitem').filter({ hasText: 'You have been signed out of SSO.' })).toBeVisible();
});

test('sign-in shows a SAML sign-out error (313) as a toast', async ({ page }) => {
  await page.goto('/sign-in?code=313');
  await expect(page.getByRole('listitem').filter({ hasText: 'Signing out of SSO did not work. Please try again.' })).toBeVisible();
});
