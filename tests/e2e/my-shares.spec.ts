import type { Page } from '@playwright/test';
import { expect, test, toast } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { FRESH_PASSWORD, signInFreshUser, signUpFreshUser, skipOnboarding, type FreshUser } from './support/fresh-user.ts';
import { chooseMenuItem, openMenu } from './support/menus.ts';

/** Fresh members start with an empty queue; their zone is the sign-up's US/Eastern. */
const ZONE = 'America/New_York';

async function freshMember(page: Page, baseURL: string | undefined, prefix: string): Promise<FreshUser> {
  const user = await signUpFreshUser(baseURL ?? '', prefix);
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  return user;
}

/** A live post open to Facebook (a profile queues without a link: it becomes a reminder at its time), skipping `except`. */
async function facebookPost(page: Page, except: number[] = []): Promise<{ id: number; title: string; hashtags_string: string }> {
  const posts = await page.evaluate(async () => {
    const response = await fetch(`/api/v4/post/?results_per_page=100&_=${Date.now()}`);
    return ((await response.json()) as { objects: { id: number; title: string; facebook: boolean; url: string | null; hashtags_string: string }[] }).objects;
  });
  const found = posts.find((post) => post.facebook && post.url !== null && !except.includes(post.id));
  if (!found) throw new Error('the Acme demo library has no post open to Facebook');
  return found;
}

/** The person's calendar date `days` from today, as YYYY/MM/DD. */
function localDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const date = new Date(Date.UTC(value('year'), value('month') - 1, value('day') + days));
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** The first Monday-to-Friday date from tomorrow on, as YYYY/MM/DD: where a new member's 9:15 queue starts. */
function firstQueueDay(): string {
  for (let days = 1; ; days += 1) {
    const [year = 0, month = 1, day = 1] = localDate(days).split('/').map(Number);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return localDate(days);
  }
}

