import { expect, test } from './support/fixtures.ts';
import { companyOrigin } from './support/demo.ts';
import { waitForMail } from './support/outbox.ts';

// The seed enables X and LinkedIn sign-in on acme; both use the embedded sandbox network.
const MEMBER = 'user@acme.example';

/** The outbox keeps `created` at database precision; a little slack keeps clocks from mattering. */
function now(): string {
  return new Date(Date.now() - 1000).toISOString();
}

test('a first sign-in with X verifies the work email by mail and opens the feed', async ({ page, baseURL }) => {
  const since = now();
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Continue with X' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with twitter (sandbox)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill(`Sam on X ${Date.now()}`);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/verify-email\?usa_id=\d+/);
  await expect(page.getByRole('heading', { name: 'Verify your work email' })).toBeVisible();
  await page.getByRole('button', { name: 'Send verification email' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Work email' }).fill(MEMBER);
  await page.getByRole('button', { name: 'Send verification email' }).click();
  await expect(page).toHaveURL(/\/verify-email\/sent$/);
  await expect(page.getByRole('heading', { name: 'Verification Email Sent' })).toBeVisible();

  const mail = await waitForMail(baseURL, 'verification', MEMBER, since);
  const link = mail.links[0] ?? '';
  expect(link).toMatch(new RegExp(`^${companyOrigin(baseURL, 'acme')}/verify-email\\?code=[A-Za-z0-9_-]{43}$`));
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verification problem' })).toBeVisible();
  await expect(page.getByText('This verification link has already been used.')).toBeVisible();
});

test('denying on the consent page returns to sign-in with an error', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Continue with LinkedIn' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with linkedin (sandbox)' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/sign-in\?social_error=denied$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Social sign-in problem' })).toContainText('Sign-in was cancelled at the network.');
});
