/**
 * Settings: unsaved changes warn on leaving (issue 18). Moving elsewhere in the app asks
 * 'Leave without saving?' (Stay keeps the edit, Leave goes on); closing or reloading the tab
 * gets the browser's own question; nothing asks with no change or once the change is saved.
 */
import type { Page } from '@playwright/test';
import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeVisible();
}

/** Types into the first name, as a person would (the browser only asks on leaving after a real input). */
async function editFirstName(page: Page, text: string): Promise<void> {
  const first = page.getByRole('textbox', { name: 'First name' });
  await first.click();
  await first.press('End');
  await first.pressSequentially(text);
}

test('leaving settings with unsaved changes asks first; no change or a saved change leaves at once', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-leave');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  const explore = page.getByRole('link', { name: 'Explore', exact: true });
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  await openSettings(page);
  await explore.click();
  await expect(page).toHaveURL(/\/topic\/latest$/);
  await expect(question).toHaveCount(0);

  await openSettings(page);
  await editFirstName(page, 'x');
  await explore.click();
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(question.getByRole('button', { name: 'Stay' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(`${user.firstName}x`);

  await explore.click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/topic\/latest$/);
  await expect(question).toHaveCount(0);

  await openSettings(page);
  await expect(page.getByRole('textbox', { name: 'First name' }), 'Leave dropped the edit').toHaveValue(user.firstName);
  await editFirstName(page, 'y');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Your settings have been saved').first()).toBeVisible();
  await explore.click();
  await expect(page).toHaveURL(/\/topic\/latest$/);
  await expect(question).toHaveCount(0);
});

test('closing or reloading the tab with unsaved changes gets the browser question, not without them', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-unload');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });

  await openSettings(page);
  await page.getByRole('textbox', { name: 'First name' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeVisible();
  expect(asked, 'no question without a change').toEqual([]);

  await editFirstName(page, 'z');
  // Dismissing the question keeps the page and the edit.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(`${user.firstName}z`);
});
