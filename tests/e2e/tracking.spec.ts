import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { expectFeed } from './support/sign-in.ts';

test.use({ storageState: ACME_USER_STATE });

const IMPRESSIONS = /\/api\/v1\/track\/post\/impressions$/;
const CLICKS = /\/api\/v1\/track\/post\/(\d+)\/clicks$/;

function isImpressions(request: Request): boolean {
  return request.method() === 'POST' && IMPRESSIONS.test(new URL(request.url()).pathname);
}

function isClick(request: Request): boolean {
  return request.method() === 'POST' && CLICKS.test(new URL(request.url()).pathname);
}

/** The post id of a clicks request's path. */
function clickedId(request: Request): number {
  return Number(CLICKS.exec(new URL(request.url()).pathname)?.[1]);
}

/** Ids of the post cards at least `ratio` on screen, and of those that are not. */
async function cardsOnScreen(page: Page, ratio: number): Promise<{ shown: number[]; hidden: number[] }> {
  return page.getByRole('article').evaluateAll((cards, minimum) => {
    const shown: number[] = [];
    const hidden: number[] = [];
    for (const card of cards) {
      const id = Number(card.getAttribute('data-post-id'));
      const box = card.getBoundingClientRect();
      const visibleHeight = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
      const visibleWidth = Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
      const area = box.width * box.height;
      (area > 0 && (visibleHeight * visibleWidth) / area >= minimum ? shown : hidden).push(id);
    }
    return { shown, hidden };
  }, ratio);
}

/** A live Acme post with a source link, as user@acme.example sees it. */
async function postWithSource(baseURL: string | undefined): Promise<{ id: number; title: string }> {
  const api = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
  const { status, body } = await api.send('GET', `/api/v4/post/?results_per_page=100&_=${Date.now()}`);
  await api.dispose();
  expect(status).toBe(200);
  const found = (body as { objects: { id: number; title: string; url: string | null }[] }).objects.find((post) => post.url);
  if (!found) throw new Error('the demo library has no post with a source link');
  return found;
}

test('the feed reports the cards on screen once, on the feed channel, and the server takes them', async ({ page }) => {
  const impressions = page.waitForRequest(isImpressions);
  await page.goto('/');
  await expectFeed(page);
  const request = await impressions;
  const body = request.postDataJSON() as { post_ids: number[]; channel: number };
  const response = await request.response();
  expect(response?.ok()).toBe(true);
  expect(await response?.json()).toEqual({ recorded: body.post_ids.length });
  expect(body.channel).toBe(9);
  expect(body.post_ids.length).toBeGreaterThan(0);
  expect(new Set(body.post_ids).size).toBe(body.post_ids.length);

  // The batch left after a quiet second with nothing scrolled: the cards it names are the ones on screen.
  const { shown, hidden } = await cardsOnScreen(page, 0.45);
  for (const id of body.post_ids) expect(shown).toContain(id);
  // Cards further down were not seen, so they were not reported.
  const unseen = hidden.filter((id) => !shown.includes(id));
  expect(unseen.length).toBeGreaterThan(0);
  for (const id of unseen) expect(body.post_ids).not.toContain(id);

  // Scrolling the next cards into view reports only those, each once.
  const next = page.waitForRequest(isImpressions);
  const target = page.locator(`article[data-post-id="${unseen[0]}"]`).first();
  await target.scrollIntoViewIfNeeded();
  const more = (await next).postDataJSON() as { post_ids: number[] };
  expect(more.post_ids).toContain(unseen[0]);
  for (const id of more.post_ids) expect(body.post_ids).not.toContain(id);
});

test('opening a post from its card records a click on the feed channel', async ({ page }) => {
  await page.goto('/');
  await expectFeed(page);
  const card = page.getByRole('region', { name: 'Latest', exact: true }).getByRole('article').first();
  const id = Number(await card.getAttribute('data-post-id'));
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';

  const click = page.waitForRequest(isClick);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  const request = await click;
  expect(clickedId(request)).toBe(id);
  expect(request.postDataJSON()).toEqual({ channel: 9 });
  const response = await request.response();
  expect(response?.ok()).toBe(true);
  expect(await response?.json()).toEqual({ post_id: id, channel: 9 });
});

test('a post reached from a notification link (type_id=3) records its clicks on channel 3, source link included', async ({ page, baseURL }) => {
  const post = await postWithSource(baseURL);
  const opened = page.waitForRequest(isClick);
  await page.goto(`/post/${post.id}?type_id=3`);
  const dialog = page.getByRole('dialog', { name: post.title });
  await expect(dialog).toBeVisible();
  const request = await opened;
  expect(clickedId(request)).toBe(post.id);
  expect(request.postDataJSON()).toEqual({ channel: 3 });
  expect((await request.response())?.ok()).toBe(true);

  // The source opens in a new tab (offline here); the click is recorded all the same.
  const followed = page.waitForRequest(isClick);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Go to source' }).click();
  await (await popup).close();
  const source = await followed;
  expect(clickedId(source)).toBe(post.id);
  expect(source.postDataJSON()).toEqual({ channel: 3 });
  expect((await source.response())?.ok()).toBe(true);
});

const ANALYTICS = /\/api\/v1\/track\/analytics$/;

/** A product analytics page event for `name`. */
function isPageEvent(name: string): (request: Request) => boolean {
  return (request) =>
    request.method() === 'POST' && ANALYTICS.test(new URL(request.url()).pathname) && (request.postDataJSON() as { type?: string; name?: string }).name === name;
}

test('each page of the app sends its analytics page event once it settles, and the server attaches the role', async ({ page }) => {
  const feedEvent = page.waitForRequest(isPageEvent('/'));
  await page.goto('/');
  await expectFeed(page);
  const feed = await feedEvent;
  expect(feed.postDataJSON()).toEqual({ type: 'page', name: '/' });
  expect(await (await feed.response())?.json()).toEqual({ recorded: true, role_id: 3 });

  const exploreEvent = page.waitForRequest(isPageEvent('/topic/latest'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Explore' }).click();
  expect((await exploreEvent).postDataJSON()).toEqual({ type: 'page', name: '/topic/latest' });
});
