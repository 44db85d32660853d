import { expect } from '@playwright/test';
import type { FrameLocator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';

/** The sign-in screen's e-mail option (en-US). */
export const EMAIL_OPTION = 'Sign in with Email';

/** A page or the tab's frame in the Teams harness: anything role-based locators work on. */
export type Surface = Pick<Page | FrameLocator, 'getByRole' | 'locator'>;

/** From the sign-in screen, chooses the e-mail option and signs in with e-mail and password. */
export async function signInWithEmail(surface: Surface, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await surface.getByRole('link', { name: EMAIL_OPTION }).click();
  await surface.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await surface.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await surface.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Waits for the feed: its Latest heading, at least `minimum` post cards with a title, and no card
 * or card control still to come.
 */
export async function expectFeed(surface: Surface, minimum = 3): Promise<void> {
  await expect(surface.getByRole('heading', { name: 'Latest' })).toBeVisible();
  const cards = surface.getByRole('article');
  await expect(cards.nth(minimum - 1)).toBeVisible();
  await expect(cards.first().getByRole('heading')).not.toHaveText('');
  // The cards below the first screen, and every card's menu and actions, come a few per frame
  // after the first paint (post-grid.tsx, post-card.tsx); a test that picks "the first card with a
  // Share on X button" before then could pick a later card.
  await expect(surface.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The titles of the post cards currently shown. */
export async function postTitles(surface: Surface): Promise<string[]> {
  const titles = await surface.getByRole('article').getByRole('heading').allTextContents();
  return titles.map((title) => title.trim()).filter((title) => title !== '');
}
