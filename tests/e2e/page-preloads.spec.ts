import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { EMAIL_OPTION, expectFeed, signInWithEmail } from './support/sign-in.ts';

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

test('a topic page names the library screens’ scripts in its HTML, and fetches each of them once', async ({ page }) => {
  await page.goto('/sign-in');
  await signInWithEmail(page, DEMO_USERS.acmeUser);
  await expectFeed(page);
  const { named, fetched } = await scriptsOf(page, '/topic/latest', page.getByRole('main').getByRole('article').first());
  for (const chunk of ['/assets/library-routes-', '/assets/use-infinite-scroll-']) {
    const script = [...named].find((name) => name.startsWith(chunk));
    expect(script, `${chunk} is named in the HTML`).toBeDefined();
    expect(fetched.filter((name) => name === script)).toHaveLength(1);
  }
  // The search screen's own code (its search box) is not a topic page's.
  expect(fetched.filter((name) => name.startsWith('/assets/search-'))).toEqual([]);
});

test('each page copy is only for its own pages: the feed, the post dialog and search get the app’s own page', async ({ page }) => {
  await page.goto('/legal/terms');
  const html = await page.evaluate(async () => {
    const read = async (path: string) => (await fetch(path, { headers: { accept: 'text/html' } })).text();
    return {
      feed: await read('/'),
      topic: await read('/topic/1'),
      bookmarks: await read('/bookmarks'),
      featured: await read('/featured'),
      search: await read('/search'),
      post: await read('/post/1'),
      signIn: await read('/sign-in/email'),
    };
  });
  expect(html.signIn).toContain('/assets/auth-routes-');
  expect(html.signIn).not.toContain('/assets/library-routes-');
  expect(html.topic).toContain('/assets/library-routes-');
  expect(html.topic).not.toContain('/assets/auth-routes-');
  expect(html.bookmarks).toBe(html.topic);
  expect(html.featured).toBe(html.topic);
  expect(html.feed).not.toContain('/assets/auth-routes-');
  expect(html.feed).not.toContain('/assets/library-routes-');
  expect(html.search).toBe(html.feed);
  expect(html.post).toBe(html.feed);
});

test.describe('signed in', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('tabster, Fluent’s focus manager, is in none of the scripts the feed’s HTML names, and outlives a dialog closed at once', async ({ page }) => {
    const { named } = await scriptsOf(page, '/', page.getByRole('main').getByRole('article').first());
    expect(named.size).toBeGreaterThan(0);
    const withTabster = await page.evaluate(async (paths) => {
      const scripts = await Promise.all(paths.map(async (path) => ({ path, text: await (await fetch(path)).text() })));
      // The name of the event tabster's focus restorer listens for: in its code, nowhere else.
      return scripts.filter((script) => script.text.includes('tabster:restorer:restore-focus')).map((script) => script.path);
    }, [...named]);
    expect(withTabster, 'scripts named in the HTML that carry tabster').toEqual([]);
    // The post dialog may be the first to start tabster; closed as soon as it shows, it must give
    // the focus back to the card's title and leave the page in the accessibility tree.
    const title = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');
    await title.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(title).toBeFocused();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  });

  test('a page load of a post loads the feed’s first picture before it asks for the dialog’s code, then asks for the dialog’s files at once', async ({ page }) => {
    await page.goto('/');
    const href = await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/post\/\d+$/);
    await page.addInitScript(() => {
      // The first card's picture (behind the dialog): when it has loaded.
      document.addEventListener(
        'load',
        (event) => {
          const target = event.target;
          if (target instanceof HTMLImageElement && target.matches('main article img')) (window as { firstPictureLoaded?: number }).firstPictureLoaded ??= performance.now();
        },
        true,
      );
    });
    await page.goto(href ?? '');
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible();
    const timing = await page.evaluate(async () => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const chunk = resources.find((entry) => /\/assets\/post-dialog-[\w-]+\.js$/.test(entry.name));
      // The dialog's first request: the chunk's stylesheet, asked for before the chunk.
      const firstAsked = Math.min(...resources.filter((entry) => entry.name.includes('/assets/post-dialog-')).map((entry) => entry.startTime));
      // When the picture had loaded (recorded by the script added before the page loaded).
      const loaded = (window as { firstPictureLoaded?: number }).firstPictureLoaded ?? null;
      // The chunk's own imports, as its code names them, and those the page does not name to the
      // browser (a module preload, or the entry's script) for it to fetch beside the chunk.
      const code = chunk ? await (await fetch(chunk.name)).text() : '';
      const imports = [...code.matchAll(/from\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((match) => match[1] ?? '');
      const named = new Set(
        [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map((element) =>
          new URL(element instanceof HTMLLinkElement ? element.href : element.src).pathname.replace('/assets/', ''),
        ),
      );
      return {
        loaded,
        firstAsked,
        chunkStart: chunk?.startTime ?? null,
        imports: imports.length,
        notNamed: imports.filter((file) => !named.has(file)),
      };
    });
    expect(timing.chunkStart, 'the dialog’s chunk was loaded').not.toBeNull();
    expect(timing.loaded, 'the first card’s picture had loaded').not.toBeNull();
    expect(timing.firstAsked).toBeGreaterThan(timing.loaded ?? Number.POSITIVE_INFINITY);
    // Named with the chunk, its imports are fetched beside it; found only as it runs, they came a
    // round trip later, and theirs another.
    expect(timing.imports).toBeGreaterThan(5);
    expect(timing.notNamed).toEqual([]);
  });
});
