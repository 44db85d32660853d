import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { wcagViolations } from './support/axe.ts';
import { expectFeed, signInWithEmail } from './support/sign-in.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding, type FreshUser } from './support/fresh-user.ts';

/** Signs a new acme member up and in, past onboarding, onto the feed. */
async function freshMemberOnFeed(page: Page, baseURL: string | undefined, prefix: string): Promise<FreshUser> {
  const user = await signUpFreshUser(baseURL ?? '', prefix);
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await expectFeed(page);
  return user;
}

/** The Latest section's post cards. */
function latestCards(page: Page): Locator {
  return page.getByRole('region', { name: 'Latest' }).getByRole('article');
}

async function count(button: Locator): Promise<number> {
  return Number((await button.textContent())?.trim() ?? 'NaN');
}

test('like and unlike a post from its card, with the heart’s tooltip, and see the liker in the likes modal', async ({ page, baseURL }) => {
  const user = await freshMemberOnFeed(page, baseURL, 'liker');
  const title = (await page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Like Post' }) }).first().getByRole('heading').textContent())?.trim() ?? '';
  // The card is pinned by its title: its heart's name changes once liked.
  const card = page.getByRole('article', { name: title }).first();
  const heart = card.getByRole('button', { name: 'Like Post' });
  await heart.hover();
  await expect(page.getByRole('tooltip', { name: 'Like Post' })).toBeVisible();
  const likes = card.getByRole('button', { name: /^Likes: \d+$/ });
  const before = await count(likes);

  await heart.click();
  const liked = card.getByRole('button', { name: 'Remove Like' });
  await expect(liked).toBeVisible();
  await expect(likes).toHaveAccessibleName(`Likes: ${before + 1}`);
  await liked.hover();
  await expect(page.getByRole('tooltip', { name: 'Remove Like' })).toBeVisible();

  await likes.click();
  const modal = page.getByRole('dialog', { name: 'Reactions' });
  await expect(modal.getByRole('tab', { name: `Likes (${before + 1})`, selected: true })).toBeVisible();
  await expect(modal.getByRole('tab', { name: /^Shares \(\d+\)$/ })).toBeVisible();
  await expect(modal.getByRole('listitem').filter({ hasText: `${user.firstName} Person` })).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  await modal.getByRole('tab', { name: /^Shares/ }).click();
  await expect(modal.getByRole('tab', { name: /^Shares/, selected: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await liked.click();
  await expect(card.getByRole('button', { name: 'Like Post' })).toBeVisible();
  await expect(likes).toHaveAccessibleName(`Likes: ${before}`);
});

test('add, edit and delete a comment in the single post modal', async ({ page, baseURL }) => {
  const user = await freshMemberOnFeed(page, baseURL, 'commenter');
  await latestCards(page).first().getByRole('heading').getByRole('link').click();
  const modal = page.getByRole('dialog');
  await expect(page).toHaveURL(/\/post\/\d+$/);
  const comments = modal.getByRole('region', { name: 'Comments' });
  const box = comments.getByRole('textbox', { name: 'Add a comment' });
  const submit = comments.getByRole('button', { name: 'Post comment' });
  await expect(submit).toBeDisabled();
  await box.fill('   ');
  await expect(submit).toBeDisabled();
  const text = `Great read ${Date.now()}`;
  await box.fill(text);
  await submit.click();
  const mine = comments.getByRole('listitem').filter({ hasText: `${user.firstName} Person` }).filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(mine).not.toContainText('(edited)');

  await mine.getByRole('button', { name: 'Edit' }).click();
  const editBox = comments.getByRole('textbox', { name: 'Edit your comment' });
  await editBox.fill(`${text} (updated)`);
  await comments.getByRole('button', { name: 'Save' }).click();
  const edited = comments.getByRole('listitem').filter({ hasText: `${text} (updated)` });
  await expect(edited).toContainText('(edited)');

  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

  // Deleting asks first; Cancel keeps the comment.
  await edited.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await expect(ask).toContainText('The comment is removed for everyone.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete' }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(edited).toBeHidden();
  // The toast is announced and shown over the open modal, not dimmed behind it.
  const deleted = page.getByRole('listitem').filter({ hasText: 'Comment deleted.' });
  await expect(deleted).toBeVisible();
  await expect(modal).toBeVisible();
  expect(await deleted.evaluate((toast) => {
    const box = toast.getBoundingClientRect();
    return toast.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  })).toBe(true);
});

test('a manager deletes a member’s comment through the manager route', async ({ page, baseURL }) => {
  const member = await signUpFreshUser(baseURL ?? '', 'remarker');
  await page.goto('/sign-in');
  await signInWithEmail(page, 'manager@acme.example');
  await expectFeed(page);
  const link = latestCards(page).nth(2).getByRole('heading').getByRole('link');
  const postId = Number((await link.getAttribute('href'))?.replace('/post/', ''));
  const text = `A remark to moderate ${Date.now()}`;
  const remarker = await CompanyApi.signIn(baseURL ?? '', member.email, FRESH_PASSWORD);
  expect((await remarker.send('POST', `/api/v2/post/${postId}/comment/new`, { content: text })).status).toBe(200);

  await link.click();
  const comments = page.getByRole('dialog').getByRole('region', { name: 'Comments' });
  const theirs = comments.getByRole('listitem').filter({ hasText: text });
  await expect(theirs).toContainText(`${member.firstName} Person`);
  // A manager may delete anyone's comment, but edit only their own.
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Delete' }).click();
  const [deleted] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/api/v2/manager/post/${postId}/comment/`)),
    page.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click(),
  ]);
  expect(deleted.status()).toBe(200);
  await expect(theirs).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Comment deleted.' })).toBeVisible();

  const listed = await remarker.send('GET', `/api/v2/post/${postId}/comment`);
  expect(JSON.stringify(listed.body)).not.toContain(text);
  await remarker.dispose();
});

test('a new comment on a post with more comments than one page shows at once, and once more after loading the rest', async ({ page, baseURL }) => {
  const user = await freshMemberOnFeed(page, baseURL, 'talker');
  const link = latestCards(page).nth(3).getByRole('heading').getByRole('link');
  const postId = Number((await link.getAttribute('href'))?.replace('/post/', ''));
  // Comments are listed oldest first, 20 a page. Earlier comments are added until there is one
  // more than whole pages (21, 41, ...), so the last of them, and the list's end, sit on a page
  // the modal has not loaded yet. Counting from what the post holds keeps the test repeatable.
  const talker = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const listed = await talker.send('GET', `/api/v2/post/${postId}/comment`);
  expect(listed.status).toBe(200);
  const existing = (listed.body as { num_results: number }).num_results;
  let earlier = Math.max(existing + 1, 21);
  while (earlier % 20 !== 1) earlier += 1;
  const run = Date.now();
  const lastEarlier = `Earlier remark ${run}-${earlier}`;
  for (let n = existing + 1; n <= earlier; n += 1) {
    const saved = await talker.send('POST', `/api/v2/post/${postId}/comment/new`, { content: `Earlier remark ${run}-${n}` });
    expect(saved.status).toBe(200);
  }
  await talker.dispose();
  const pages = (earlier - 1) / 20 + 1;

  await link.click();
  const comments = page.getByRole('dialog').getByRole('region', { name: 'Comments' });
  const items = comments.getByRole('listitem');
  await expect(items).toHaveCount(20);
  const more = comments.getByRole('button', { name: 'Show more comments' });
  await expect(more).toBeVisible();
  const text = `Newest remark ${run}`;
  await comments.getByRole('textbox', { name: 'Add a comment' }).fill(text);
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(items.filter({ hasText: text })).toBeVisible();
  await expect(items).toHaveCount(21);
  await expect(items.filter({ hasText: lastEarlier })).toHaveCount(0);

  for (let loaded = 2; loaded <= pages; loaded += 1) {
    await more.click();
    await expect(items).toHaveCount(loaded === pages ? earlier + 1 : 20 * loaded + 1);
  }
  await expect(more).toBeHidden();
  await expect(items.filter({ hasText: lastEarlier })).toHaveCount(1);
  await expect(items.filter({ hasText: text })).toHaveCount(1);
  await expect(items.last()).toContainText(text);
});

test('the modal moves between the list’s posts with its arrows and the arrow keys, and closes back to the feed', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'browser');
  const titles = (await latestCards(page).getByRole('heading').allTextContents()).map((title) => title.trim());
  expect(titles.length).toBeGreaterThanOrEqual(3);
  await latestCards(page).nth(1).getByRole('heading').getByRole('link').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(modal.getByRole('heading', { level: 2, name: titles[2] })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(modal.getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(modal.getByRole('heading', { level: 2, name: titles[0] })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Previous post' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Next post' }).click();
  await expect(modal.getByRole('heading', { level: 2, name: titles[1] })).toBeVisible();

  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('a post opened directly closes to the feed; a post that is gone says so and returns home', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'direct');
  const href = await latestCards(page).first().getByRole('heading').getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/post\/\d+$/);
  await page.goto(href ?? '/');
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('region', { name: 'Comments' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Next post' })).toHaveCount(0);
  // Behind the open post, the page's deferred parts wait until it is closed: once everything the
  // page asked for has arrived (the top bar's search code would have too), the bar has no search
  // field and the first card no controls, even hidden.
  await page.waitForLoadState('networkidle');
  const search = page.getByRole('searchbox', { name: 'Search posts', includeHidden: true });
  const firstCardLike = page
    .getByRole('region', { name: 'Latest', includeHidden: true })
    .getByRole('article', { includeHidden: true })
    .first()
    .getByRole('button', { name: 'Like Post', includeHidden: true });
  // The page's first card (the featured carousel's) is there, but where its menu and actions will
  // be it says it is still being filled: what expectFeed waits on.
  const stillToCome = page.getByRole('article', { includeHidden: true }).first().locator('[aria-busy="true"]');
  await expect(search).toHaveCount(0);
  await expect(firstCardLike).toHaveCount(0);
  await expect(stillToCome).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
  await expect(search).toBeVisible();
  await expect(firstCardLike).toBeVisible();
  await expect(stillToCome).toHaveCount(0);

  await page.goto('/post/987654321');
  const toast = page.getByRole('listitem', { name: 'Error' });
  await expect(toast).toHaveAccessibleDescription('The post you have selected is no longer available.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the bookmark toggle on a card bookmarks a post, which /bookmarks lists until it is un-bookmarked in the modal', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'bookmarker');
  const title = (await latestCards(page).first().getByRole('heading').textContent())?.trim() ?? '';
  const card = page.getByRole('region', { name: 'Latest' }).getByRole('article', { name: title }).first();
  const toggle = card.getByRole('button', { name: 'Bookmark' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v2\/post\/\d+\/bookmark$/.test(new URL(r.url()).pathname)),
    toggle.click(),
  ]);
  expect(await saved.json()).toEqual({ is_bookmarked: 1, is_subscribed: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // To /bookmarks through the app, so the list comes from the client's cache rules, not a fresh load.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Topics' }).click();
  await page.getByRole('navigation', { name: 'Your topics' }).getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  const listed = page.getByRole('main').getByRole('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole('heading')).toHaveText(title);
  await expect(listed.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');

  await listed.getByRole('heading').getByRole('link').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const inModal = modal.getByRole('button', { name: 'Bookmark' });
  await expect(inModal).toHaveAttribute('aria-pressed', 'true');
  const [removed] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/v2\/post\/\d+\/bookmark$/.test(new URL(r.url()).pathname)),
    inModal.click(),
  ]);
  expect(await removed.json()).toEqual({ is_bookmarked: 0, is_subscribed: false });
  await expect(inModal).toHaveAttribute('aria-pressed', 'false');
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByText('No Posts Available')).toBeVisible();
  await expect(listed).toHaveCount(0);
});
