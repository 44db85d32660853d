import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed } from './support/sign-in.ts';

const WCAG_AA = ['wcag2a', 'wcag2aa'];

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

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
