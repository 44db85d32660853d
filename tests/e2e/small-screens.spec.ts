import type { Locator, Page } from '@playwright/test';
import { animationsSettled } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE, companyOrigin } from './support/demo.ts';
import { MOBILE_MAX_WIDTH, SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, WIDTHS, expectNoHorizontalOverflow, openScreen, type SignedInScreen } from './support/screens.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

/** Feature toggles of the signed-in company, as the app reads them. */
async function toggles(page: Page): Promise<{ notifications_enabled: boolean; featured_posts: boolean }> {
  // In the page: Node (the test's own requests) does not resolve *.localhost.
  const config = await page.evaluate(async () => {
    const response = await fetch('/api/v1/config/info', { credentials: 'same-origin' });
    return (await response.json()) as { feature_toggles: { notifications_enabled: boolean; featured_posts: boolean } };
  });
  return config.feature_toggles;
}

/** The element lies inside the window (it can be seen and touched without scrolling sideways). */
async function expectInsideWindow(locator: Locator, width: number): Promise<void> {
  await expect(locator).toBeVisible();
  // A menu drawer slides in, and a menu grows from its button: measure where it comes to rest
  // (a loaded run measured a drawer link 16 px past the window's edge mid-slide).
  await animationsSettled(locator.page());
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  if (box === null) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  // Touch targets of at least 24 px (WCAG 2.2 target size, Lighthouse's target-size audit).
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
}

/**
 * Opens each screen once and checks it at every width, resizing the window between checks: a
 * page load per screen and width cost five times the time for the same assertions. Each screen
 * loads at a different one of the widths (so every width is also checked on a fresh load, not
 * only after a resize), and each check waits for the layout of the new width to settle.
 */
async function expectEveryWidth(page: Page, screens: readonly SignedInScreen[], check?: (width: number) => Promise<void>): Promise<void> {
  for (const [index, screen] of screens.entries()) {
    const first = index % WIDTHS.length;
    const order = [...WIDTHS.slice(first), ...WIDTHS.slice(0, first)];
    await page.setViewportSize({ width: order[0] ?? 320, height: 800 });
    await openScreen(page, screen);
    for (const width of order) {
      await resizeTo(page, width);
      await expectNoHorizontalOverflow(page, `${screen.name} at ${width} px`);
      await check?.(width);
    }
  }
}

