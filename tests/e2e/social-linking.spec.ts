import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

test('a new user links LinkedIn through the sandbox consent, picks a company page and unlinks', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'linker');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);

  const card = page.getByRole('region', { name: 'LinkedIn' });
  await expect(card.getByText('Not linked')).toBeVisible();
  await card.getByRole('button', { name: 'Link LinkedIn' }).click();

  await expect(page.getByRole('heading', { name: 'Link your LinkedIn account (sandbox)' })).toBeVisible();
  await expect(page.getByText('Acme Corporation asks to share posts to LinkedIn on your behalf.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Fresh on LinkedIn');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
  await expect(card.getByText('Linked as Fresh on LinkedIn')).toBeVisible();
  await expect(card.getByText('Posting as your personal account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeEnabled();
  expect(await wcagViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Choose a LinkedIn company page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post to LinkedIn as' });
  await expect(dialog.getByRole('radio', { name: 'Use my personal account' })).toBeChecked();
  expect(await wcagViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Acme Corporation Careers' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Posting as Acme Corporation Careers')).toBeVisible();

  await card.getByRole('button', { name: 'Choose a LinkedIn company page' }).click();
  await expect(dialog.getByRole('radio', { name: 'Acme Corporation Careers' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Use my personal account' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Posting as your personal account')).toBeVisible();

  const networks = await page.evaluate(async () => (await fetch('/api/v1/social/networks')).text());
  expect(networks).toContain('Fresh on LinkedIn');
  expect(networks).not.toContain('sandbox-');

  // Unlinking asks first.
  await card.getByRole('button', { name: 'Unlink LinkedIn' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unlink LinkedIn?' });
  await expect(ask).toContainText('until you link it again');
  await ask.getByRole('button', { name: 'Unlink LinkedIn' }).click();
  await expect(card.getByText('Not linked')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'LinkedIn was unlinked.' })).toBeVisible();
});

test('denying consent comes back with a notice and links nothing', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'denier');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);

  const card = page.getByRole('region', { name: 'Twitter' });
  await card.getByRole('button', { name: 'Link Twitter' }).click();
  await expect(page.getByRole('heading', { name: 'Link your Twitter account (sandbox)' })).toBeVisible();
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
  await expect(page.getByText('Linking was cancelled.', { exact: true })).toBeVisible();
  await expect(card.getByText('Not linked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeDisabled();
});

test('from /settings a new user links LinkedIn and returns to its section', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'settingslinker');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await page.goto('/settings');

  const card = page.locator('#social-linkedin');
  // The settings screen and its translations load on demand.
  await expect(card.getByText('Not linked')).toBeVisible();
  await card.getByRole('button', { name: 'Link LinkedIn' }).click();
  await expect(page.getByRole('heading', { name: 'Link your LinkedIn account (sandbox)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Settings Linker');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/settings\?network=linkedin$/);
  await expect(card.getByText('Linked as Settings Linker')).toBeVisible();
  await expect(card).toBeInViewport();
  expect(await wcagViolations(page)).toEqual([]);
});

test('queue settings: add a time, delete every time (auto queue turns off), weekdays, saved with the form', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'queuer');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await page.goto('/settings');

  const queue = page.locator('#queue-linkedin');
  await expect(queue.getByRole('heading', { name: 'LinkedIn queue' })).toBeVisible();
  const autoQueue = queue.getByRole('switch', { name: 'Auto queue for LinkedIn' });
  await autoQueue.check();
  await expect(autoQueue).toBeChecked();
  // The default time is 09:15 AM.
  await expect(queue.getByRole('combobox', { name: 'Hour of time 1' })).toHaveValue('09');
  await expect(queue.getByRole('combobox', { name: 'Minute of time 1' })).toHaveValue('15');
  await expect(queue.getByRole('combobox', { name: 'AM or PM of time 1' })).toHaveValue('0');

  await queue.getByRole('button', { name: 'Add time to LinkedIn queue' }).click();
  const hour = queue.getByRole('combobox', { name: 'Hour of time 2' });
  await expect(hour).toHaveValue(/^(0[1-9]|1[0-2])$/);
  await expect(queue.getByRole('combobox', { name: 'Minute of time 2' })).toHaveValue(/^(1|15|30|45)$/);
  await hour.selectOption('12');
  await queue.getByRole('combobox', { name: 'AM or PM of time 2' }).selectOption({ label: 'PM' });

  await queue.getByRole('button', { name: 'Delete time 1 of LinkedIn queue' }).click();
  await expect(autoQueue).toBeChecked();
  await expect(queue.getByRole('combobox', { name: 'Hour of time 1' })).toHaveValue('12');
  await queue.getByRole('button', { name: 'Delete time 1 of LinkedIn queue' }).click();
  await expect(queue.getByText('No queue times yet.')).toBeVisible();
  await expect(autoQueue).not.toBeChecked();

  await queue.getByRole('button', { name: 'Add time to LinkedIn queue' }).click();
  await queue.getByRole('checkbox', { name: 'Sunday' }).check();
  await queue.getByRole('checkbox', { name: 'Monday' }).uncheck();
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Your settings have been saved' })).toBeVisible();
  const saved = await page.evaluate(async () => {
    const id = (JSON.parse(localStorage.getItem('chorus.session') ?? '{}') as { userId?: number }).userId;
    return (await (await fetch(`/api/v1/user/${id}`)).json()) as { user_settings: { post_queue: { linkedin: unknown } } };
  });
  expect(saved.user_settings.post_queue.linkedin).toMatchObject({
    auto_queue_enabled: false,
    post_queue_weekday: { su: true, mo: false, tu: true },
  });
});
