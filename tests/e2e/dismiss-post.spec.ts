/**
 * Dismissing a post from the feed (content-library spec 7 `GET /post/dismiss/{id}`): the card's
 * "More options" menu offers "Not interested"; the post leaves that member's feed (every
 * section, and after a reload), a toast offers Undo, and Undo brings it back. A fresh member
 * does it, so the demo users' feeds stay as other specs expect them.
 */
import { expect, test, toast } from './support/fixtures.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';
import { DEMO_USERS } from './support/demo.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';

test('Not interested takes a post off the feed for good, and Undo brings it back', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'dismiss');
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await expectFeed(page);

  const latest = page.getByRole('region', { name: 'Latest', exact: true });
  const first = latest.getByRole('article').first();
  const title = (await first.getByRole('heading').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  const cards = page.getByRole('article', { name: title, exact: true });
  await expect(cards.first()).toBeVisible();

  // Keyboard path: the menu button, Enter, the item, Enter.
  await first.getByRole('button', { name: `More options for ${title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Not interested' })).toBeFocused();
  const dismissed = page.waitForResponse((response) => response.url().includes('/api/v1/post/dismiss/') && response.request().method() === 'GET');
  await page.keyboard.press('Enter');
  expect((await dismissed).status()).toBe(200);
  await expect(cards).toHaveCount(0);
  await expect(toast(page, 'Post hidden from your feed.').first()).toBeVisible();
  // The focus went to the card beside it, not to the page's body.
  await expect(page.locator('article :focus')).toHaveCount(1);

  const restored = page.waitForResponse((response) => response.url().includes('/api/v1/post/dismiss/') && response.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Undo' }).first().click();
  expect((await restored).status()).toBe(200);
  await expect(toast(page, 'The post is back in your feed.').first()).toBeVisible();
  await expect(cards.first()).toBeVisible();

  // Dismissed again, it stays off the feed after a reload: the server keeps it.
  await openMenu(page, first.getByRole('button', { name: `More options for ${title}` }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'Not interested' }));
  await expect(cards).toHaveCount(0);
  await page.reload();
  await expectFeed(page);
  await expect(cards).toHaveCount(0);
});

test('the feed paints without Fluent’s menu code; a card’s menu opens from the keyboard on first use, and Escape gives the focus back to its button', async ({ page }) => {
  const menuCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/fluent-menu-[\w-]+\.js$/.test(new URL(request.url()).pathname)) menuCode.push(request.url());
  });
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expectFeed(page);
  // Every card and its controls are on screen (expectFeed), and the top bar's menus: none used yet.
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  expect(menuCode, 'no menu code before a menu is used').toEqual([]);
  const first = page.getByRole('region', { name: 'Latest', exact: true }).getByRole('article').first();
  const title = (await first.getByRole('heading').textContent())?.trim() ?? '';
  const more = first.getByRole('button', { name: `More options for ${title}` });
  // Before its first use the button says it opens a menu, as Fluent's closed trigger does.
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Not interested' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(more).toBeFocused();
  // Used once, it opens again as any Fluent menu does.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Not interested' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();
  expect(menuCode).toHaveLength(1);
});
