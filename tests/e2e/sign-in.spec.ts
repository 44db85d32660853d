import { expect, test } from './support/fixtures.ts';
import { DEMO_USERS } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed, signInWithEmail } from './support/sign-in.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

test('a user signs in by e-mail, sees the seeded feed and signs out to sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: EMAIL_OPTION }).click();
  await expect(page).toHaveURL(/\/sign-in\/email$/);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.acmeUser);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Chorus!2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  await expectFeed(page, 4);

  await openMenu(page, page.getByRole('button', { name: /^Account menu for / }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Sign Out' }));
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeHidden();
});

test('a wrong password shows the 302 message in a toast and stays on the e-mail sign-in', async ({ page }) => {
  await page.goto('/sign-in/email');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_USERS.acmeUser);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-the-password1!');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const toast = page.getByRole('listitem', { name: 'Authentication problem' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAccessibleDescription('Wrong username or password.');
  await expect(page).toHaveURL(/\/sign-in\/email$/);
});

test('an unknown route leads to sign-in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
});

test('a protected route while signed out goes to sign-in with next', async ({ page }) => {
  await page.goto('/topic/latest');
  await expect(page).toHaveURL((url: URL) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/topic/latest');
});

test('after signing in, next takes the user to the page they wanted', async ({ page }) => {
  await page.goto('/topic/latest');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expect(page).toHaveURL(/\/topic\/latest$/);
});

test('the sign-in page shows the company background as a decorative picture, fetched at low priority', async ({ page }) => {
  const priorities: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium's own priority for each request (an in-view CSS background is fetched at High).
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname === '/media/demo/acme/background-original.jpg') priorities.push(event.request.initialPriority);
  });
  await page.goto('/sign-in');
  const backdrop = page.locator('main > img[alt=""]');
  await expect(backdrop).toHaveAttribute('src', '/media/demo/acme/background-original.jpg');
  await expect(backdrop).toHaveJSProperty('complete', true);
  // Decorative: no name, nothing for a screen reader; the panel sits over it.
  await expect(page.getByRole('main').getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('img')).toHaveAccessibleName('Acme Corporation logo');
  expect(priorities).toEqual(['Low']);
  await cdp.detach();
});
