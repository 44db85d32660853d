/**
 * The smart app banner (accounts spec 9: "Smart app banner hidden 7 days, reminder 7 days"):
 * on phone widths a compact banner offers to install Chorus (the web app: pwa.spec.ts), in the page's flow (it scrolls away,
 * never covering the feed); closing it hides it for 7 days, across reloads; then it returns.
 * Desktop widths never show it.
 */
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { blockStorage } from './support/blocked-storage.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { pageNow } from './support/page-timing.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

const DAY = 24 * 60 * 60 * 1000;
const BANNER = { name: 'Chorus mobile app' } as const;

test.describe('signed in from the shared state', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('at 375 px the banner offers the app, scrolls away, and stays closed for 7 days', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.clock.install();
    await page.goto('/');
    await expectFeed(page);
    const banner = page.getByRole('region', BANNER);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Add Chorus to your home screen to share on the go.');
    await expect(banner.getByRole('button', { name: 'Install' })).toBeVisible();
    const close = banner.getByRole('button', { name: 'Close the app banner' });
    expect((await close.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
    expect(await wcagViolations(page, 'section[aria-label="Chorus mobile app"]')).toEqual([]);

    // In the flow above the top bar, not over it or the feed; it scrolls away with the page.
    const layout = await banner.evaluate((element) => {
      const header = document.querySelector('header');
      return { position: getComputedStyle(element).position, bannerBottom: element.getBoundingClientRect().bottom, headerTop: header?.getBoundingClientRect().top ?? -1 };
    });
    expect(layout.position).toBe('static');
    expect(layout.headerTop).toBeGreaterThanOrEqual(layout.bannerBottom - 0.5);
    await page.mouse.wheel(0, 600);
    await expect(banner).not.toBeInViewport();
    await expect(page.locator('header')).toBeInViewport();
    await page.mouse.wheel(0, -600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const closedAt = await pageNow(page);
    await close.click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expectFeed(page);
    await expect(banner, 'closed across reloads').toHaveCount(0);

    await page.clock.setSystemTime(closedAt + 7 * DAY - 60_000);
    await page.reload();
    await expectFeed(page);
    await expect(banner, 'still closed a minute before 7 days').toHaveCount(0);

    await page.clock.setSystemTime(closedAt + 7 * DAY + 60_000);
    await page.reload();
    await expectFeed(page);
    await expect(banner, 'back after 7 days').toBeVisible();
  });

  test('at 1280 px there is no app banner', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expectFeed(page);
    await expect(page.getByRole('link', { name: 'Explore', exact: true }), 'the desktop bar').toBeVisible();
    await expect(page.getByRole('region', BANNER)).toHaveCount(0);
  });
});

test('with storage blocked the banner still shows and closes, without errors', async ({ page }) => {
  // Blocked storage everywhere also forgets the session on reload (session-store.ts), so this
  // signs in and stays on the page: closing lasts the page's life, as every setting does there.
  await blockStorage(page, 'everywhere');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expectFeed(page);
  const banner = page.getByRole('region', BANNER);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Close the app banner' }).click();
  await expect(banner).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('where the browser offers no install of its own', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('Install says how to add Chorus to the home screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/');
    await expectFeed(page);
    const banner = page.getByRole('region', BANNER);
    await banner.getByRole('button', { name: 'Install' }).click();
    await expect(banner.getByRole('status')).toHaveText("Open your browser's menu and choose Install app or Add to Home screen.");
    expect(await wcagViolations(page, 'section[aria-label="Chorus mobile app"]')).toEqual([]);
  });
});
