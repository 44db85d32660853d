import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { EMAIL_OPTION } from './support/sign-in.ts';
import { FRESH_PASSWORD, signUpFreshUser } from './support/fresh-user.ts';

test('the embedded sign-in offers the branded options, and every way in comes back to it', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'embed');
  await page.goto('/sign-in-embed');
  const email = page.getByRole('link', { name: EMAIL_OPTION });
  await expect(email).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await email.click();
  await expect(page).toHaveURL(/\/sign-in\/email\?next=%2Fsign-in-embed$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FRESH_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/sign-in-embed$/);
  await expect(page.getByText('You are signed in. You can close this window.')).toBeVisible();
});

test('opened as a popup, the embedded sign-in hands its opener the session and closes', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'embedpopup');
  await page.goto('/sign-in/email');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(FRESH_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);

  const popupClosed = page.waitForEvent('popup').then((popup) => popup.waitForEvent('close'));
  const message = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.origin === window.location.origin) resolve(event.data);
        });
        window.open('/sign-in-embed', 'chorus-embed', 'width=480,height=640');
      }),
  );
  expect(message).toMatchObject({ type: 'chorus:sign-in-finished', token: expect.stringMatching(/^[\w-]{43}$/), user_id: expect.any(Number) });
  await popupClosed;
  // The handed-over token is this browser's live session.
  const token = (message as { token: string }).token;
  const status = await page.evaluate(async (t) => (await fetch('/api/v1/config/info', { headers: { 'X-AUTH-TOKEN': t } })).status, token);
  expect(status).toBe(200);
});
