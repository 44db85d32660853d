import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { DEMO_PASSWORD, DEMO_USERS, companyOrigin } from './support/demo.ts';
import { FRESH_PASSWORD, signUpFreshUser } from './support/fresh-user.ts';
import { EMAIL_OPTION, expectFeed, signInWithEmail } from './support/sign-in.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/v1/auth/sign-in')),
    page.getByRole('button', { name: 'Login', exact: true }).click(),
  ]);
}

test('five wrong passwords lock the account: even the right one then shows the 308 message and how long to wait', async ({ page, baseURL }) => {
  // Throttling locks the account for 15 minutes, so it happens to a user of its own.
  const throttled = (await signUpFreshUser(baseURL ?? '', 'throttled')).email;
  await page.goto('/sign-in/email');
  for (let i = 0; i < 5; i += 1) await submitLogin(page, throttled, `Wrong!pass${i}`);
  const [locked] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/v1/auth/sign-in')),
    submitLogin(page, throttled, FRESH_PASSWORD),
  ]);
  // The lock lasts 15 minutes from the first failure: Retry-After says what is left of it.
  const seconds = Number(await locked.headerValue('retry-after'));
  expect(seconds).toBeGreaterThan(14 * 60);
  expect(seconds).toBeLessThanOrEqual(15 * 60);

  const toast = page.getByRole('listitem', { name: 'Authentication problem' }).filter({ hasText: 'Too many failed login attempts' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAccessibleDescription('Too many failed login attempts; wait and retry. Try again in 15 minutes.');
  await expect(page).toHaveURL(/\/sign-in\/email$/);
});

test('signing in at another company moves the browser to the user\'s company with next and the e-mail, and says why', async ({ page, baseURL }) => {
  await page.goto('/sign-in/email?next=%2Ftopic%2Flatest');
  await submitLogin(page, DEMO_USERS.globexUser, DEMO_PASSWORD);

  const globex = companyOrigin(baseURL, 'globex');
  await expect(page).toHaveURL((url: URL) => url.origin === globex && url.pathname === '/sign-in/email' && url.searchParams.get('next') === '/topic/latest');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(DEMO_USERS.globexUser);
  await expect(page.getByText('You sign in at Globex')).toBeVisible();
  await expect(page.getByText('Your account belongs to Globex, so we brought you to its sign-in page. Enter your password again to continue.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  // No session was started on the wrong host.
  const acmeCookies = await page.context().cookies(companyOrigin(baseURL, 'acme'));
  expect(acmeCookies.find((cookie) => cookie.name === 'pb_token')).toBeUndefined();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${globex}/topic/latest`);
});

test('sign-out clears the session cookie but not the new-features one, and the old token stops working', async ({ page, baseURL }) => {
  const origin = companyOrigin(baseURL, 'acme');
  await page.context().addCookies([{ name: 'new_features', value: 'seen', url: origin }]);
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expectFeed(page);
  const token = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'pb_token')?.value;
  expect(token).toBeTruthy();

  await openMenu(page, page.getByRole('button', { name: /^Account menu for / }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sign Out' }));
  await expect(page).toHaveURL(/\/sign-in$/);

  const names = (await page.context().cookies(origin)).map((cookie) => cookie.name);
  expect(names).not.toContain('pb_token');
  expect(names).toContain('new_features');
  // From the page: Node does not resolve *.localhost, Chromium does.
  const stale = await page.evaluate(async (old) => (await fetch('/api/v1/config/info', { headers: { 'X-AUTH-TOKEN': old } })).status, token ?? '');
  expect(stale).toBe(401);

  await page.goto('/topic/latest');
  await expect(page).toHaveURL((url: URL) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/topic/latest');
});

test('a protocol-relative next is ignored: sign-in lands on the feed of this site', async ({ page, baseURL }) => {
  await page.goto('/sign-in?next=%2F%2Fevil.example%2Fsteal');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/`);
  await expectFeed(page);
});

test('from_admin_view hands over to the admin view (its landing page) with next and video_id', async ({ page, baseURL }) => {
  await page.goto('/sign-in?next=%2Fdashboard&from_admin_view=1&video_id=7');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expect(page).toHaveURL(`${companyOrigin(baseURL, 'acme')}/admin?next=%2Fdashboard&from_admin_view=1&video_id=7`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin view' })).toBeVisible();
});

test('the e-mail option keeps next on its way to the form', async ({ page }) => {
  await page.goto('/sign-in?next=%2Ftopic%2Flatest');
  await page.getByRole('link', { name: EMAIL_OPTION }).click();
  await expect(page).toHaveURL(/\/sign-in\/email\?next=%2Ftopic%2Flatest$/);
});
