import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE, DEMO_USERS, companyOrigin } from './support/demo.ts';
import { CompanyApi } from './support/api.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';
import { SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, openScreen } from './support/screens.ts';

/**
 * Every built screen fits a phone (375 px) and a desktop (1280 px) window without scrolling
 * sideways, in the light and the dark theme (the web app follows the system's colour scheme).
 * Each screen is opened once and then looked at in all four views (the window resized, the
 * scheme switched), which is what the screenshot gallery (`npm run screenshots`,
 * tests/gallery) checks on its way, at a quarter of its page loads.
 */
const SIZES = [
  { label: 'phone', width: 375, height: 812 },
  { label: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;
type Size = (typeof SIZES)[number];

/** The page's content width and window width. */
function widths(page: Page) {
  return page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }));
}

/** The relative luminance of the app's background. */
function luminance(page: Page) {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.querySelector('[data-color-scheme]') ?? document.body).backgroundColor;
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
}

/** In one view: no sideways scroll, and painted in the scheme asked for (waits for the re-render). */
async function expectFits(page: Page, what: string, size: Size, scheme: 'light' | 'dark'): Promise<void> {
  const name = `${what} (${size.label}, ${scheme})`;
  await expect.poll(async () => { const w = await widths(page); return w.scroll <= w.inner; }, { message: `${name}: no sideways scroll` }).toBe(true);
  if (scheme === 'dark') await expect.poll(() => luminance(page), { message: `${name}: dark background` }).toBeLessThan(0.3);
  else await expect.poll(() => luminance(page), { message: `${name}: light background` }).toBeGreaterThan(0.7);
}

/** Resizes the window only when it changes (a resize closes open menus and drawers). */
async function resize(page: Page, size: Size): Promise<void> {
  const current = page.viewportSize();
  if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize({ width: size.width, height: size.height });
}

/**
 * The screen on display in the views of `sizes` (all four by default), in the light scheme at
 * the end; the window is left at the last size, so an open menu stays open.
 */
async function expectEveryView(page: Page, what: string, sizes: readonly Size[] = SIZES): Promise<void> {
  for (const size of sizes) {
    await resize(page, size);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectFits(page, what, size, scheme);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.use({ viewport: { width: SIZES[0].width, height: SIZES[0].height }, colorScheme: 'light' });

test.describe('signed in', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('library, settings, privacy and admin screens, the menus and the post dialog', async ({ page }) => {
    test.setTimeout(240_000);
    for (const screen of SIGNED_IN_SCREENS) {
      await resize(page, SIZES[0]);
      await openScreen(page, screen);
      await expectEveryView(page, screen.name);
    }
    await resize(page, SIZES[0]);
    const feed = SIGNED_IN_SCREENS[0] ?? { name: 'feed', path: '/', heading: 'Your feed' };
    await openScreen(page, feed);
    // The menus, opened in each scheme (switching the scheme draws the app afresh, which closes
    // them). Phones: the menu drawer (which holds the topics) and the open search.
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectFits(page, 'menu', SIZES[0], scheme);
      await page.getByRole('button', { name: 'Close menu' }).click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused();
      await expectFits(page, 'search open', SIZES[0], scheme);
      await page.getByRole('button', { name: 'Close search' }).click();
    }
    // Desktops: the topics dropdown and the user menu.
    await resize(page, SIZES[1]);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('banner').getByRole('button', { name: 'Topics' }).click();
      await expect(page.getByRole('dialog', { name: 'Your topics' })).toBeVisible();
      await expectFits(page, 'topics dropdown', SIZES[1], scheme);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
      await expectFits(page, 'user menu', SIZES[1], scheme);
      await page.keyboard.press('Escape');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // The post dialog.
    const postId = await page.getByRole('article').first().getAttribute('data-post-id');
    await page.goto(`/post/${postId ?? ''}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectEveryView(page, 'post dialog');
  });
});

test('My Shares with a pushed edit, the share dialog, queue settings and the app banner', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const origin = companyOrigin(baseURL, 'acme');
  const user = await signUpFreshUser(origin, 'fit-shares');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  // Phones: the smart app banner above the top bar.
  await expect(page.getByRole('region', { name: 'Chorus mobile app' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectEveryView(page, 'app banner', [SIZES[0]]);

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
  await expectEveryView(page, 'my shares');
  await openScreen(page, { name: 'my-shares-queued', path: '/my-shares?type_id=queued', heading: 'My Shares' });
  await expect(page.getByText('Your admin suggested an edit')).toBeVisible();
  await expectEveryView(page, 'my shares, queued');
  const filter = page.getByRole('combobox', { name: 'Network' });
  await filter.focus();
  await filter.scrollIntoViewIfNeeded();
  await expectEveryView(page, 'my shares, network filter');

  // The share dialog: share now, then the schedule picker.
  await page.goto(`/post/${toShare.id}?type_id=1&network=facebook`);
  const modal = page.getByRole('dialog', { name: 'Share post' });
  await expect(modal.getByRole('tab', { name: 'FACEBOOK', selected: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Share Now' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectEveryView(page, 'share dialog');
  await modal.getByRole('button', { name: 'Select Date and Time' }).click();
  await page.waitForLoadState('networkidle');
  await expectEveryView(page, 'share dialog, schedule');
  await page.keyboard.press('Escape');

  // Settings, scrolled to the queue section.
  await openScreen(page, { name: 'settings', path: '/settings', heading: 'My Settings' });
  await page.getByRole('heading', { name: /queue/i }).first().scrollIntoViewIfNeeded();
  await expectEveryView(page, 'settings, queue');
});

test('the admin landing of an admin', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, 'admin@acme.example');
  await expectFeed(page, 1);
  await openScreen(page, { name: 'admin', path: '/admin', heading: 'Admin view' });
  await expect(page.getByRole('heading', { name: 'Deletion requests' })).toBeVisible();
  await expectEveryView(page, 'admin landing');
});

test('sign-in screens', async ({ page }) => {
  for (const screen of SIGNED_OUT_SCREENS) {
    await resize(page, SIZES[0]);
    await openScreen(page, screen);
    await expectEveryView(page, screen.name);
  }
});

test('onboarding', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(companyOrigin(baseURL, 'acme'), 'fit-onboarding');
  await signInFreshUser(page, user);
  await expect(page).toHaveURL(/\/onboarding\?slide=1$/);
  // The feed stays on screen until onboarding's chunk has loaded: wait for onboarding itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Acme Corporation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectEveryView(page, 'onboarding');
});
