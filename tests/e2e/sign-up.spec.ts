import { expect, test } from './support/fixtures.ts';
import { skipOnboarding } from './support/fresh-user.ts';
import { acmeInvite } from './support/invites.ts';
import { expectFeed } from './support/sign-in.ts';

const PASSWORD = 'Welcome!2026';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@acme.example`;
}

test('a v2 invite signs Nora up with her invited work e-mail and lands her on the feed', async ({ page }) => {
  const invite = acmeInvite(2);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);

  await expect(page.getByRole('heading', { name: 'Join Acme Corporation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nora');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Newhire');
  const email = page.getByRole('textbox', { name: 'Work email' });
  await expect(email).toHaveValue('new.hire@acme.example');
  await expect(email).toBeDisabled();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Mismatch!2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await skipOnboarding(page);
  await expectFeed(page);
  await expect(page.getByRole('button', { name: /^Account menu for Nora Newhire/ })).toBeVisible();
});

test('a v1 group invite lets a person type their own e-mail', async ({ page }) => {
  const invite = acmeInvite(1);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Confirm password' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'First name' }).fill('Gabe');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Group');
  await email.fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await email.fill(uniqueEmail('gabe'));
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await skipOnboarding(page);
  await expectFeed(page);
});

test('an invalid invite link says so and leads to sign-in', async ({ page }) => {
  await page.goto('/sign-up?code=no-such-invite');
  const toast = page.getByRole('listitem', { name: 'Sign Up problem' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAccessibleDescription('Invite link is no longer valid.');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('on a phone the invite offers to continue in the app', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const invite = acmeInvite(1);
  await page.goto(`/sign-up?code=${encodeURIComponent(invite.code)}`);
  await expect(page.getByRole('link', { name: 'Continue in the app' })).toHaveAttribute(
    'href',
    `chorus://sign-up?${new URLSearchParams({ code: invite.code, subdomain: 'acme' }).toString()}`,
  );
  await context.close();
});

test('self sign-up is offered on the sign-in screen and signs a new user in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'New here? Sign up' }).click();
  await expect(page).toHaveURL(/\/self-sign-up$/);

  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByText('Please enter your username')).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill('Sally');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Self');
  await page.getByRole('textbox', { name: 'Email' }).fill('sally@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('sally'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await skipOnboarding(page);
  await expectFeed(page);
});

test('self sign-up is not offered where the company does not allow it', async ({ page, baseURL }) => {
  const globex = new URL(baseURL ?? '');
  globex.hostname = 'globex.localhost';
  await page.goto(new URL('/sign-in', globex).toString());
  await expect(page.getByRole('link', { name: 'Sign in with Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New here? Sign up' })).toHaveCount(0);
  await page.goto(new URL('/self-sign-up', globex).toString());
  await expect(page).toHaveURL(/\/sign-in$/);
});
