/**
 * How the app handles failures around the account (accounts spec 4 and 9): a sign-out the
 * server refuses, a company address whose branding cannot load, the removal codes an SSO
 * sign-in brings back, and a deletion request whose notification fails (854).
 */
import { request } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, test, toast } from './support/fixtures.ts';
import { companyOrigin } from './support/demo.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding, type FreshUser } from './support/fresh-user.ts';
import { expectFeed } from './support/sign-in.ts';
import { apiCallTimes, expectToastLifetime, pauseClock, recordApiCalls, recordToasts, runClockTo, toastLifetime } from './support/page-timing.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

/**
 * Signs a fresh user in and past onboarding onto the feed, and waits until the feed has shown
 * all its cards: a full run's sign-out click, made while the cards were still coming in, once
 * left the menu open with the page scrolled and no sign-out asked.
 */
async function freshUserOnFeed(page: Page, baseURL: string | undefined, prefix: string): Promise<FreshUser> {
  const user = await signUpFreshUser(baseURL ?? '', prefix);
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await expectFeed(page);
  return user;
}

/** Chooses Sign Out in the user menu, then moves the pointer away: a hovered toast pauses its timer. */
async function chooseSignOut(page: Page, user: FreshUser): Promise<void> {
  await openMenu(page, page.getByRole('button', { name: `Account menu for ${user.firstName} Person` }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sign Out' }));
  await page.mouse.move(5, (page.viewportSize()?.height ?? 600) - 5);
}

async function sessionCookie(page: Page, baseURL: string | undefined): Promise<string | undefined> {
  return (await page.context().cookies(companyOrigin(baseURL, 'acme'))).find((cookie) => cookie.name === 'pb_token')?.value;
}

test('a failing sign-out shows Unknown Logout Error for 8 s and goes to sign-in', async ({ page, baseURL }) => {
  await recordToasts(page);
  const user = await freshUserOnFeed(page, baseURL, 'signout-broken');
  // A server that breaks on sign-out: only a broken server answers this call with a 500.
  await page.route(
    (url) => url.pathname === '/api/v1/auth/sign-out',
    (route) => route.fulfill({ status: 500, json: { error: 202, message: 'Unknown error; try again later.' } }),
  );

  await chooseSignOut(page, user);
  const shown = toast(page, 'Unknown Logout Error');
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAccessibleName('Error');
  await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/sign-in`);
  await expect(page.getByRole('link', { name: 'Sign in with Email' })).toBeVisible();
  // The local session ends anyway.
  expect(await sessionCookie(page, baseURL)).toBeUndefined();

  await expect(shown).toBeHidden();
  expectToastLifetime(await toastLifetime(page, 'Unknown Logout Error'), 8000);
});

test('a sign-out the server refuses, because the session already ended elsewhere, shows Unknown Logout Error and goes to sign-in', async ({ page, baseURL }) => {
  const user = await freshUserOnFeed(page, baseURL, 'signout-ended');
  const token = await sessionCookie(page, baseURL);
  expect(token).toBeTruthy();
  // With the menu open (nothing else is loading), a sign-in elsewhere carrying the browser's
  // token rotates it: the server forgets the browser's session. Node does not resolve
  // *.localhost, so that call goes to loopback with the company's Host header.
  await openMenu(page, page.getByRole('button', { name: `Account menu for ${user.firstName} Person` }));
  const site = new URL(companyOrigin(baseURL, 'acme'));
  const elsewhere = await request.newContext({ baseURL: `http://127.0.0.1:${site.port}`, extraHTTPHeaders: { Host: site.host, 'X-AUTH-TOKEN': token ?? '' } });
  const rotated = await elsewhere.post('/api/v1/auth/sign-in', { data: { email: user.email, password: FRESH_PASSWORD } });
  expect(rotated.ok(), 'sign-in elsewhere').toBe(true);
  await elsewhere.dispose();

  const signOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/auth/sign-out');
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sign Out' }));
  expect((await signOut).status()).toBe(401);
  await expect(toast(page, 'Unknown Logout Error')).toBeVisible();
  await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/sign-in`);
  expect(await sessionCookie(page, baseURL)).toBeUndefined();
});

test('when the branded settings fail on a subdomain other than app, the browser moves to the app host', async ({ page, baseURL }) => {
  // No company lives at this subdomain: the real server answers its branded settings with 404.
  const unknown = companyOrigin(baseURL, 'no-such-company');
  const branding = page.waitForResponse((response) => response.url().startsWith(`${unknown}/api/v1/company/settings/branded-settings`));
  await page.goto(`${unknown}/sign-in/email`);
  expect((await branding).status()).toBe(404);

  const app = companyOrigin(baseURL, 'app');
  await expect(page).toHaveURL((url) => url.origin === app && url.pathname === '/assist-login');
  await expect(page.getByRole('heading', { name: "Let's Find Your Team" })).toBeVisible();
});

for (const [code, message] of [
  [316, 'Your account has been deactivated'],
  [317, 'Your deletion request will be processed by an admin'],
] as const) {
  test(`an SSO sign-in coming back with code ${code} shows '${message}' for 6 s`, async ({ page, baseURL }) => {
    await recordToasts(page);
    await page.goto(`/sign-in?code=${code}`);
    const shown = toast(page, message);
    await expect(shown).toBeVisible();
    await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/sign-in?code=${code}`);
    await expect(shown).toBeHidden();
    expectToastLifetime(await toastLifetime(page, message), 6000);
  });
}

test('a deletion request whose notification fails (854) shows the message, closes the dialog and signs out after 10 s', async ({ page, baseURL }) => {
  await page.clock.install();
  await recordApiCalls(page, ['/api/v1/auth/sign-out']);
  const user = await signUpFreshUser(baseURL ?? '', 'gdpr-854');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  // The server sends 854 only when the admin's mail cannot be delivered, which the suite's
  // outbox never refuses: this one call answers as the server would then (status and body).
  await page.route(
    (url) => url.pathname === '/api/v1/user/delete-request',
    (route) => route.fulfill({ status: 502, json: { error: 854, message: 'GDPR deletion notification failed.' } }),
  );

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Password').fill(FRESH_PASSWORD);
  const pausedAt = await pauseClock(page);
  await dialog.getByRole('button', { name: 'Request deletion' }).click();

  await expect(toast(page, 'GDPR deletion notification failed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // No success modal: only the wait before signing out.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await runClockTo(page, pausedAt + 9900);
  expect(await apiCallTimes(page, '/api/v1/auth/sign-out'), 'no sign-out before 10 s').toEqual([]);
  await expect(page).toHaveURL(/\/privacy$/);

  await runClockTo(page, pausedAt + 10_300);
  await expect.poll(() => apiCallTimes(page, '/api/v1/auth/sign-out'), { message: 'one sign-out' }).toHaveLength(1);
  const [signOut] = await apiCallTimes(page, '/api/v1/auth/sign-out');
  expect((signOut ?? 0) - pausedAt).toBeGreaterThanOrEqual(10_000);
  expect((signOut ?? 0) - pausedAt).toBeLessThanOrEqual(10_250);
  await page.clock.resume();
  await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/sign-in`);
});
