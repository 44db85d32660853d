import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE, companyOrigin } from './support/demo.ts';
import { signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';
import { postAsSite, waitForMail } from './support/outbox.ts';

// Only this spec uses these demo users, so signing in cannot upset others. The password reset
// happens to a user of its own, since other specs sign the demo users in with the demo password.
const MAGIC_USER = 'user@acme.example';
const MULTI_USER = 'multi@acme.example';
const NEW_PASSWORD = 'Reset!pass2026';

/** The outbox keeps `created` at database precision; a little slack keeps clocks from mattering. */
function now(): string {
  return new Date(Date.now() - 1000).toISOString();
}

test('forgot password mails a recovery link that resets the password once', async ({ page, baseURL }) => {
  const RESET_USER = (await signUpFreshUser(companyOrigin(baseURL, 'acme'), 'reset')).email;
  const since = now();
  await page.goto('/sign-in/email');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Recovery Link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(RESET_USER);
  await page.getByRole('button', { name: 'Send Recovery Link' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'We have sent a restore password link to your email address' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/email$/);

  const mail = await waitForMail(baseURL, 'recovery', RESET_USER, since);
  expect(mail.subject).toBe('Reset your password');
  const link = mail.links[0] ?? '';
  expect(link).toMatch(new RegExp(`^${companyOrigin(baseURL, 'acme')}/sign-in/email/reset\\?recover_code=[A-Za-z0-9_-]{43}$`));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(`${NEW_PASSWORD}x`);
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Your password has been successfully reset. Please use it to login' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/email$/);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(RESET_USER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await skipOnboarding(page);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Password code error' })).toBeVisible();
  await expect(page.getByText('Password code appears to be incorrect. Please contact your system administrator')).toBeVisible();
});

test('a magic link from the email sign-in page signs in once, then says it was used', async ({ page, baseURL }) => {
  const since = now();
  await page.goto('/sign-in/email');
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Email me a sign-in link' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(MAGIC_USER);
  await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' })).toBeVisible();

  const mail = await waitForMail(baseURL, 'magic-link', MAGIC_USER, since);
  const link = mail.links[0] ?? '';
  expect(link).toMatch(new RegExp(`^${companyOrigin(baseURL, 'acme')}/sign-up/email\\?code=[A-Za-z0-9_-]{43}&type=1$`));

  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign-in link already used' })).toBeVisible();
  await expect(page.getByText('This sign-in link has already been used.')).toBeVisible();
});

test.describe('signed in as someone else', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('a magic link asks before switching accounts, and Stay keeps the session', async ({ page, baseURL }) => {
    const origin = companyOrigin(baseURL, 'acme');
    const other = await signUpFreshUser(origin, 'magic-switch');
    const link = async () => {
      const since = now();
      expect(await postAsSite(origin, '/api/v1/auth/email/magic-link', { username: other.email })).toBe(200);
      return (await waitForMail(baseURL, 'magic-link', other.email, since)).links[0] ?? '';
    };
    const first = await link();
    await page.goto(first);
    const prompt = page.getByRole('alertdialog', { name: 'Switch accounts?' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText(`You are signed in as user@acme.example. This link signs in ${other.email}.`)).toBeVisible();
    await prompt.getByRole('link', { name: 'Stay signed in as user@acme.example' }).click();
    await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();

    // The same link is still usable: Continue signs the other person in.
    await page.goto(first);
    await page.getByRole('alertdialog', { name: 'Switch accounts?' }).getByRole('button', { name: `Continue as ${other.email}` }).click();
    // The new person has not been through onboarding (the demo user has): it opens for them.
    await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Corporation' })).toBeVisible();
  });
});

test('an unknown magic link shows the sign-in link error and a way to get a new one', async ({ page }) => {
  await page.goto('/sign-up/email?code=not-a-code&type=1');
  await expect(page.getByRole('heading', { name: 'Sign-in link error' })).toBeVisible();
  await page.getByRole('link', { name: 'Email me a new sign-in link' }).click();
  await expect(page).toHaveURL(/\/sign-in\/email\/link$/);
});

test('an expired magic link shows the 24-hour expiry message', async ({ page }) => {
  // Expiry needs 24 hours or database access; the server's 426 is covered by the integration
  // test, and here its answer is replayed to check the page that shows it.
  await page.route(
    (url) => url.pathname === '/api/v1/auth/email/magic-link',
    (route) => route.fulfill({ status: 410, contentType: 'application/json', body: JSON.stringify({ error: 426, message: 'expired' }) }),
  );
  await page.goto('/sign-up/email?code=expired&type=1');
  await expect(page.getByRole('heading', { name: 'Sign-in link expired' })).toBeVisible();
  await expect(page.getByText('Magic sign-in links will expire after 24 hours. Please request a new one.')).toBeVisible();
});

test('find your team on the app host mails the links of every company and shows Check Your Email', async ({ page, baseURL }) => {
  const since = now();
  await page.goto(`${companyOrigin(baseURL, 'app')}/sign-in`);
  await expect(page).toHaveURL(/\/assist-login$/);
  await expect(page.getByRole('heading', { name: "Let's Find Your Team" })).toBeVisible();
  await page.getByRole('button', { name: 'Find My Team' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Work email' }).fill('not an address');
  await page.getByRole('button', { name: 'Find My Team' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Work email' }).fill(MULTI_USER);
  await page.getByRole('button', { name: 'Find My Team' }).click();

  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(`If ${MULTI_USER} belongs to a team`)).toBeVisible();
  await expect(page.getByText('The email should arrive within 15 minutes. If it does not, check your spam folder.')).toBeVisible();

  const mail = await waitForMail(baseURL, 'find-your-team', MULTI_USER, since);
  expect(mail.links).toEqual([`${companyOrigin(baseURL, 'acme')}/sign-in`, `${companyOrigin(baseURL, 'globex')}/sign-in`]);

  await page.getByRole('link', { name: 'Back To Login' }).click();
  await expect(page).toHaveURL(/\/sign-in\?no_assisted_login=1$/);
});

test('recovery and sign-in link requests answer the same for an unknown address', async ({ baseURL }) => {
  const acme = companyOrigin(baseURL, 'acme');
  expect(await postAsSite(acme, '/api/v1/auth/recover', { username: 'nobody@acme.example' })).toBe(200);
  expect(await postAsSite(acme, '/api/v1/auth/email/magic-link', { username: 'nobody@acme.example' })).toBe(200);
  expect(await postAsSite(companyOrigin(baseURL, 'app'), '/api/v1/auth/login-assistance', { email: 'nobody@acme.example' })).toBe(200);
});
