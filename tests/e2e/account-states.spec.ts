/**
 * What the sign-in screens say about the account's state (accounts spec 4, 8): a deactivated
 * account learns how to get reactivated (493), a rate-limited request says how long to wait
 * (425, from Retry-After), and the `app` host's "Sign in on this page instead" leads to a
 * sign-in that works. The 308 lock-out's wait and the wrong company's explanation are checked
 * in sign-in-hardening.spec.ts.
 */
import { expect, test, toast } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_PASSWORD, companyOrigin } from './support/demo.ts';
import { FRESH_PASSWORD, signUpFreshUser } from './support/fresh-user.ts';
import { signInWithEmail } from './support/sign-in.ts';

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
