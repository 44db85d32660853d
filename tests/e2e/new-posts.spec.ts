/**
 * New-post polling (content-library spec 7 `GET /post/last-post-id`, spec 9 "Post polling
 * timeout 300000 ms"). The e2e suite has no way to publish a live post (suggestions wait for
 * an admin console that does not exist yet), so the test answers the poll with a newer id than
 * the real one once the feed is up; the route's own answers are covered by the server tests.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { ACME_USER_STATE } from './support/demo.ts';
import { expectFeed } from './support/sign-in.ts';
import { apiCallTimes, recordApiCalls } from './support/page-timing.ts';

const POLL_MS = 300_000;

test.use({ storageState: ACME_USER_STATE });

/**
 * Counts the polls asked (`polls`) and answered (`answered`) and, once `newer` is set, answers
 * one id past the real newest post. A test waits for an answer before it sets `newer`: the
 * real answer is fetched first, which on a busy machine takes a while, and a first poll
 * answered with the newer id would make that id the one the feed has already seen.
 */
async function watchPolls(page: Page) {
  const state = { polls: 0, answered: 0, newer: false, realId: null as number | null };
  await page.route('**/api/v4/post/last-post-id*', async (route) => {
    state.polls += 1;
    // Node does not resolve *.localhost: the real answer is asked of 127.0.0.1 with the site's Host.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
    const { id } = (await response.json()) as { id: number | null };
    state.realId = id;
    await route.fulfill({ response, json: { id: state.newer && id !== null ? id + 1 : id } });
    state.answered += 1;
  });
  return state;
}

async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('the feed polls every 300000 ms while visible and offers newer posts politely', async ({ page }) => {
  await page.clock.install();
  await recordApiCalls(page, ['/api/v4/post/last-post-id']);
  const polls = await watchPolls(page);
  await page.goto('/');
  await expectFeed(page);
  await expect.poll(() => polls.answered, 'one poll as the feed loads').toBe(1);
  expect(polls.polls).toBe(1);
  expect(polls.realId).not.toBeNull();
  const prompt = page.getByRole('status').filter({ hasText: 'New posts are available' });

  // The page clock ran on while the feed rendered (seconds, on a busy machine): it is stopped
  // 5 s before the next poll is due, counted on the page clock from the first poll.
  const [firstPoll] = await apiCallTimes(page, '/api/v4/post/last-post-id');
  await page.clock.pauseAt((firstPoll ?? Number.NaN) + POLL_MS - 5_000);
  expect(polls.polls, 'nothing before 300000 ms').toBe(1);
  await page.clock.resume();
  await page.clock.fastForward(5_000);
  await expect.poll(() => polls.answered).toBe(2);
  await expect(prompt, 'the same newest post prompts nothing').toHaveCount(0);

  await setVisibility(page, 'hidden');
  await page.clock.fastForward(2 * POLL_MS);
  expect(polls.polls, 'no polling while the tab is hidden').toBe(2);
  await setVisibility(page, 'visible');

  polls.newer = true;
  await page.clock.fastForward(POLL_MS);
  await expect(prompt).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  const feedReload = page.waitForRequest((request) => request.url().includes('/api/v4/post/feed'));
  await page.getByRole('button', { name: 'Show new posts' }).click();
  await feedReload;
  await expect(prompt).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your feed', level: 1 })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Your feed', level: 1 })).toBeInViewport();
  await expectFeed(page);
});

test('at 375 px the prompt fits the screen and its button is reachable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.clock.install();
  const polls = await watchPolls(page);
  await page.goto('/');
  await expectFeed(page);
  await expect.poll(() => polls.answered).toBe(1);
  polls.newer = true;
  const show = page.getByRole('button', { name: 'Show new posts' });
  // The next poll is timed from the first one's answer, which a busy machine may still be
  // handling when the clock jumps: jump again until it has polled (the interval itself is
  // the test above's).
  await expect(async () => {
    await page.clock.fastForward(POLL_MS);
    await expect(show).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(show).toBeInViewport();
  const box = await show.boundingBox();
  expect(box?.height ?? 0, 'a touch target of at least 24 px').toBeGreaterThanOrEqual(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
