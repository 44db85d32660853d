import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS, companyOrigin } from './support/demo.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

interface ListedPost {
  id: number;
  title: string;
  twitter: boolean;
  facebook: boolean;
  linkedin: boolean;
  shares: { num_results: number };
}

/** Globex's library as user@globex.example sees it (read only). */
async function globexPosts(origin: string): Promise<ListedPost[]> {
  const api = await CompanyApi.signIn(origin, DEMO_USERS.globexUser);
  const { status, body } = await api.send('GET', `/api/v4/post/?results_per_page=100&_=${Date.now()}`);
  await api.dispose();
  expect(status).toBe(200);
  return (body as { objects: ListedPost[] }).objects;
}

/** Explore at Globex, where every Globex post fits on the first page. */
async function exploreAsGlobexUser(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await signInWithEmail(page, DEMO_USERS.globexUser);
  await expectFeed(page);
  await page.goto(`${origin}/topic/latest`);
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
}

// user@globex.example only looks and opens menus here: nothing the test clicks changes their data.
test('Globex (post_interactions_enabled off) shows the legacy share bar; its queue menu disables a network the post lacks and opens the share modal on a network', async ({
  page,
  baseURL,
}) => {
  const origin = companyOrigin(baseURL, 'globex');
  const posts = await globexPosts(origin);
  const noTwitter = posts.find((p) => !p.twitter && p.facebook && p.linkedin);
  if (!noTwitter) throw new Error('the Globex demo library has no post without Twitter');
  await exploreAsGlobexUser(page, origin);

  const card = page.getByRole('main').getByRole('article', { name: noTwitter.title });
  // The legacy bar, not the interaction bar: a Share button and the queue menu, no heart or share icons.
  await expect(card.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Shares: ${noTwitter.shares.num_results}` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Like Post' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Share on / })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: /^Share on / })).toHaveCount(0);

  await card.getByRole('button', { name: 'Queue', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Queue to Twitter' })).toBeDisabled();
  await expect(menu.getByRole('menuitem', { name: 'Queue to Facebook' })).toBeEnabled();
  await expect(menu.getByRole('menuitem', { name: 'Queue to LinkedIn' })).toBeEnabled();
  await expect(menu.getByRole('menuitem', { name: 'Manage Schedule' })).toBeEnabled();
  expect(await wcagViolations(page, '[role="menu"]')).toEqual([]);

  // The menu opens the share modal on that network, where Add to Queue is ready (my-shares.spec.ts queues).
  await menu.getByRole('menuitem', { name: 'Queue to Facebook' }).click();
  await expect(menu).toBeHidden();
  const modal = page.getByRole('dialog', { name: 'Share post' });
  await expect(modal.getByRole('tab', { name: 'FACEBOOK', selected: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Add to Queue' })).toBeEnabled();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Manage Schedule opens the same modal, where a share is scheduled (nothing is queued here yet).
  await card.getByRole('button', { name: 'Queue', exact: true }).click();
  await menu.getByRole('menuitem', { name: 'Manage Schedule' }).click();
  await expect(modal.getByRole('tab', { selected: true })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Select Date and Time' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('on the legacy share bar every network of a post can be queued, Share opens the share modal, and the count opens the sharers', async ({ page, baseURL }) => {
  const origin = companyOrigin(baseURL, 'globex');
  const posts = await globexPosts(origin);
  const shared = posts.find((p) => p.twitter && p.facebook && p.linkedin && p.shares.num_results > 0);
  if (!shared) throw new Error('the Globex demo library has no shared post open to every network');
  await exploreAsGlobexUser(page, origin);

  const card = page.getByRole('main').getByRole('article', { name: shared.title });
  await card.getByRole('button', { name: 'Queue', exact: true }).click();
  const menu = page.getByRole('menu');
  for (const network of ['Twitter', 'Facebook', 'LinkedIn']) {
    await expect(menu.getByRole('menuitem', { name: `Queue to ${network}` })).toBeEnabled();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await card.getByRole('button', { name: 'Share', exact: true }).click();
  const shareModal = page.getByRole('dialog', { name: 'Share post' });
  await expect(shareModal.getByRole('tab', { selected: true })).toBeVisible();
  // The dialog holds the focus once its tabs have loaded: Escape closes it, and the focus goes back to Share.
  await expect(shareModal.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(shareModal).toBeHidden();
  await expect(card.getByRole('button', { name: 'Share', exact: true })).toBeFocused();

  await card.getByRole('button', { name: `Shares: ${shared.shares.num_results}` }).click();
  const modal = page.getByRole('dialog', { name: 'Reactions' });
  await expect(modal.getByRole('tab', { name: `Shares (${shared.shares.num_results})`, selected: true })).toBeVisible();
  await expect(modal.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
});
