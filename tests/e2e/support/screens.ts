import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The widths the issue asks for: phones (320, 375), tablet (500), the mobile breakpoint (654) and desktop. */
export const WIDTHS = [320, 375, 500, 654, 1280] as const;

/** The spec's mobile breakpoint: at this width and below the top bar folds into its menu. */
export const MOBILE_MAX_WIDTH = 654;

/** A built screen of a signed-in member, and what shows it is ready. */
export interface SignedInScreen {
  name: string;
  path: string;
  heading: RegExp | string;
}

/** Every built screen of a signed-in member that a path opens. */
export const SIGNED_IN_SCREENS: readonly SignedInScreen[] = [
  { name: 'feed', path: '/', heading: 'Your feed' },
  { name: 'explore', path: '/topic/latest', heading: 'Explore' },
  { name: 'search', path: '/search?query=the', heading: 'Search' },
  { name: 'bookmarks', path: '/bookmarks', heading: 'Bookmarks' },
  { name: 'manage-topics', path: '/manage-topics', heading: 'Manage Topics' },
  { name: 'settings', path: '/settings', heading: 'My Settings' },
  { name: 'privacy', path: '/privacy', heading: 'Privacy' },
  { name: 'admin', path: '/admin', heading: 'Admin view' },
];

/** Screens of a signed-out visitor. */
export const SIGNED_OUT_SCREENS: readonly SignedInScreen[] = [
  { name: 'sign-in', path: '/sign-in', heading: /Sign in/ },
  { name: 'sign-in-email', path: '/sign-in/email', heading: /Sign in/ },
  { name: 'forgot-password', path: '/sign-in/email/forgot', heading: /password/i },
  { name: 'self-sign-up', path: '/self-sign-up', heading: /^Join / },
  { name: 'legal-privacy', path: '/legal/privacy', heading: 'Privacy Policy' },
  { name: 'legal-terms', path: '/legal/terms', heading: 'Terms of Service' },
];

/** Opens a screen and waits for its heading and for its requests to end. */
export async function openScreen(page: Page, screen: SignedInScreen): Promise<void> {
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** The page scrolls only vertically: its content is no wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }));
  expect(widths.scroll, `${what}: page width ${widths.scroll} px in a ${widths.inner} px window`).toBeLessThanOrEqual(widths.inner);
}
