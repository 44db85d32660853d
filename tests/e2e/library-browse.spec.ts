import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { ACME_USER_STATE, DEMO_USERS } from './support/demo.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding, FRESH_PASSWORD } from './support/fresh-user.ts';
import { EMAIL_OPTION, expectFeed, postTitles } from './support/sign-in.ts';

interface ListedPost {
  id: number;
  title: string;
}

/** GET /api/v4/post/ as user@acme.example (read only). */
async function listAsUser(baseURL: string | undefined, query: Record<string, string>): Promise<{ objects: ListedPost[]; num_results: number }> {
  const api = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
  const params = new URLSearchParams({ ...query, _: String(Date.now()) });
  const { status, body } = await api.send('GET', `/api/v4/post/?${params.toString()}`);
  await api.dispose();
  expect(status).toBe(200);
  return body as { objects: ListedPost[]; num_results: number };
}

/**
 * Holds the signed-in user's record 1.5 s, and notes when it answered and when each request was
 * first asked (by path; a post list by its topics), for a page load whose requests must not wait
 * for the session's answers.
 */
async function holdUserRecord(page: Page): Promise<{ expectAskedBeforeUserAnswered(names: readonly string[]): void }> {
  const userRecord = /^\/api\/v1\/user\/\d+$/;
  await page.route((url) => userRecord.test(url.pathname), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  let userAnswered = 0;
  const asked = new Map<string, number>();
  page.on('response', (response) => {
    if (userAnswered === 0 && userRecord.test(new URL(response.url()).pathname)) userAnswered = Date.now();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    // A post list by its topics, a chunk of the build by its name without the hash (`/assets/library-routes.js`).
    const chunk = /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(url.pathname)?.[1];
    const name =
      url.pathname === '/api/v4/post/' && url.searchParams.has('categories')
        ? `${url.pathname}?categories=${url.searchParams.get('categories')}`
        : chunk !== undefined
          ? `/assets/${chunk}.js`
          : url.pathname;
    if (!asked.has(name)) asked.set(name, Date.now());
  });
  return {
    expectAskedBeforeUserAnswered(names) {
      expect(userAnswered, 'the user record was asked for and answered').toBeGreaterThan(0);
      for (const name of names) {
        const when = asked.get(name) ?? 0;
        expect(when, `${name} was asked for`).toBeGreaterThan(0);
        expect(when, `${name} was asked before the user record answered`).toBeLessThan(userAnswered);
      }
    },
  };
}

test.describe('feed and topic pages as user@acme.example (read only)', () => {
  // The shared signed-in state (one session, signed in once by auth.setup.ts): it holds the
  // session and no library state (the app writes that only when the member changes a filter,
  // a sort or a search), so the library state this spec keeps in localStorage starts empty in
  // each test, as it did when each test signed in through the form.
  test.use({ storageState: ACME_USER_STATE });

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expectFeed(page);
  });

  test('card tooltips are mounted on first use, and show for the pointer and the keyboard', async ({ page }) => {
    // Before any is used no tooltip is in the page, not even a hidden one: the triggers carry their text.
    await expect(page.locator('[role="tooltip"]')).toHaveCount(0);
    const card = page.getByRole('region', { name: 'Latest' }).getByRole('article').first();
    const bookmark = card.getByRole('button', { name: 'Bookmark', exact: true });
    await expect(bookmark).toHaveAccessibleDescription(/^(Bookmark|Remove bookmark)$/);

    // The keyboard: from the likes count back to the heart, its tooltip shows; Escape hides it.
    await card.getByRole('button', { name: /^Likes: \d+$/ }).focus();
    await page.keyboard.press('Shift+Tab');
    const heart = card.getByRole('button', { name: /^(Like Post|Remove Like)$/ });
    await expect(heart).toBeFocused();
    const heartName = (await heart.getAttribute('aria-label')) ?? '';
    await expect(page.getByRole('tooltip', { name: heartName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(heart).toBeFocused();

    // The pointer: the bookmark's description shows on hover, and goes when the pointer leaves.
    await bookmark.hover();
    const hint = page.getByRole('tooltip');
    await expect(hint).toHaveText(/^(Bookmark|Remove bookmark)$/);
    await page.mouse.move(0, 0);
    await expect(hint).toHaveCount(0);
    // Used once, it is Fluent's own: it shows again on the next hover.
    await bookmark.hover();
    await expect(hint).toBeVisible();
  });

  test("a topic page paints without Fluent's tooltip code, which comes with the first tooltip used", async ({ page }) => {
    const tooltipCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/fluent-tooltip-[\w-]+\.js$/.test(new URL(request.url()).pathname)) tooltipCode.push(request.url());
    });
    await page.goto('/topic/latest');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    // Every card and its controls are on screen (post-grid.tsx), each with a tooltip still to use.
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    expect(tooltipCode, 'no tooltip code before a tooltip is used').toEqual([]);
    const bookmark = page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Bookmark', exact: true });
    // Its description is there before the code, and while it comes.
    await expect(bookmark).toHaveAccessibleDescription(/^(Bookmark|Remove bookmark)$/);
    await bookmark.hover();
    await expect(page.getByRole('tooltip')).toHaveText(/^(Bookmark|Remove bookmark)$/);
    await expect(bookmark).toHaveAccessibleDescription(/^(Bookmark|Remove bookmark)$/);
    expect(tooltipCode).toHaveLength(1);
  });

  test('a page load of the feed asks for the feed beside the session, not after its answers', async ({ page }) => {
    const session = await holdUserRecord(page);
    await page.goto('/');
    await expectFeed(page);
    session.expectAskedBeforeUserAnswered(['/api/v4/post/feed']);
  });

  test('a page load of the feed asks for its data before the app first renders', async ({ page }) => {
    // When the app's first commit replaces the boot spinner of index.html, in the page's own clock.
    await page.addInitScript(() => {
      const marks = window as unknown as { bootReplacedAt?: number };
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('#root') !== null && document.querySelector('.chorus-boot') === null) {
          marks.bootReplacedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expectFeed(page);
    const { replaced, asked } = await page.evaluate(() => {
      const started = (path: string) =>
        performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path)?.startTime ?? Number.NaN;
      return {
        replaced: (window as unknown as { bootReplacedAt?: number }).bootReplacedAt ?? Number.NaN,
        asked: { feed: started('/api/v4/post/feed'), config: started('/api/v1/config/info'), branding: started('/api/v1/company/settings/branded-settings') },
      };
    });
    expect(replaced, 'the boot spinner was replaced').toBeGreaterThan(0);
    expect(asked.feed, 'the feed was asked before the first render committed').toBeLessThan(replaced);
    expect(asked.config, 'the company configuration was asked before the first render committed').toBeLessThan(replaced);
    expect(asked.branding, 'the company branding was asked before the first render committed').toBeLessThan(replaced);
  });

  test('a page load of /post/{id} asks for the post and the feed beside the session, not after its answers', async ({ page, baseURL }) => {
    const post = (await listAsUser(baseURL, { results_per_page: '1' })).objects[0];
    expect(post).toBeDefined();
    const session = await holdUserRecord(page);
    await page.goto(`/post/${post?.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: post?.title ?? '', exact: true }).first()).toBeVisible();
    // The feed behind the dialog too.
    session.expectAskedBeforeUserAnswered([`/api/v4/post/${post?.id}`, '/api/v4/post/feed']);
  });

  test('behind a post opened by its address, the feed polls for new posts and tracks impressions only once the post is closed', async ({ page, baseURL }) => {
    const post = (await listAsUser(baseURL, { results_per_page: '1' })).objects[0];
    expect(post).toBeDefined();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/v4/post/last-post-id' || /\/assets\/impression-tracker-[\w-]+\.js$/.test(pathname)) asked.push(pathname.startsWith('/api/') ? 'poll' : 'tracker');
    });
    await page.goto(`/post/${post?.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2, name: post?.title ?? '', exact: true })).toBeVisible();
    // The post's own parts come in their turns while the feed behind waits (lib/after-first-paint.tsx).
    await expect(dialog.getByRole('button', { name: 'Bookmark', exact: true })).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(asked, 'nothing asked for the feed behind the open post').toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => [...new Set(asked)].sort()).toEqual(['poll', 'tracker']);
  });

  test('a page load of a topic page asks for its posts and its header\'s data beside the session, not after its answers', async ({ page, baseURL }) => {
    const api = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
    const { status, body } = await api.send('GET', '/api/v1/category');
    await api.dispose();
    expect(status).toBe(200);
    const topic = (body as { objects: { id: number; name: string }[] }).objects[0];
    expect(topic).toBeDefined();
    const session = await holdUserRecord(page);
    await page.goto(`/topic/${topic?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: topic?.name ?? '', exact: true })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();
    // The topic's posts, and the topic list and the member's follows its header waits for, and
    // the library screens' code with its imports (the topic view's infinite scroll among them).
    session.expectAskedBeforeUserAnswered([
      `/api/v4/post/?categories=${topic?.id}`,
      '/api/v1/category',
      '/api/v2/user/category',
      '/assets/library-routes.js',
      '/assets/use-infinite-scroll.js',
    ]);
  });

  test('the first screen\'s pictures load at once and first, every other picture as it nears the screen', async ({ page }) => {
    // Per picture in a card of the page's main region: which grid (in page order), which card, how it loads.
    const cardPictures = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main ul')].flatMap((grid, gridIndex) =>
          [...grid.querySelectorAll(':scope > li')].flatMap((item, card) =>
            [...item.querySelectorAll('article img')].map((img) => ({ grid: gridIndex, card, loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority') })),
          ),
        ),
      );
    for (const path of ['/', '/topic/latest']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      // The cards after the first screen come a few per frame after the first paint (post-grid.tsx).
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      const pictures = await cardPictures();
      const firstGrid = pictures[0]?.grid;
      const first = pictures.filter((p) => p.grid === firstGrid && p.card < 2);
      const rest = pictures.filter((p) => !(p.grid === firstGrid && p.card < 2));
      expect(first.length, `${path}: the first cards have pictures`).toBeGreaterThan(0);
      expect(rest.length, `${path}: later cards have pictures`).toBeGreaterThan(0);
      expect(first.every((p) => p.loading === 'eager' && p.priority === 'high'), `${path}: ${JSON.stringify(first)}`).toBe(true);
      expect(rest.every((p) => p.loading === 'lazy' && p.priority === null), `${path}: ${JSON.stringify(rest)}`).toBe(true);
    }
  });

  test("a page load asks for its first card's picture as its data arrives, once, at high priority", async ({ page }) => {
    // What reaches the network, from Chromium's own record: a request the browser answered from its
    // caches (a second look-up of a picture already fetched) costs no download, and whether its
    // renderer looks twice depends on timing, so only fetches the network answered are counted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const fetched: string[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const { url, fromDiskCache, fromPrefetchCache, fromServiceWorker } = event.response;
      if (!fromDiskCache && !fromPrefetchCache && !fromServiceWorker && new URL(url).pathname.startsWith('/media/')) fetched.push(new URL(url).pathname);
    });
    for (const path of ['/', '/topic/latest']) {
      // No page left behind to ask for pictures while this one loads, and nothing in the cache: each picture comes from the server.
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      fetched.length = 0;
      await page.goto(path);
      const picture = page.getByRole('main').locator('ul').first().locator(':scope > li').first().locator('article img').first();
      await expect(picture).toBeVisible();
      const src = new URL((await picture.getAttribute('src')) ?? '', page.url()).pathname;
      // React's preload() put it in the document (web/src/features/posts/first-screen.ts) before the card asked for it.
      const hints = page.locator(`head link[rel="preload"][as="image"][fetchpriority="high"]`);
      await expect(hints).toHaveCount(1);
      expect(new URL((await hints.getAttribute('href')) ?? '', page.url()).pathname, path).toBe(src);
      await expect(picture).toHaveJSProperty('complete', true);
      // The preload and the card's <img> shared one download of the picture.
      expect(fetched.filter((asset) => asset === src), `${path}: ${JSON.stringify(fetched)}`).toHaveLength(1);
    }
    await cdp.detach();
  });

  test('a page load shows one kind of spinner until the page paints, never a Suspense fallback that holds the page back', async ({ page }) => {
    // Each spinner shown while the page loads, and whether React shows it as a Suspense boundary's
    // fallback: a boundary that has shown its fallback reveals its content no sooner than 300 ms
    // after (React's FALLBACK_THROTTLE_MS), so a page whose code and data were in waited on a timer.
    await page.addInitScript(() => {
      const spinners: boolean[] = [];
      Object.assign(window, { __spinners: spinners });
      /** React's fiber of a DOM element: the first Suspense above it shows its fallback when the path passes through the fallback's fragment. */
      const asFallback = (element: Element): boolean => {
        const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
        let fiber = key === undefined ? null : (element as unknown as Record<string, { tag: number; return: unknown } | null>)[key];
        let child: { tag: number } | null = null;
        while (fiber) {
          // 13: a Suspense boundary; its primary content sits under an Offscreen fiber (22), its fallback under a Fragment (7).
          if (fiber.tag === 13) return child?.tag === 7;
          child = fiber;
          fiber = fiber.return as typeof fiber;
        }
        return false;
      };
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const spinner of document.querySelectorAll('.fui-Spinner')) {
          if (seen.has(spinner)) continue;
          seen.add(spinner);
          spinners.push(asFallback(spinner));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    // The library strings (the filter and sort row's) come late, so the page's first render waits for them.
    await page.route(/\/assets\/library-[\w-]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/');
    await expectFeed(page);
    const spinners = await page.evaluate(() => (window as unknown as { __spinners: boolean[] }).__spinners);
    expect(spinners.length, 'a spinner showed while the page loaded').toBeGreaterThan(0);
    expect(spinners, 'no spinner was a Suspense fallback').not.toContain(true);
  });

  test('the feed paints its filter and sort row with its cards: nothing moves down when its strings arrive late', async ({ page }) => {
    // Where the first card was in the frame that first showed it.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const card = document.querySelector('main article');
        if (card === null) return;
        observer.disconnect();
        Object.assign(window, { __firstCardTop: card.getBoundingClientRect().top });
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    // A slow network: the row's strings (the library namespace) arrive well after the feed's answer (routing also turns the cache off).
    await page.route(/\/assets\/library-[\w-]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/');
    await expectFeed(page);
    await expect(page.getByRole('group', { name: 'Filter posts' })).toBeVisible();
    const tops = await page.evaluate(() => ({
      atFirstPaint: (window as unknown as { __firstCardTop?: number }).__firstCardTop ?? null,
      now: document.querySelector('main article')?.getBoundingClientRect().top ?? null,
      scrolled: window.scrollY,
    }));
    expect(tops.scrolled).toBe(0);
    expect(tops.atFirstPaint).not.toBeNull();
    expect(tops.now).toBe(tops.atFirstPaint);
  });

  test('a desktop feed paints its featured carousel with as many slides as fit: nothing shifts as the page settles', async ({ page, baseURL }) => {
    const featuredPosts = (await listAsUser(baseURL, { type: 'featured', results_per_page: '100' })).num_results;
    expect(featuredPosts).toBeGreaterThan(1);
    // Every layout shift of the load (none follows input here).
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node))) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { __shifts: shifts });
    });
    await page.goto('/');
    await expectFeed(page);
    // 1280 px wide: the carousel holds several slides side by side, with no Previous and Next
    // when they all fit (the count is measured before the first paint, never a frame later).
    const carousel = page.locator('main [data-slides]');
    await expect(carousel).toHaveAttribute('data-slides', /^[2-4]$/);
    const slides = Number(await carousel.getAttribute('data-slides'));
    const featured = page.getByRole('region', { name: 'Featured', exact: true });
    await expect(featured.getByRole('article')).toHaveCount(Math.min(slides, featuredPosts));
    await expect(featured.getByRole('button', { name: 'Next featured posts' })).toHaveCount(featuredPosts > slides ? 1 : 0);
    // The first card's picture is drawn too, so a shift it caused would be counted.
    await expect(featured.locator('img').first()).toHaveJSProperty('complete', true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
    // A carousel counted a frame late moved the page by half its height (0.5). The cards' action
    // bars, which replace their placeholders after the first paint, move a card's lines by a
    // pixel (some 0.001 each, already so before this test): far under Lighthouse's 0.1.
    expect(shifts.filter((shift) => shift.value >= 0.01)).toEqual([]);
  });

  test('the feed shows followed topics, Customize Feed, and a title count capped at 20+', async ({ page }) => {
    await page.goto('/');
    await expectFeed(page);
    await expect(page).toHaveTitle(/^\(20\+\) Feed \| Acme Corporation$/);
    for (const topic of ['Company News', 'Product Updates', 'Careers', 'Sustainability']) {
      await expect(page.getByRole('region', { name: topic, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Events', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Customize Feed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Topics' })).toHaveAttribute('href', '/manage-topics');
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('filters Unshared and sorts Top Performing, and keeps the choice per user', async ({ page, baseURL }) => {
    const shared = (await listAsUser(baseURL, { results_per_page: '100' })).objects;
    const unshared = new Set((await listAsUser(baseURL, { filter_by: 'unshared', results_per_page: '100' })).objects.map((p) => p.id));
    const sharedTitles = shared.filter((p) => !unshared.has(p.id)).map((p) => p.title);
    expect(sharedTitles.length).toBeGreaterThan(0);
    const top = (await listAsUser(baseURL, { sort_by: 'top_performing', results_per_page: '1' })).objects[0];

    await page.goto('/');
    await expectFeed(page);
    const latest = page.getByRole('region', { name: 'Latest', exact: true });
    const filters = page.getByRole('group', { name: 'Filter posts' });
    const sorts = page.getByRole('group', { name: 'Sort posts' });
    await expect(filters.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sorts.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    expect(await postTitles(latest)).toEqual(expect.arrayContaining([sharedTitles[0]]));

    await filters.getByRole('button', { name: 'Unshared' }).click();
    await expect(filters.getByRole('button', { name: 'Unshared' })).toHaveAttribute('aria-pressed', 'true');
    await expect(latest.getByRole('heading', { name: sharedTitles[0], exact: true })).toHaveCount(0);
    for (const title of await postTitles(page.getByRole('main'))) expect(sharedTitles).not.toContain(title);

    await filters.getByRole('button', { name: 'All Posts' }).click();
    await sorts.getByRole('button', { name: 'Top Performing' }).click();
    await expect(latest.getByRole('article').first().getByRole('heading')).toHaveText(top?.title ?? '');

    await page.reload();
    await expect(page.getByRole('group', { name: 'Sort posts' }).getByRole('button', { name: 'Top Performing' })).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chorus.library.')));
    expect(stored).toHaveLength(1);
  });

  test('honours filter_by and sort_by in the url, and sends query to the search', async ({ page }) => {
    await page.goto('/?filter_by=unshared&sort_by=top_performing&origin=email');
    await expect(page.getByRole('group', { name: 'Filter posts' }).getByRole('button', { name: 'Unshared' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('group', { name: 'Sort posts' }).getByRole('button', { name: 'Top Performing' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/?query=rocket');
    await expect(page).toHaveURL(/\/search\?query=rocket$/);
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('rocket');
  });

  test('Explore scrolls in more posts, and a locked topic cannot be unfollowed', async ({ page }) => {
    await page.goto('/topic/latest');
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole('button', { name: /^(Follow|Following)$/ })).toHaveCount(0);
    await page.getByRole('main').getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(cards.nth(20)).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(20);
    expect(await wcagViolations(page)).toEqual([]);

    await page.goto('/');
    await page.getByRole('link', { name: 'See all posts in Company News' }).click();
    await expect(page.getByRole('heading', { name: 'Company News', level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Following' });
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await toggle.focus();
    await expect(page.getByText("Your administrator added this topic for you, so it can't be unfollowed.")).toBeVisible();
  });

  test('search waits for typing to pause, ranks prefix matches and says when nothing matches', async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v4/post/' && url.searchParams.get('query')) searches.push(url.searchParams.get('query') ?? '');
    });
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search posts' }).pressSequentially('rock');
    await expect(page).toHaveURL(/\/search\?query=rock$/);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const title of await postTitles(page.getByRole('main'))) expect(title).toBeTruthy();
    // One request for the whole word: the 1 s debounce swallowed r, ro and roc.
    expect(searches).toEqual(['rock']);
    await expect(cards.first().getByRole('heading')).toHaveText('Acme Rocket Skates 3.0 are here');
    expect(await wcagViolations(page)).toEqual([]);

    await page.goto('/search?query=zzqqxx');
    await expect(page.getByText('No Posts Available')).toBeVisible();
    await expect(page.getByText('There are no posts that match your search. Please try again.')).toBeVisible();
  });

  test('the featured accordion hides and shows the featured posts', async ({ page }) => {
    const featured = page.getByRole('region', { name: 'Featured', exact: true });
    const cards = featured.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const shown = await postTitles(featured);
    expect(shown.length).toBeGreaterThan(0);
    const hide = featured.getByRole('button', { name: 'Hide' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');

    await hide.click();
    const show = featured.getByRole('button', { name: 'Show' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(cards).toHaveCount(0);
    // Only the featured posts fold away: Latest stays.
    await expect(page.getByRole('region', { name: 'Latest', exact: true }).getByRole('article').first()).toBeVisible();

    await show.click();
    await expect(featured.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await expect(cards.first()).toBeVisible();
    expect(await postTitles(featured)).toEqual(shown);
  });

  test('a topic page filters Unshared and sorts Top Performing', async ({ page, baseURL }) => {
    const api = await CompanyApi.signIn(baseURL ?? '', DEMO_USERS.acmeUser);
    const list = async (query: Record<string, string>): Promise<ListedPost[]> => {
      const { status, body } = await api.send('GET', `/api/v4/post/?${new URLSearchParams({ ...query, _: String(Date.now()) }).toString()}`);
      expect(status).toBe(200);
      return (body as { objects: ListedPost[] }).objects;
    };
    // A topic whose first page holds a post this user shared, and whose top performing post is not its latest.
    const topics = ((await api.send('GET', `/api/v1/category?_=${Date.now()}`)).body as { objects: { id: number; name: string }[] }).objects;
    let chosen: { topic: { id: number; name: string }; sharedTitles: string[]; top: ListedPost; latest: ListedPost } | undefined;
    for (const topic of topics) {
      const categories = String(topic.id);
      const all = await list({ categories });
      const unshared = new Set((await list({ categories, filter_by: 'unshared', results_per_page: '100' })).map((p) => p.id));
      const [top] = await list({ categories, sort_by: 'top_performing', results_per_page: '1' });
      const [latest] = all;
      const sharedTitles = all.filter((p) => !unshared.has(p.id)).map((p) => p.title);
      if (top && latest && top.id !== latest.id && sharedTitles.length > 0) {
        chosen = { topic, sharedTitles, top, latest };
        break;
      }
    }
    await api.dispose();
    if (!chosen) throw new Error('no demo topic has both a shared post and a top performer other than its latest');

    await page.goto(`/topic/${chosen.topic.id}`);
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { name: chosen.topic.name, level: 1 })).toBeVisible();
    const cards = main.getByRole('article');
    await expect(cards.first().getByRole('heading')).toHaveText(chosen.latest.title);
    await expect(main.getByRole('heading', { name: chosen.sharedTitles[0], exact: true }).first()).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filter posts' });
    const sorts = page.getByRole('group', { name: 'Sort posts' });
    await filters.getByRole('button', { name: 'Unshared' }).click();
    await expect(filters.getByRole('button', { name: 'Unshared' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('heading', { name: chosen.sharedTitles[0], exact: true })).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
    for (const title of await postTitles(main)) expect(chosen.sharedTitles).not.toContain(title);

    await filters.getByRole('button', { name: 'All Posts' }).click();
    await sorts.getByRole('button', { name: 'Top Performing' }).click();
    await expect(sorts.getByRole('button', { name: 'Top Performing' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.first().getByRole('heading')).toHaveText(chosen.top.title);
  });

  test('the recommended drawer (/topic/recommended and /topic/-1) shows at most four unshared top posts and no follow toggle', async ({ page, baseURL }) => {
    const recommended = await listAsUser(baseURL, { type: 'recommended', results_per_page: '100' });
    // More candidates than the drawer holds, so the cap of four is what limits it.
    expect(recommended.num_results).toBeGreaterThan(4);
    const expected = recommended.objects.slice(0, 4).map((p) => p.title);

    for (const path of ['/topic/recommended', '/topic/-1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Recommended for you', level: 1 })).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(4);
      expect(await postTitles(page.getByRole('main'))).toEqual(expected);
      await expect(page.getByRole('button', { name: /^(Follow|Following|Unfollow)/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Close recommendations' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('featured lists every featured post', async ({ page, baseURL }) => {
    const featured = await listAsUser(baseURL, { type: 'featured', results_per_page: '100' });
    await page.goto('/featured');
    await expect(page.getByRole('heading', { name: 'Featured', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(featured.num_results);
    expect(await wcagViolations(page)).toEqual([]);
  });
});

test('a fresh user sees their bookmarks listed', async ({ page, baseURL }) => {
  const user = await signUpFreshUser(baseURL ?? '', 'bookmarks');
  const api = await CompanyApi.signIn(baseURL ?? '', user.email, FRESH_PASSWORD);
  const [first] = await api.allPosts();
  if (!first) throw new Error('the demo library is empty');
  expect((await api.send('POST', `/api/v2/post/${first.id}/bookmark`)).body).toEqual({ is_bookmarked: 1, is_subscribed: true });

  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText(first.title);
  expect(await wcagViolations(page)).toEqual([]);

  expect((await api.send('DELETE', `/api/v2/post/${first.id}/bookmark`)).body).toEqual({ is_bookmarked: 0, is_subscribed: false });
  await page.reload();
  await expect(page.getByText('No Posts Available')).toBeVisible();
  await api.dispose();
});

test('the page shows a spinner before any script has run, and the app replaces it', async ({ browser, page, baseURL }) => {
  // index.html's own first paint: what a phone on a slow network sees while the app's code loads.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/sign-in');
  await expect(bare.locator('#root .chorus-boot svg')).toBeVisible();
  await expect(bare.locator('#root .chorus-boot')).toHaveAttribute('aria-hidden', 'true');
  await noScript.close();

  await page.goto('/sign-in');
  await expect(page.getByRole('link', { name: EMAIL_OPTION })).toBeVisible();
  await expect(page.locator('.chorus-boot')).toHaveCount(0);
});
