/**
 * What the sign-in screens say about the account's state (accounts spec 4, 8): a deactivated
 * account learns how to get reactivated (493), lock-outs say how long to wait (308 and 425,
 * from Retry-After), a sign-in on the wrong company explains the move to the right one, and
 * the `app` host's "Sign in on this page instead" leads to a sign-in that works.
 */
import { LOGIN_THROTTLE_MAX_FAILURES, LOGIN_THROTTLE_WINDOW_MS } from '@chorus/core';
import { expect, test, toast } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_PASSWORD, companyOrigin } from './support/demo.ts';
import { FRESH_PASSWORD, signUpFreshUser } from './support/fresh-user.ts';
import { EMAIL_OPTION, signInWithEmail } from './support/sign-in.ts';

const GLOBEX_USER = 'user@globex.example';

test('a deactivated account that signs in learns how to get it reactivated', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'deactivated');
  const api = await CompanyApi.signIn(companyOrigin(baseURL, 'acme'), user.email, FRESH_PASSWORD);
  expect((await api.send('POST', '/api/v1/user/deactivate', { password: FRESH_PASSWORD })).status).toBe(200);
  await api.dispose();

  await page.goto('/sign-in');
  await signInWithEmail(page, user.email, FRESH_PASSWORD);
  await expect(
    toast(page, 'This account is deactivated. Your data is kept: ask an administrator of your company to reactivate it, then sign in again.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/email$/);
});

test('a locked-out address is told how many minutes to wait (308, Retry-After)', async ({ page }) => {
  // Throttling counts per address, account or not: a new address keeps the demo users unlocked.
  const email = `locked.${Date.now()}@acme.example`;
  await page.goto('/sign-in');
  await page.getByRole('link', { name: EMAIL_OPTION }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong!pass1');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i += 1) {
    const answered = page.waitForResponse((response) => response.url().includes('/api/v1/auth/sign-in'));
    await login.click();
    expect((await answered).status()).toBe(401);
  }
  const locked = page.waitForResponse((response) => response.url().includes('/api/v1/auth/sign-in'));
  await login.click();
  const response = await locked;
  expect(response.status()).toBe(429);
  const seconds = Number(await response.headerValue('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(LOGIN_THROTTLE_WINDOW_MS / 1000);
  const minutes = Math.ceil(seconds / 60);
  await expect(toast(page, `Too many failed login attempts; wait and retry. Try again in ${minutes} minutes.`).first()).toBeVisible();
});

test('a rate-limited request (425) says how long to wait, from Retry-After', async ({ page }) => {
  // The real limit is 20 tries a minute per address, shared by the whole suite: the answer is
  // played at the wire, as the server sends it (its Retry-After is covered by the server tests).
  await page.route('**/api/v1/auth/sign-in', (route) =>
    route.fulfill({ status: 429, headers: { 'retry-after': '42' }, json: { error: 425, message: 'Too many requests.' } }),
  );
  await page.goto('/sign-in');
  await signInWithEmail(page, 'someone@acme.example', DEMO_PASSWORD);
  await expect(toast(page, 'Too many requests. Try again in 42 seconds.').first()).toBeVisible();
});

test('signing in on the wrong company explains the move to the right one', async ({ page, baseURL }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, GLOBEX_USER);
  await expect(page).toHaveURL((url) => url.origin === companyOrigin(baseURL, 'globex') && url.pathname === '/sign-in/email');
  await expect(page.getByText('You sign in at Globex')).toBeVisible();
  await expect(page.getByText('Your account belongs to Globex, so we brought you to its sign-in page. Enter your password again to continue.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(GLOBEX_USER);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.origin === companyOrigin(baseURL, 'globex') && !url.pathname.startsWith('/sign-in'));
});

test("the app host's 'Sign in on this page instead' leads to a sign-in that reaches the user's company", async ({ page, baseURL }) => {
  const app = companyOrigin(baseURL, 'app');
  await page.goto(`${app}/sign-in`);
  await expect(page).toHaveURL(/\/assist-login$/);
  await page.getByRole('link', { name: 'Sign in on this page instead' }).click();
  await expect(page).toHaveURL((url) => url.origin === app && url.pathname === '/sign-in' && url.searchParams.has('no_assisted_login'));

  await signInWithEmail(page, GLOBEX_USER);
  await expect(page).toHaveURL((url) => url.origin === companyOrigin(baseURL, 'globex') && url.pathname === '/sign-in/email');
  await expect(page.getByText('You sign in at Globex')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.origin === companyOrigin(baseURL, 'globex') && !url.pathname.startsWith('/sign-in'));
});
