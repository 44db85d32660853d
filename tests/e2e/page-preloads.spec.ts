import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { EMAIL_OPTION } from './support/sign-in.ts';

/**
 * The page copies of the build (web/src/app/route-preloads.ts): a page whose screen is loaded
 * lazily names that code in its HTML, so the browser fetches it beside the entry instead of
 * after the entry has run.
 */

/**
 * Opens `path` in a fresh page; gives the scripts its HTML named (the entry and its module
 * preloads) and the scripts the page fetched, once `shown` is visible and the network is quiet.
 */
async function scriptsOf(page: Page, path: string, shown: Locator): Promise<{ named: Set<string>; fetched: string[] }> {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(path);
  const html = (await response?.text()) ?? '';
  await expect(shown).toBeVisible();
  await page.waitForLoadState('networkidle');
  const named = new Set([...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''));
  return { named, fetched };
}

test('the sign-in page names every script it runs in its HTML', async ({ page }) => {
  const { named, fetched } = await scriptsOf(page, '/sign-in', page.getByRole('link', { name: EMAIL_OPTION }));
  expect([...named].some((script) => script.startsWith('/assets/auth-routes-'))).toBe(true);
  expect(fetched.filter((script) => !named.has(script))).toEqual([]);
});

test('the sign-in copy is only for sign-in: the feed, a topic page and the post dialog get the app’s own page', async ({ page }) => {
  await page.goto('/legal/terms');
  const html = await page.evaluate(async () => {
    const read = async (path: string) => (await fetch(path, { headers: { accept: 'text/html' } })).text();
    return { feed: await read('/'), topic: await read('/topic/1'), post: await read('/post/1'), signIn: await read('/sign-in/email') };
  });
  expect(html.signIn).toContain('/assets/auth-routes-');
  expect(html.feed).not.toContain('/assets/auth-routes-');
  expect(html.topic).toBe(html.feed);
  expect(html.post).toBe(html.feed);
});
