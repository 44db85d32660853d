import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../e2e/support/fixtures.ts';
import { ACME_USER_STATE } from '../e2e/support/demo.ts';
import { CompanyApi } from '../e2e/support/api.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding } from '../e2e/support/fresh-user.ts';
import { expectFeed, signInWithEmail } from '../e2e/support/sign-in.ts';
import { SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, expectNoHorizontalOverflow, openScreen } from '../e2e/support/screens.ts';
import { DEMO_USERS, companyOrigin } from '../e2e/support/demo.ts';

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

      test('My Shares with a pushed edit, the share dialog, queue settings and the app banner', async ({ page, baseURL }, testInfo) => {
        test.setTimeout(300_000);
        const origin = companyOrigin(baseURL, 'acme');
        const user = await signUpFreshUser(origin, `shots-shares-${label}`);
        await signInFreshUser(page, user);
        await skipOnboarding(page);
        // Phones: the smart app banner above the top bar.
        if (size.width <= 654) {
          await expect(page.getByRole('region', { name: 'Chorus mobile app' })).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => window.scrollTo(0, 0));
          await capture(page, testInfo, `${label}-app-banner`);
        }
        // A queued share that an admin has pushed an edit to.
        const posts = await page.evaluate(async () => {
          const response = await fetch(`/api/v4/post/?results_per_page=100&_=${Date.now()}`);
          return ((await response.json()) as { objects: { id: number; facebook: boolean; url: string | null }[] }).objects;
        });
        const [queued, toShare] = posts.filter((post) => post.facebook && post.url !== null);
        if (!queued || !toShare) throw new Error('the Acme demo library has fewer than two posts open to Facebook');
        const member = await CompanyApi.signIn(origin, user.email, FRESH_PASSWORD);
        const deferred = await member.send('POST', '/api/v4/post/deferred', { network: 2, post: queued.id, time: new Date(Date.now() + 2 * 86_400_000).toISOString(), content: 'Our new office opens next week, come and see it' });
        expect(deferred.status).toBe(200);
        await member.dispose();
        const admin = await CompanyApi.signIn(origin, DEMO_USERS.acmeAdmin);
        const pushed = await admin.send('POST', `/api/v4/admin/post/deferred/${(deferred.body as { id: number }).id}/pushed-edit`, { content: 'Our new office opens on Monday: come and see it', reason: 'Legal review' });
        expect(pushed.status).toBe(200);
        await admin.dispose();

        await openScreen(page, { name: 'my-shares', path: '/my-shares', heading: 'My Shares' });
        await expect(page.getByRole('tab', { name: 'Shared', selected: true })).toBeVisible();
        await expectScheme(page, scheme);
        await capture(page, testInfo, `${label}-my-shares`);
        await openScreen(page, { name: 'my-shares-queued', path: '/my-shares?type_id=queued', heading: 'My Shares' });
        await expect(page.getByText('Your admin suggested an edit')).toBeVisible();
        await capture(page, testInfo, `${label}-my-shares-queued`);
        const filter = page.getByRole('combobox', { name: 'Network' });
        await filter.focus();
        await filter.scrollIntoViewIfNeeded();
        await capture(page, testInfo, `${label}-my-shares-filter`);

        // The share dialog: share now, then the schedule picker.
        await page.goto(`/post/${toShare.id}?type_id=1&network=facebook`);
        const modal = page.getByRole('dialog', { name: 'Share post' });
        await expect(modal.getByRole('tab', { name: 'FACEBOOK', selected: true })).toBeVisible();
        await expect(modal.getByRole('button', { name: 'Share Now' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await capture(page, testInfo, `${label}-share-dialog`);
        await modal.getByRole('button', { name: 'Select Date and Time' }).click();
        await page.waitForLoadState('networkidle');
        await capture(page, testInfo, `${label}-share-schedule`);
        await page.keyboard.press('Escape');

        // Settings, scrolled to the queue section.
        await openScreen(page, { name: 'settings', path: '/settings', heading: 'My Settings' });
        await page.getByRole('heading', { name: /queue/i }).first().scrollIntoViewIfNeeded();
        await capture(page, testInfo, `${label}-settings-queue`);
      });

      test('the admin landing of an admin', async ({ page }, testInfo) => {
        await page.goto('/sign-in');
        await signInWithEmail(page, 'admin@acme.example');
        await expectFeed(page, 1);
        await openScreen(page, { name: 'admin', path: '/admin', heading: 'Admin view' });
        await expect(page.getByRole('heading', { name: 'Deletion requests' })).toBeVisible();
        await expectScheme(page, scheme);
        await capture(page, testInfo, `${label}-admin-landing`);
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
