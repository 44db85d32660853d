/**
 * The SSO landing page (/sign-in/sso) when the exchange fails, and the SAML sign-out codes.
 * Successful exchanges (navigate, popup, iframe) run through a real IdP in saml-sign-in.spec.ts.
 */
import { expect, test } from './support/fixtures.ts';

test('an unknown exchange token shows Invalid link on the error view', async ({ page }) => {
  await page.goto('/sign-in/sso?encrypted_token=not-a-token');
  await expect(page).toHaveURL(/\/error\?reason=invalid_link$/);
  await expect(page.getByRole('heading', { name: 'Error Signing-In' })).toBeVisible();
  await expect(page.getByText('Invalid link')).toBeVisible();
  await page.getByRole('link', { name: 'Back To Login' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a missing exchange token shows Invalid link', async ({ page }) => {
  await page.goto('/sign-in/sso');
  await expect(page.getByText('Invalid link')).toBeVisible();
});

test('sign-in shows SAML sign-out success (311) as a toast', async ({ page }) => {
  await page.goto('/sign-in?code=311');
  await expect(page.getByRole('listitem').filter({ hasText: 'You have been signed out of SSO.' })).toBeVisible();
});

test('sign-in shows a SAML sign-out error (313) as a toast', async ({ page }) => {
  await page.goto('/sign-in?code=313');
  await expect(page.getByRole('listitem').filter({ hasText: 'Signing out of SSO did not work. Please try again.' })).toBeVisible();
});
