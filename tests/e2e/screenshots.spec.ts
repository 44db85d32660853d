import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE } from './support/demo.ts';
import { signInFreshUser, signUpFreshUser } from './support/fresh-user.ts';
import { SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, expectNoHorizontalOverflow, openScreen } from './support/screens.ts';
import { companyOrigin } from './support/demo.ts';

/**
 * Screenshots of every built screen at a phone (375 px) and a desktop (1280 px) width, in the
 * light and the dark theme (the web app follows the system's colour scheme), attached to the
 * report and written to the output folder, for a person to look over. Each also checks that
 * the screen does not scroll sideways and is drawn in the asked-for scheme.
 */
const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page, name);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The page is painted in the scheme asked for (dark: a dark background behind the app). */
async function expectScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const luminance = await page.evaluate(() => {
    const colour = getComputedStyle(document.querySelector('[data-color-scheme]') ?? document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (/\d+/g.exec(colour) ? colour.match(/\d+/g) ?? [] : []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
  if (scheme === 'dark') expect(luminance).toBeLessThan(0.3);
  else expect(luminance).toBeGreaterThan(0.7);
}

for (const size of SIZES) {
  for (const scheme of SCHEMES) {
    const label = `${size.label}-${scheme}`;
    test.describe(`screenshots ${label}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: scheme });

      test.describe('signed in', () => {
        test.use({ storageState: ACME_USER_STATE });

        test('library, settings, privacy and admin screens', async ({ page }, testInfo) => {
          // Eleven screens and their lazy chunks on a shared two-core machine.
          test.setTimeout(300_000);
          for (const screen of SIGNED_IN_SCREENS) {
            await openScreen(page, screen);
            await expectScheme(page, scheme);
            await capture(page, testInfo, `${label}-${screen.name}`);
          }
          // The topics dropdown (phones: the menu drawer, which holds the topics).
          await openScreen(page, SIGNED_IN_SCREENS[0] ?? { name: 'feed', path: '/', heading: 'Your feed' });
          if (size.width <= 654) {
            await page.getByRole('button', { name: 'Menu' }).click();
            await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
            await capture(page, testInfo, `${label}-menu`);
            await page.getByRole('button', { name: 'Close menu' }).click();
            await page.getByRole('button', { name: 'Search', exact: true }).click();
            await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused();
            await capture(page, testInfo, `${label}-search-open`);
            await page.getByRole('button', { name: 'Close search' }).click();
          } else {
            await page.getByRole('banner').getByRole('button', { name: 'Topics' }).click();
            await expect(page.getByRole('dialog', { name: 'Your topics' })).toBeVisible();
            await capture(page, testInfo, `${label}-topics-dropdown`);
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: /^Account menu for/ }).click();
            await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
            await capture(page, testInfo, `${label}-user-menu`);
            await page.keyboard.press('Escape');
          }
          // The post modal.
          const postId = await page.getByRole('article').first().getAttribute('data-post-id');
          await page.goto(`/post/${postId ?? ''}`);
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await capture(page, testInfo, `${label}-post`);
        });
      });

      test('sign-in screens', async ({ page }, testInfo) => {
        for (const screen of SIGNED_OUT_SCREENS) {
          await openScreen(page, screen);
          await expectScheme(page, scheme);
          await capture(page, testInfo, `${label}-${screen.name}`);
        }
      });

      test('onboarding', async ({ page, baseURL }, testInfo) => {
        const user = await signUpFreshUser(companyOrigin(baseURL, 'acme'), `shots-${label}`);
        await signInFreshUser(page, user);
        await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
        // The feed stays on screen until onboarding's chunk has loaded: wait for onboarding itself.
        await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Corporation' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await capture(page, testInfo, `${label}-onboarding`);
      });
    });
  }
}