test('Add to Queue from the share modal, then My Shares lists it under Queued and removes it', async ({ page, baseURL }) => {
  const user = await freshMember(page, baseURL, 'queuer');
  const post = await facebookPost(page);
  await page.goto(`/post/${post.id}?type_id=1&network=facebook`);
  const modal = page.getByRole('dialog', { name: 'Share post' });
  await expect(modal.getByRole('tab', { name: 'FACEBOOK', selected: true })).toBeVisible();
  const caption = `Queued ${Date.now()}`;
  await modal.getByRole('textbox', { name: 'Caption for Facebook' }).fill(caption);
  await modal.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(toast(page, 'Post successfully queued').first()).toBeVisible();
  // The metadata was read again: the network is queued, so it cannot be queued twice.
  await expect(modal.getByRole('button', { name: 'Queued on Facebook' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Add to Queue' })).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Modify Date and Time' })).toBeEnabled();

  await page.goto('/');
  await openMenu(page, page.getByRole('button', { name: `Account menu for ${user.firstName} Person` }));
  await chooseMenuItem(page.getByRole('menuitem', { name: 'My Shares' }));
  await expect(page.getByRole('heading', { name: 'My Shares', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Shared', selected: true })).toBeVisible();
  await expect(page.getByText('You have not shared any posts yet.')).toBeVisible();
  await expect(page.getByText('1 post in your queue')).toBeVisible();

  await page.getByRole('tab', { name: 'Queued' }).click();
  await expect(page).toHaveURL(/\/my-shares\?type_id=queued$/);
  const item = page.getByRole('article').filter({ hasText: caption });
  await expect(item).toBeVisible();
  await expect(item.getByText('At this time we remind you to post it on Facebook yourself.')).toBeVisible();
  await item.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove from queue?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Post removed from queue').first()).toBeVisible();
  await expect(page.getByText('Your queue is empty.')).toBeVisible();
  await expect(page.getByText('0 posts in your queue')).toBeVisible();
});

test('Schedule without a caption (Queue Anyway): the first queue slot from tomorrow by default, a calendar, dates from tomorrow, strict YYYY/MM/DD', async ({ page, baseURL }) => {
  await freshMember(page, baseURL, 'scheduler');
  const post = await facebookPost(page);
  await page.goto(`/post/${post.id}?type_id=1&network=facebook`);
  const modal = page.getByRole('dialog', { name: 'Share post' });
  await modal.getByRole('textbox', { name: 'Caption for Facebook' }).fill('');
  await modal.getByRole('button', { name: 'Select Date and Time' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Share without a caption?' });
  await warning.getByRole('button', { name: 'Queue Anyway' }).click();

  const picker = page.getByRole('dialog', { name: 'Select Date and Time' });
  const date = picker.getByRole('textbox', { name: 'Date (YYYY/MM/DD)' });
  const time = picker.getByLabel('Time', { exact: true });
  // A new member's queue is weekdays at 9:15: the picker starts on its first slot from tomorrow.
  await expect(date).toHaveValue(firstQueueDay());
  await expect(time).toHaveValue('09:15');
  await date.fill(localDate(0));
  await picker.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(picker.getByText(`Choose a date from ${localDate(1)} on.`)).toBeVisible();
  await date.fill('2030-01-01');
  await picker.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(picker.getByText('Enter the date as YYYY/MM/DD.')).toBeVisible();
  // The calendar opens under the field on the first date it offers (the field holds no valid
  // one), its day focused: choosing tomorrow fills the field. Its months turn by buttons, and
  // Escape closes it, not the dialog.
  const openCalendar = picker.getByRole('button', { name: 'Choose the date from a calendar' });
  await openCalendar.click();
  const calendar = picker.getByRole('group', { name: 'Calendar' });
  const [year = 0, month = 1, day = 1] = localDate(1).split('/').map(Number);
  const tomorrow = new Date(Date.UTC(year, month - 1, day));
  const monthName = (date: Date) => new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(date);
  await calendar.getByRole('button', { name: `${day}, ${monthName(tomorrow)}, ${year}`, exact: true }).click();
  await expect(calendar).toBeHidden();
  await expect(date).toHaveValue(localDate(1));
  await expect(date).toBeFocused();
  await expect(openCalendar).toHaveAttribute('aria-expanded', 'false');
  await openCalendar.click();
  await expect(calendar.getByRole('gridcell', { name: `${day}, ${monthName(tomorrow)}, ${year}`, exact: true, selected: true })).toBeFocused();
  const next = new Date(Date.UTC(year, month, 1));
  await calendar.getByRole('button', { name: /^Next month/ }).click();
  await expect(calendar.getByRole('grid', { name: new RegExp(`^${monthName(next)} ${next.getUTCFullYear()}`) })).toBeVisible();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(picker).toBeVisible();
  await expect(openCalendar).toBeFocused();
  await time.fill('09:30');
  await picker.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(toast(page, 'Post successfully scheduled').first()).toBeVisible();
  await expect(picker).toBeHidden();
  await expect(modal.getByRole('button', { name: 'Queued on Facebook' })).toBeVisible();
  await expect(modal.getByText(/^Queued on Facebook for .*9:30/)).toBeVisible();
});

test('My Shares opens a queued share on its own, edits its time and caption with the live counter and compliance marks, refuses a passed time, and passes axe', async ({ page, baseURL }) => {
  const user = await freshMember(page, baseURL, 'editor');
  const post = await facebookPost(page);
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const time = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const scheduled = await api.send('POST', '/api/v4/post/deferred', { network: 2, post: post.id, time, content: '' });
  expect(scheduled.status).toBe(200);
  await api.dispose();

  // The single queued view leads back to the queue.
  await page.goto(`/my-shares/${(scheduled.body as { id: number }).id}`);
  await expect(page.getByRole('heading', { name: 'Queued post', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').getByText('[No caption provided]')).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Queue' }).click();
  await expect(page.getByRole('tab', { name: 'Queued', selected: true })).toBeVisible();
  // The member's only queued share.
  const item = page.getByRole('article');
  await expect(item.getByText('[No caption provided]')).toBeVisible();
  await item.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit queued share' });
  await editor.getByRole('textbox', { name: 'Date (YYYY/MM/DD)' }).fill(localDate(0));
  await editor.getByLabel('Time', { exact: true }).fill('00:00');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor.getByText('Cannot schedule for that time, as it has passed')).toBeVisible();
  const edited = `Edited ${Date.now()}`;
  await editor.getByRole('textbox', { name: 'Date (YYYY/MM/DD)' }).fill(localDate(3));
  await editor.getByLabel('Time', { exact: true }).fill('10:45');
  const captionBox = editor.getByRole('textbox', { name: 'Caption' });
  // The empty caption shows what goes out: the post's hashtags, and nothing else.
  await expect(captionBox).toHaveValue(post.hashtags_string);
  // The caption is checked as it is typed, with the term marked and Save held back.
  await captionBox.fill('Guaranteed returns for every roof');
  await expect(editor.getByText('Prohibited terms used. Please rephrase to share.')).toBeVisible();
  await expect(editor.locator('mark', { hasText: 'Guaranteed returns' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await captionBox.fill(edited);
  await expect(editor.getByTestId('compliance-notice')).toBeHidden();
  // Facebook's counter shows only near its limit: past it, the caption cannot be saved.
  await expect(editor.getByLabel(/^\d+ of 63206 characters$/)).toHaveCount(0);
  await captionBox.fill('y'.repeat(63_300));
  await expect(editor.getByLabel(/^\d+ of 63206 characters$/)).toHaveText(/^633\d\d\/63206$/);
  await expect(editor.getByText('Over character count.')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await captionBox.fill(edited);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Queued post successfully updated').first()).toBeVisible();
  await expect(item.getByText(edited)).toBeVisible();
  await expect(item.getByText(/10:45/)).toBeVisible();
  expect(await wcagViolations(page, 'main')).toEqual([]);
});

/** Live posts of the library open to a network. */
async function postsOpenTo(page: Page, network: 'facebook' | 'linkedin'): Promise<{ id: number; title: string }[]> {
  const posts = await page.evaluate(async () => {
    const response = await fetch(`/api/v4/post/?results_per_page=100&_=${Date.now()}`);
    return ((await response.json()) as { objects: { id: number; title: string; facebook: boolean; linkedin: boolean; url: string | null }[] }).objects;
  });
  return posts.filter((post) => post[network] && post.url !== null);
}

/** A share's state as My Shares' Shared list gives it (null while it is not there: queued or publishing). */
async function sharedState(api: CompanyApi, id: number): Promise<string | null> {
  const { status, body } = await api.send('GET', `/api/v5/post/timeline/shared?results_per_page=50&_=${Date.now()}`);
  expect(status).toBe(200);
  return (body as { objects: { id: number; state: string }[] }).objects.find((item) => item.id === id)?.state ?? null;
}

/** Links the member's LinkedIn through the sandbox consent, from the settings page. */
async function linkLinkedIn(page: Page, name: string): Promise<void> {
  await page.goto('/settings');
  const linkedIn = page.locator('#social-linkedin');
  await linkedIn.getByRole('button', { name: 'Link LinkedIn' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill(name);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(linkedIn.getByText(`Linked as ${name}`)).toBeVisible();
}

test('the queue loads 15 at a time and the next page as the end scrolls into view; a network filter keeps to the address', async ({ page, baseURL }) => {
  const user = await freshMember(page, baseURL, 'scroller');
  await linkLinkedIn(page, 'Scroll Tester');
  // 17 queued shares: every post open to Facebook, the rest on LinkedIn.
  const facebook = (await postsOpenTo(page, 'facebook')).slice(0, 14);
  const linkedIn = (await postsOpenTo(page, 'linkedin')).slice(0, 17 - facebook.length);
  const queue = [...facebook.map((post) => ({ network: 2, post })), ...linkedIn.map((post) => ({ network: 3, post }))];
  expect(queue).toHaveLength(17);
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  for (const [index, { network, post }] of queue.entries()) {
    const time = new Date(Date.now() + (1 + index) * 3_600_000).toISOString();
    const scheduled = await api.send('POST', '/api/v4/post/deferred', { network, post: post.id, time, content: `Queued number ${index + 1}` });
    expect(scheduled.status, `schedule ${index + 1}`).toBe(200);
  }
  await api.dispose();

  await page.goto('/my-shares?type_id=queued');
  await expect(page.getByText('17 posts in your queue')).toBeVisible();
  const items = page.getByRole('region', { name: 'Queued' }).getByRole('article');
  await expect(items).toHaveCount(15);
  await items.nth(14).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(items).toHaveCount(17);
  await expect(items.filter({ hasText: 'Queued number 17' })).toBeVisible();

  // Only X: nothing queued there; LinkedIn: its three. The filter is in the address.
  const filter = page.getByRole('combobox', { name: 'Network' });
  await filter.selectOption({ label: 'Twitter' });
  await expect(page).toHaveURL(/[?&]network=1(&|$)/);
  await expect(page.getByText('No shares match this search.')).toBeVisible();
  await filter.selectOption({ label: 'LinkedIn' });
  await expect(page).toHaveURL(/[?&]network=3(&|$)/);
  await expect(items).toHaveCount(3);
  await page.reload();
  await expect(filter).toHaveValue('3');
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'Facebook' })).toHaveCount(0);
  expect(await wcagViolations(page, 'main')).toEqual([]);
});

test('removing a share from its own view returns to the queue; a share that is gone says so and returns there too', async ({ page, baseURL }) => {
  const user = await freshMember(page, baseURL, 'singleview');
  const post = await facebookPost(page);
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const time = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const scheduled = await api.send('POST', '/api/v4/post/deferred', { network: 2, post: post.id, time, content: 'Soon gone' });
  expect(scheduled.status).toBe(200);
  await api.dispose();
  const id = (scheduled.body as { id: number }).id;

  await page.goto(`/my-shares/${id}`);
  const item = page.getByRole('article').filter({ hasText: 'Soon gone' });
  await item.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog', { name: 'Remove from queue?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Post removed from queue').first()).toBeVisible();
  await expect(page).toHaveURL(/\/my-shares\?type_id=queued$/);
  await expect(page.getByText('Your queue is empty.')).toBeVisible();
  await expect(toast(page, 'The post you have selected is no longer available.')).toHaveCount(0);

  await page.goto(`/my-shares/${id}`);
  await expect(toast(page, 'The post you have selected is no longer available.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/my-shares\?type_id=queued$/);
  await expect(page.getByRole('tab', { name: 'Queued', selected: true })).toBeVisible();
});

test('a share scheduled moments ahead is published by the worker: My Shares lists it as published and the sandbox wall shows it', async ({ page, baseURL }) => {
  const user = await freshMember(page, baseURL, 'worker');
  await linkLinkedIn(page, 'Worker Watcher');
  const [post] = await postsOpenTo(page, 'linkedin');
  if (!post) throw new Error('the Acme demo library has no post open to LinkedIn');

  const caption = `Published by the worker ${Date.now()}`;
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const scheduled = await api.send('POST', '/api/v4/post/deferred', { network: 3, post: post.id, time: new Date(Date.now() + 3000).toISOString(), content: caption });
  expect(scheduled.status).toBe(200);
  // The worker publishes it at its time (the server's state, waited for, never a fixed pause).
  const id = (scheduled.body as { id: number }).id;
  await expect.poll(() => sharedState(api, id), { timeout: 120_000, intervals: [1000] }).toBe('published');
  await api.dispose();

  await page.goto('/my-shares?type_id=shared');
  const item = page.getByRole('article').filter({ hasText: caption });
  const view = item.getByRole('link', { name: 'View on LinkedIn' });
  await expect(view).toBeVisible();
  await expect(item.getByText('Published on LinkedIn')).toBeVisible();
  // The item names the post it shares (a link to it) and marks the sandbox's made-up engagement as demo figures.
  await expect(item.getByRole('link', { name: post.title })).toHaveAttribute('href', `/post/${post.id}`);
  await expect(item.getByText(/^Demo figures from the sandbox network: \d+ likes/)).toBeVisible();
  await expect(page.getByText('0 posts in your queue')).toBeVisible();
  await expect(view).toHaveAttribute('href', /\/sandbox\/wall\?network=linkedin#sandbox-post-\d+$/);
  await page.goto((await view.getAttribute('href')) ?? '');
  await expect(page.getByText(caption)).toBeVisible();
});

test('a share whose network was unlinked before its time is cancelled with the reason; after relinking, Retry publishes it', async ({ page, baseURL }) => {
  // Two waits on the delivery worker (each allowed 120 s) and two LinkedIn link flows: a loaded
  // run spent the whole default 120 s before reaching Retry.
  test.setTimeout(300_000);
  const user = await freshMember(page, baseURL, 'retrier');
  await linkLinkedIn(page, 'Retry Tester');
  const [post] = await postsOpenTo(page, 'linkedin');
  if (!post) throw new Error('the Acme demo library has no post open to LinkedIn');
  const caption = `Retried ${Date.now()}`;
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const scheduled = await api.send('POST', '/api/v4/post/deferred', { network: 3, post: post.id, time: new Date(Date.now() + 2 * 86_400_000).toISOString(), content: caption });
  expect(scheduled.status).toBe(200);
  const id = (scheduled.body as { id: number }).id;
  // Unlinked while it waits, then due: the worker re-runs share now's checks and cancels it.
  expect((await api.send('POST', '/api/v1/social/unlink-linkedin')).status).toBe(200);
  expect((await api.send('PUT', `/api/v4/post/deferred/${id}`, { date: new Date(Date.now() + 2000).toISOString() })).status).toBe(200);
  await expect.poll(() => sharedState(api, id), { timeout: 120_000, intervals: [1000] }).toBe('cancelled');

  await page.goto('/my-shares?type_id=shared');
  const item = page.getByRole('article').filter({ hasText: caption });
  await expect(item.getByText('The network is no longer linked, so it was not published. Link it again to share.', { exact: false })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Retry' })).toBeEnabled();

  await linkLinkedIn(page, 'Retry Tester');
  await page.goto('/my-shares?type_id=shared');
  await item.getByRole('button', { name: 'Retry' }).click();
  await expect(toast(page, 'Share sent again').first()).toBeVisible();
  await expect.poll(() => sharedState(api, id), { timeout: 120_000, intervals: [1000] }).toBe('published');
  await api.dispose();
  await page.reload();
  await expect(item.getByText('Published on LinkedIn')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
