import { expect, test } from './support/fixtures.ts';
import { lighthouseExtraViolations, wcagViolations } from './support/axe.ts';
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

  // Lighthouse's mobile preset opens the feed 412 px wide, where the top bar has other controls.
  for (const viewport of [null, { width: 412, height: 823 }]) {
    test(`the feed passes the accessibility audits Lighthouse adds: aria-hidden-focus, label-content-name-mismatch, target-size (${viewport === null ? 'desktop' : 'phone'})`, async ({ page }) => {
      if (viewport !== null) await page.setViewportSize(viewport);
      await page.goto('/');
      await expectFeed(page);
      expect(await lighthouseExtraViolations(page)).toEqual([]);
    });
  }
});
