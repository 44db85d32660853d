import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding, type FreshUser } from './support/fresh-user.ts';
import { signInWithEmail } from './support/sign-in.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

/** Signs a fresh user in (past onboarding's redirect) and opens /settings. */
async function openSettings(page: Page, user: FreshUser, path = '/settings'): Promise<void> {
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeVisible();
}

/** A PNG of the given size, made at test time. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

test('the settings page is reached from the user menu and has no WCAG 2 A/AA violations', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-axe');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await openMenu(page, page.getByRole('button', { name: `Account menu for ${user.firstName} Person` }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'My Settings' }));
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Personal', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Email notifications' }).getByRole('checkbox')).toHaveCount(6);
  await expect(page.getByRole('group', { name: 'Push notifications' }).getByRole('checkbox')).toHaveCount(6);
  await expect(page.locator('#application-timezone').getByRole('combobox', { name: 'Time zone' })).toHaveValue(/US\/Eastern|America\/New_York/);
  expect(await wcagViolations(page)).toEqual([]);
  await page.locator('#auth').getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('names are required, and saved names persist', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-names');
  await openSettings(page, user);
  const first = page.getByRole('textbox', { name: 'First name' });
  const last = page.getByRole('textbox', { name: 'Last name' });
  await expect(first).toHaveValue(user.firstName);

  await first.fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Please fill all required data')).toBeVisible();
  await expect(page.getByText('Please enter your first name')).toBeVisible();

  await first.fill('Grace');
  await last.fill('Hopper');
  await page.getByRole('group', { name: 'Email notifications' }).getByRole('checkbox', { name: 'Someone likes a post' }).uncheck();
  await page.getByRole('switch', { name: 'Company newsletters' }).uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Your settings have been saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Grace');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Hopper');
  await expect(page.getByRole('group', { name: 'Email notifications' }).getByRole('checkbox', { name: 'Someone likes a post' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Push notifications' }).getByRole('checkbox', { name: 'Someone likes a post' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Company newsletters' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
});

test('AI consent needs a job title and goal', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-ai');
  await openSettings(page, user);
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Use AI to help me write captions' }).check();
  await page.getByRole('textbox', { name: 'Job title' }).fill('Engineer');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const aiToast = page.getByRole('listitem', { name: 'Invalid AI Settings' });
  await expect(aiToast).toHaveAccessibleDescription('You need to fill out your job title and goal before you can use the AI feature');

  await page.getByRole('textbox', { name: 'Goal' }).fill('Share our launches');
  await page.getByRole('combobox', { name: 'Default tone' }).click();
  await page.getByRole('option', { name: 'Witty' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Your settings have been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Use AI to help me write captions' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Goal' })).toHaveValue('Share our launches');
  await expect(page.getByRole('combobox', { name: 'Default tone' })).toHaveText('Witty');
});

test('changing the password keeps the user signed in, and the new password signs in', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-password');
  await openSettings(page, user, '/settings#auth');
  await page.locator('#auth').getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });

  await dialog.getByRole('textbox', { name: 'Current password', exact: true }).fill('Wrong!pass99');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('Better!pass2027');
  await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Better!pass2027');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Incorrect password. Please enter correct password.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Current password', exact: true }).fill(FRESH_PASSWORD);
  await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Better!pass2028');
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Better!pass2027');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Your password has been changed')).toBeVisible();

  // The rotated session token was kept: the page still works after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInWithEmail(page, user.email, FRESH_PASSWORD);
  await expect(page.getByRole('listitem', { name: 'Authentication problem' })).toHaveAccessibleDescription('Wrong username or password.');
  await page.goto('/sign-in');
  await signInWithEmail(page, user.email, 'Better!pass2027');
  await expect(page).toHaveURL(/\/onboarding/);
});

test('a profile picture is checked, previewed, uploaded, shown and deleted', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-avatar');
  await openSettings(page, user);
  const fileInput = page.getByLabel('Profile picture file');

  await fileInput.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await png(100, 100) });
  await expect(page.getByRole('alert').filter({ hasText: "That image size isn't supported. Please use an image between 150x150 and 600x800 pixels." })).toBeVisible();
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'That file type is not supported. Please use a .jpg or .png' })).toBeVisible();
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await png(700, 900) });
  await expect(page.getByRole('alert').filter({ hasText: "That image size isn't supported. Please use an image between 150x150 and 600x800 pixels." })).toBeVisible();
  // A picture of a fine size that weighs more than 4 MB (a PNG followed by padding).
  const heavy = Buffer.concat([await png(300, 300), Buffer.alloc(4 * 1024 * 1024)]);
  await fileInput.setInputFiles({ name: 'heavy.png', mimeType: 'image/png', buffer: heavy });
  await expect(page.getByRole('alert').filter({ hasText: 'That file is too large, do not use a file larger than 4 Megabytes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save picture' })).toHaveCount(0);

  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(300, 300) });
  await expect(page.getByRole('img', { name: 'Preview of the new profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Save picture' }).click();
  await expect(toast(page, 'Your profile picture has been saved')).toBeVisible();
  const picture = page.getByRole('img', { name: 'Your profile picture' });
  await expect(picture).toHaveAttribute('src', /\/api\/v1\/user\/\d+\/avatar\?original=1&v=[0-9a-f]{32}$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

  await page.reload();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete picture' }).click();
  await expect(toast(page, 'Your profile picture has been deleted')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete picture' })).toHaveCount(0);
});

/** Each locale as the language picker names it, and text of the settings screen in it. */
const LOCALES = [
  { code: 'es-ES', option: 'Español (España)', label: 'Idioma', title: 'Mi configuración', save: 'Guardar configuración', home: 'Inicio' },
  { code: 'fr-CA', option: 'Français (Canada)', label: 'Langue', title: 'Mes paramètres', save: 'Enregistrer les paramètres', home: 'Accueil' },
  { code: 'de-DE', option: 'Deutsch (Deutschland)', label: 'Sprache', title: 'Meine Einstellungen', save: 'Einstellungen speichern', home: 'Startseite' },
  { code: 'en-US', option: 'English (United States)', label: 'Language', title: 'My Settings', save: 'Save Settings', home: 'Home' },
] as const;

test('switching the language to each locale changes the whole interface without a reload, and it stays', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-language');
  await openSettings(page, user);
  // A marker on the window survives only while the document is the same one.
  await page.evaluate(() => Object.assign(window, { settingsMarker: 'same-document' }));
  let label = 'Language';
  for (const locale of LOCALES) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: locale.option }).click();
    await expect(page.getByRole('heading', { name: locale.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: locale.save })).toBeVisible();
    await expect(page.getByRole('link', { name: locale.home })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale.code);
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe(locale.code);
    label = locale.label;
  }
  expect(await page.evaluate(() => (window as unknown as { settingsMarker?: string }).settingsMarker)).toBe('same-document');

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Deutsch (Deutschland)' }).click();
  await expect(page.getByRole('heading', { name: 'Meine Einstellungen', level: 1 })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('de-DE');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(59 * 24 * 60 * 60 * 1000);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meine Einstellungen', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).click();
  await page.getByRole('option', { name: 'English (United States)' }).click();
  await expect(page.getByRole('heading', { name: 'My Settings', level: 1 })).toBeVisible();
});

test('the network parameter scrolls to that network’s section', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settings-scroll');
  await page.setViewportSize({ width: 1000, height: 500 });
  await openSettings(page, user, '/settings?network=linkedin&type_id=3');
  await expect(page.locator('#social-linkedin')).toBeInViewport();
});
