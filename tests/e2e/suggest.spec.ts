import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectFeed } from './support/sign-in.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

async function freshMemberOnFeed(page: Page, baseURL: string | undefined, prefix: string): Promise<void> {
  const user = await signUpFreshUser(baseURL ?? '', prefix);
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await expectFeed(page);
}

test('suggest content from the top bar: submit waits for text, then thanks, then suggest more', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'suggester');
  await page.getByRole('banner').getByRole('button', { name: 'Suggest content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest content' });
  const text = dialog.getByRole('textbox', { name: 'What would you like to share with the team?' });
  const send = dialog.getByRole('button', { name: 'Send suggestion' });
  await expect(send).toBeDisabled();
  await text.fill('   ');
  await expect(send).toBeDisabled();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await text.fill('Our new office opened today: worth a post!');
  await expect(send).toBeEnabled();
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/post/suggestion/mobile')), send.click()]);
  expect(response.status()).toBe(200);
  await expect(dialog.getByRole('status')).toHaveText('Thanks! Your suggestion was sent for review.');
  await dialog.getByRole('button', { name: 'Suggest more' }).click();
  await expect(dialog.getByRole('textbox', { name: 'What would you like to share with the team?' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

test('/atom shows the suggest overlay over the feed and Escape closes it', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'atom');
  await page.goto('/atom');
  const dialog = page.getByRole('dialog', { name: 'Suggest content' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send suggestion' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('/atom needs a session', async ({ page }) => {
  await page.goto('/atom');
  await expect(page).toHaveURL(/\/sign-in/);
});