/** Resizes the window and waits until the page has laid out for it (two frames after the resize). */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('signed in', () => {
  test.use({ storageState: ACME_USER_STATE });

  test(`no screen scrolls sideways, at ${WIDTHS.join(', ')} px`, async ({ page }) => {
    // Eight screens and the post modal, each with its lazy chunks, on a shared two-core machine.
    test.setTimeout(300_000);
    await expectEveryWidth(page, SIGNED_IN_SCREENS);
    // The post modal over the feed: a full-screen sheet on phones.
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await openScreen(page, SIGNED_IN_SCREENS[0] ?? { name: 'feed', path: '/', heading: 'Your feed' });
    const postId = await page.getByRole('article').first().getAttribute('data-post-id');
    await page.goto(`/post/${postId ?? ''}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const width of WIDTHS) {
      await resizeTo(page, width);
      await expectNoHorizontalOverflow(page, `post modal at ${width} px`);
      // The window less a classic scrollbar or the gutter the open dialog keeps for it: the sheet fills what can be seen.
      const visible = await page.evaluate(() => {
        const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'position:fixed;left:0;right:0;top:0;height:1px' }));
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width;
      });
      // The surface opens with a motion that grows it from 85% of its size (a loaded run measured
      // 556 px of 654): measure once its animations have finished.
      await animationsSettled(page);
      const box = await dialog.boundingBox();
      expect(box?.width ?? 0, `post modal at ${width} px`).toBeLessThanOrEqual(visible);
      if (width <= MOBILE_MAX_WIDTH) expect(box?.width ?? 0, `post modal at ${width} px`).toBeGreaterThanOrEqual(visible - 1);
    }
  });
});

test(`signed-out screens do not scroll sideways, at ${WIDTHS.join(', ')} px`, async ({ page }) => {
  await expectEveryWidth(page, SIGNED_OUT_SCREENS);
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every top-bar action is reachable', async ({ page, baseURL }) => {
      await (await page.context().newCDPSession(page)).send('Animation.setPlaybackRate', { playbackRate: 0.1 });
      await page.goto('/sign-in');
      await signInWithEmail(page, 'multi@acme.example');
      await expectFeed(page, 1);
      const { notifications_enabled, featured_posts } = await toggles(page);
      await expectNoHorizontalOverflow(page, 'feed of a person in two companies');
      const banner = page.getByRole('banner');
      const accountEntries = ['Manage Topics', 'My Settings', 'Privacy', 'Sign Out'];
      if (notifications_enabled) accountEntries.push('Bookmarks');
      if (featured_posts) accountEntries.push('Featured');

      if (width <= MOBILE_MAX_WIDTH) {
        await expect(banner.getByRole('link', { name: 'Home' })).toBeHidden();
        await page.getByRole('button', { name: 'Menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await expect(drawer).toBeVisible();
        for (const link of ['Home', 'Explore', ...accountEntries.filter((entry) => entry !== 'Sign Out')]) {
          await expectInsideWindow(drawer.getByRole('link', { name: link, exact: true }), width);
        }
        for (const button of ['Suggest content', 'Sign Out']) await expectInsideWindow(drawer.getByRole('button', { name: button, exact: true }), width);
        await expectInsideWindow(drawer.getByRole('button', { name: /^Switch company/ }), width);
        // A topic link takes the person there and closes the menu.
        await drawer.getByRole('link', { name: 'Explore', exact: true }).click();
        await expect(page).toHaveURL(/\/topic\/latest$/);
        await expect(drawer).toBeHidden();
        // Search: a button opens the field.
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByRole('searchbox', { name: 'Search posts' }).fill('market');
      } else {
        for (const link of ['Home', 'Explore']) await expectInsideWindow(banner.getByRole('link', { name: link, exact: true }), width);
        await expectInsideWindow(banner.getByRole('button', { name: 'Topics' }), width);
        await expectInsideWindow(banner.getByRole('button', { name: 'Suggest content' }), width);
        await expectInsideWindow(banner.getByRole('button', { name: /^Switch company/ }), width);
        const account = banner.getByRole('button', { name: /^Account menu for/ });
        await expectInsideWindow(account, width);
        await account.click();
        for (const entry of accountEntries) await expectInsideWindow(page.getByRole('menuitem', { name: entry, exact: true }), width);
        await page.keyboard.press('Escape');
        await banner.getByRole('searchbox', { name: 'Search posts' }).fill('market');
      }
      // The spec's 1 s debounce, then /search with the query; the search page's field takes over.
      await expect(page).toHaveURL(/\/search\?query=market$/);
      await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeFocused();
      await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('market');
      expect(new URL(page.url()).origin).toBe(companyOrigin(baseURL, 'acme'));
    });
  });
}

test.describe('the time-zone warning on a phone', () => {
  // A fresh user's saved zone is US/Eastern; the browser is in Tokyo.
  test.use({ viewport: { width: 375, height: 700 }, timezoneId: 'Asia/Tokyo' });

  test('stays compact: the top bar and the warning take under a fifth of the screen', async ({ page, baseURL }, testInfo) => {
    const user = await signUpFreshUser(companyOrigin(baseURL, 'acme'), 'compact-zone');
    await signInFreshUser(page, user);
    await skipOnboarding(page);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('Your computer uses Asia/Tokyo');
    for (const action of ['Go to settings', 'Update', 'Ignore']) await expectInsideWindow(banner.getByRole(action === 'Go to settings' ? 'link' : 'button', { name: action }), 375);
    const box = await banner.boundingBox();
    const path = testInfo.outputPath('phone-timezone-warning.png');
    await page.screenshot({ path });
    await testInfo.attach('phone-timezone-warning', { path, contentType: 'image/png' });
    expect(box?.height ?? 0).toBeLessThanOrEqual(140);
    await expectNoHorizontalOverflow(page, 'feed with the warning');
  });
});
