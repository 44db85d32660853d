import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { CompanyApi } from './support/api.ts';
import { DEMO_USERS } from './support/demo.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding, FRESH_PASSWORD } from './support/fresh-user.ts';
import { expectFeed, postTitles, signInWithEmail } from './support/sign-in.ts';

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

test.describe('feed and topic pages as user@acme.example (read only)', () => {
  // Signed in here rather than from the shared storage state, so the library state this spec
  // keeps in localStorage starts empty in each test.
  test.beforeEach(async ({ page }) => {
    await page.goto('/sign-in');
    await signInWithEmail(page, DEMO_USERS.acmeUser);
    await expectFeed(page);
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
