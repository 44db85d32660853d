import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { ACME_USER_STATE } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed } from './support/sign-in.ts';

test.describe('signed out', () => {
  test('the sign-in page has no WCAG 2 A/AA violations', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('the e-mail sign-in page has no WCAG 2 A/AA violations', async ({ page }) => {
    await page.goto('/sign-in/email');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
});

test.describe('signed in', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('the feed has no WCAG 2 A/AA violations', async ({ page }) => {
    await page.goto('/');
    await expectFeed(page);
    expect(await wcagViolations(page)).toEqual([]);
  });
});
