import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, type FreshUser } from './support/fresh-user.ts';
import { waitForMail } from './support/outbox.ts';
import { signInWithEmail } from './support/sign-in.ts';

/** Signs a fresh user in and opens /privacy. */
async function openPrivacy(page: Page, user: FreshUser): Promise<void> {
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
}

/** The sign-in attempt of a removed account fails with the 302 message. */
async function expectSignInRefused(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await signInWithEmail(page, email, FRESH_PASSWORD);
  const toast = page.getByRole('listitem', { name: 'Authentication problem' });
  await expect(toast).toHaveAccessibleDescription('Wrong username or password.');
  await expect(page).toHaveURL(/\/sign-in\/email$/);
}

test('the privacy page shows and downloads the personal data as personalData.json', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'privacy');
  await openPrivacy(page, user);
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', 'https://chorus.example/legal/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://chorus.example/legal/privacy');
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your personal data' });
  await expect(dialog).toContainText(`"username": "${user.email}"`);
  await expect(dialog).toContainText(`"first_name": "${user.firstName}"`);
  expect(await wcagViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('personalData.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(data['profile']).toMatchObject({ username: user.email, first_name: user.firstName, last_name: 'Person' });
  expect(data['companies']).toEqual([expect.objectContaining({ subdomain: 'acme', company_name: 'Acme Corporation', role: 3 })]);
  expect(data['queue']).toMatchObject({ items: [] });
  for (const key of ['settings', 'social_accounts', 'shares', 'comments', 'likes', 'bookmarks', 'followed_topics', 'events']) expect(data).toHaveProperty(key);
  expect(JSON.stringify(data)).not.toContain(FRESH_PASSWORD);
});

test('deactivation asks for the password, counts down, signs out, and the account can no longer sign in', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'deactivate');
  await openPrivacy(page, user);

  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account' });
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog.getByText('Please enter your password')).toBeVisible();
  await dialog.getByLabel('Password').fill('Not-my-password1!');
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog.getByText('Incorrect password. Please enter correct password.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await dialog.getByLabel('Password').fill(FRESH_PASSWORD);
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const countdown = page.getByRole('alertdialog', { name: 'Done' });
  await expect(countdown.getByText('Your account has been deactivated')).toBeVisible();
  await expect(countdown.getByText(/You will be signed out in \d+ seconds?\./)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  // The countdown signs out by itself after 10 seconds.
  await expect(page).toHaveURL(/\/sign-in$/);

  await expectSignInRefused(page, user.email);
});

test('a deletion request reaches admin@acme.example, who confirms it by typing DELETE', async ({ page, browser, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'delete');
  await openPrivacy(page, user);
  const since = new Date(Date.now() - 1000).toISOString();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel('Password').fill(FRESH_PASSWORD);
  await dialog.getByRole('button', { name: 'Request deletion' }).click();
  const countdown = page.getByRole('alertdialog', { name: 'Done' });
  await expect(countdown.getByText('Your deletion request will be processed by an admin')).toBeVisible();
  await countdown.getByRole('button', { name: 'Sign out now' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  const mail = await waitForMail(baseURL, 'deletion-request', 'admin@acme.example', since);
  expect(mail.text).toContain(user.email);
  const link = mail.links.find((url) => url.includes('/confirm-user-deletion?delete_code='));
  expect(link).toBeDefined();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await admin.goto(link ?? '');
    // Signed out: sign-in keeps delete_code and returns to the confirmation afterwards.
    await expect(admin).toHaveURL(/\/sign-in\?.*delete_code=/);
    await signInWithEmail(admin, 'admin@acme.example');
    await expect(admin).toHaveURL(/\/confirm-user-deletion\?delete_code=/);
    await expect(admin.getByRole('heading', { name: 'Confirm user deletion' })).toBeVisible();
    await expect(admin.getByText(user.email)).toBeVisible();
    await expect(admin.getByText(`${user.firstName} Person`)).toBeVisible();
    expect(await wcagViolations(admin)).toEqual([]);

    const confirm = admin.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeDisabled();
    const typed = admin.getByLabel('Type DELETE to confirm');
    await typed.fill('delete');
    await expect(confirm).toBeDisabled();
    await typed.fill('DELETE');
    await expect(confirm).toBeEnabled();
    await expect(admin.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await confirm.click();
    await expect(admin.getByText('The account has been deleted').first()).toBeVisible();

    // The link is used up.
    await admin.reload();
    await expect(admin.getByText('Failed to get user info due to invalid delete token.')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  await expectSignInRefused(page, user.email);
});
