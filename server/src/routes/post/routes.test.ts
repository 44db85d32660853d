import { ErrorCode, FeedResponse, LastPostIdResponse, Network, PostListResponse, PostResponse, PostType } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { categories, categoryFollows, companies, postCategories, type PostRow } from '../../db/schema.ts';
import { buildTopic, buildCompany, buildLike, buildPost, buildShare, buildUser, imageMedia, linkAttachment, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let p: Record<'text' | 'image' | 'link' | 'older' | 'sharedByUser' | 'expired' | 'scheduled' | 'notLive' | 'globex', PostRow>;
let topics: Record<'news' | 'careers' | 'empty' | 'globexTopic', { id: number; name: string }>;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  const { acme, globex } = f;
  topics = {
    news: await buildTopic(t.db, acme, 'News'),
    careers: await buildTopic(t.db, acme, 'careers'),
    empty: await buildTopic(t.db, acme, 'Zeta'),
    globexTopic: await buildTopic(t.db, globex, 'Globex topic'),
  };
  p = {
    text: await buildPost(t.db, acme, { title: 'Launch day', content: 'We launched.', hashtags: ['launch', 'AI'] }, { hoursAgo: 1, categories: [topics.news] }),
    image: await buildPost(
      t.db,
      acme,
      { title: 'Office photo', type: PostType.IMAGE, media: imageMedia('office'), isFeatured: true },
      { hoursAgo: 2, categories: [topics.news, topics.careers] },
    ),
    link: await buildPost(
      t.db,
      acme,
      { title: 'Hiring engineers', type: PostType.URL, url: 'https://www.example.org/jobs', attachment: linkAttachment('https://www.example.org/jobs'), twitter: false },
      { hoursAgo: 3, categories: [topics.careers] },
    ),
    older: await buildPost(t.db, acme, { title: 'Popular 50% off' }, { hoursAgo: 10, categories: [topics.news] }),
    sharedByUser: await buildPost(t.db, acme, { title: 'Shared once' }, { hoursAgo: 5 }),
    expired: await buildPost(t.db, acme, { title: 'Expired', expiration: new Date(Date.now() - HOUR) }, { hoursAgo: 20, categories: [topics.news] }),
    scheduled: await buildPost(t.db, acme, { title: 'Scheduled', start: new Date(Date.now() + 24 * HOUR) }, { categories: [topics.news] }),
    notLive: await buildPost(t.db, acme, { title: 'Not live', status: 2 }, { hoursAgo: 1 }),
    globex: await buildPost(t.db, globex, { title: 'Globex news' }, { hoursAgo: 1, categories: [topics.globexTopic] }),
  };
  await buildShare(t.db, p.older, f.acmeAdmin, Network.TWITTER);
  await buildShare(t.db, p.older, f.multi, Network.LINKEDIN);
  await buildShare(t.db, p.older, f.acmeAdmin, Network.LINKEDIN);
  await buildShare(t.db, p.sharedByUser, f.acmeUser, Network.FACEBOOK);
  await buildLike(t.db, p.text, f.acmeUser);
  await buildLike(t.db, p.text, f.acmeAdmin);
  await t.db.insert(categoryFollows).values([
    { userId: f.acmeUser.id, categoryId: topics.careers.id, companyId: acme.id, position: 0 },
    { userId: f.acmeUser.id, categoryId: topics.news.id, companyId: acme.id, position: 1 },
    { userId: f.acmeUser.id, categoryId: topics.empty.id, companyId: acme.id, position: 2 },
    { userId: f.acmeAdmin.id, categoryId: topics.news.id, companyId: acme.id, position: 0 },
    { userId: f.acmeAdmin.id, categoryId: topics.careers.id, companyId: acme.id, position: 1 },
    { userId: f.multi.id, categoryId: topics.globexTopic.id, companyId: globex.id, position: 0 },
  ]);
});
afterAll(() => t.close());

async function list(query: string, token = f.tokens.acmeUser, subdomain = 'acme') {
  const res = await get(t.app, subdomain, `/api/v4/post/?${query}`, token);
  expect(res.statusCode).toBe(200);
  return PostListResponse.parse(res.json());
}
const titles = (posts: { title: string }[]) => posts.map((x) => x.title);

describe('GET /api/v4/post/', () => {
  it('lists live posts of the host company, newest first', async () => {
    const body = await list('_=123');
    expect(titles(body.objects)).toEqual(['Launch day', 'Office photo', 'Hiring engineers', 'Shared once', 'Popular 50% off']);
    expect(body).toMatchObject({ num_results: 5, total_pages: 1, page_num: 1 });
  });

  it.each([
    { page: 1, expected: ['Launch day', 'Office photo'] },
    { page: 2, expected: ['Hiring engineers', 'Shared once'] },
    { page: 3, expected: ['Popular 50% off'] },
    { page: 4, expected: [] },
  ])('pages by results_per_page (page $page of 3)', async ({ page, expected }) => {
    const body = await list(`results_per_page=2&page_num=${page}`);
    expect(titles(body.objects)).toEqual(expected);
    expect(body).toMatchObject({ num_results: 5, total_pages: 3, page_num: page });
  });

  it('sorts top performing by share count, then newest', async () => {
    const body = await list('sort_by=top_performing');
    expect(titles(body.objects)).toEqual(['Popular 50% off', 'Shared once', 'Launch day', 'Office photo', 'Hiring engineers']);
  });

  it('filters unshared: posts this user has not shared', async () => {
    expect(titles((await list('filter_by=unshared')).objects)).not.toContain('Shared once');
    expect(titles((await list('filter_by=unshared', f.tokens.acmeAdmin)).objects)).toEqual([
      'Launch day',
      'Office photo',
      'Hiring engineers',
      'Shared once',
    ]);
  });

  it('filters by any of the given categories', async () => {
    expect(titles((await list(`categories=${topics.careers.id}`)).objects)).toEqual(['Office photo', 'Hiring engineers']);
    expect(titles((await list(`categories=${topics.careers.id},${topics.news.id}`)).objects)).toEqual([
      'Launch day',
      'Office photo',
      'Hiring engineers',
      'Popular 50% off',
    ]);
    expect((await list(`categories=${topics.globexTopic.id}`)).num_results).toBe(0);
  });

  it.each([
    { query: 'hiring', expected: ['Hiring engineers'] },
    { query: 'LAUNCHED', expected: ['Launch day'] },
    { query: '#ai', expected: ['Launch day'] },
    { query: 'ai', expected: ['Launch day'] },
    { query: '50%', expected: ['Popular 50% off'] },
    { query: '%', expected: [] },
    { query: 'Globex', expected: [] },
    { query: 'launc', expected: ['Launch day'] },
    { query: 'hir eng', expected: ['Hiring engineers'] },
    { query: "eng' | !x", expected: [] },
  ])('searches title, caption and hashtags for "$query" (full text, prefix terms)', async ({ query, expected }) => {
    expect(titles((await list(`query=${encodeURIComponent(query)}`)).objects)).toEqual(expected);
  });

  it('combines filters, sort and search', async () => {
    const body = await list(`sort_by=top_performing&filter_by=unshared&categories=${topics.news.id}&query=o`);
    expect(titles(body.objects)).toEqual(['Popular 50% off', 'Office photo']);
  });

  it('presents each post with topics, counts, the viewer reaction and the source', async () => {
    const body = await list('');
    const text = body.objects.find((x) => x.id === p.text.id);
    const link = body.objects.find((x) => x.id === p.link.id);
    const image = body.objects.find((x) => x.id === p.image.id);
    const older = (await list('sort_by=top_performing')).objects[0];
    expect(text).toMatchObject({
      content_for_viewing: 'We launched. #launch #AI',
      hashtags_string: '#launch #AI',
      source: null,
      url: null,
      reactions: { num_results: 2, reaction: true },
      categories: [{ id: topics.news.id, name: 'News' }],
      mainCategory: { id: topics.news.id, name: 'News' },
      editable: true,
      is_bookmarked: 0,
    });
    expect(link).toMatchObject({ source: 'example.org', url: 'https://www.example.org/jobs', twitter: false, attachment: { type: 'link' } });
    expect(image?.media_images).toEqual(imageMedia('office').images);
    expect(image?.categories.map((c) => c.name)).toEqual(['News', 'careers']);
    expect(older).toMatchObject({ twitter_shares: 1, linkedin_shares: 2, facebook_shares: 0, shares: { num_results: 3 } });
    const asAdmin = await list('', f.tokens.acmeAdmin);
    expect(asAdmin.objects.find((x) => x.id === p.text.id)?.reactions.reaction).toBe(true);
    const asMulti = await list('', f.tokens.multi);
    expect(asMulti.objects.find((x) => x.id === p.text.id)?.reactions.reaction).toBe(false);
  });

  it.each(['sort_by=popular', 'filter_by=mine', 'results_per_page=0', 'results_per_page=101', 'page_num=0', 'categories=abc', 'categories=1,-2'])(
    'rejects %s with 201',
    async (query) => {
      const res = await get(t.app, 'acme', `/api/v4/post/?${query}`, f.tokens.acmeUser);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    },
  );

  it('needs a session', async () => {
    const res = await get(t.app, 'acme', '/api/v4/post/');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('refuses a user of another company', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/', f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('shows a member of two companies only the host company posts', async () => {
    expect(titles((await list('', f.tokens.multiGlobex, 'globex')).objects)).toEqual(['Globex news']);
  });
});

describe('GET /api/v4/post/{id}', () => {
  it('returns a live post', async () => {
    const res = await get(t.app, 'acme', `/api/v4/post/${p.link.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(PostResponse.parse(res.json())).toMatchObject({ id: p.link.id, title: 'Hiring engineers', type: PostType.URL });
  });

  it.each(['expired', 'scheduled', 'notLive', 'globex'] as const)('answers 662 for a post that is %s', async (which) => {
    const res = await get(t.app, 'acme', `/api/v4/post/${p[which].id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ErrorCode.POST_UNAVAILABLE, message: 'The post you have selected is no longer available.' });
  });

  it('presents topics as they are now, main topic first then by name, whoever writes them (topics are kept on the post)', async () => {
    // A company of its own, so the other tests' lists and counts stay as they are.
    const umbrella = await buildCompany(t.db, { subdomain: 'umbrella', name: 'Umbrella' });
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: umbrella }]));
    const [alpha, bravo, charlie] = [await buildTopic(t.db, umbrella, 'alpha'), await buildTopic(t.db, umbrella, 'Bravo'), await buildTopic(t.db, umbrella, 'Charlie')];
    const first = await buildPost(t.db, umbrella, { title: 'Topics kept' }, { hoursAgo: 1 });
    const second = await buildPost(t.db, umbrella, { title: 'Topics kept too' }, { hoursAgo: 2, categories: [alpha] });
    const topicsOf = async (row: PostRow) => {
      const res = await get(t.app, 'umbrella', `/api/v4/post/${row.id}`, token);
      expect(res.statusCode).toBe(200);
      const post = PostResponse.parse(res.json());
      return { names: post.categories.map((c) => c.name), main: post.mainCategory?.name ?? null };
    };
    expect(await topicsOf(first)).toEqual({ names: [], main: null });
    // One statement for several topics, as an import would write them.
    await t.db.insert(postCategories).values([
      { postId: first.id, categoryId: bravo.id, position: 1 },
      { postId: first.id, categoryId: charlie.id, position: 0 },
      { postId: first.id, categoryId: alpha.id, position: 1 },
    ]);
    expect(await topicsOf(first)).toEqual({ names: ['Charlie', 'alpha', 'Bravo'], main: 'Charlie' });
    // A rename reaches every post of the topic, and reorders the topics after the main one.
    await t.db.update(categories).set({ name: 'Delta' }).where(eq(categories.id, alpha.id));
    expect(await topicsOf(first)).toEqual({ names: ['Charlie', 'Bravo', 'Delta'], main: 'Charlie' });
    expect(await topicsOf(second)).toEqual({ names: ['Delta'], main: 'Delta' });
    await t.db.delete(postCategories).where(and(eq(postCategories.postId, first.id), eq(postCategories.categoryId, charlie.id)));
    expect(await topicsOf(first)).toEqual({ names: ['Bravo', 'Delta'], main: 'Bravo' });
    await t.db.update(postCategories).set({ position: 0 }).where(and(eq(postCategories.postId, first.id), eq(postCategories.categoryId, alpha.id)));
    expect(await topicsOf(first)).toEqual({ names: ['Delta', 'Bravo'], main: 'Delta' });
    // A deleted topic leaves its posts (the foreign key's cascade).
    await t.db.delete(categories).where(eq(categories.id, alpha.id));
    expect(await topicsOf(first)).toEqual({ names: ['Bravo'], main: 'Bravo' });
    expect(await topicsOf(second)).toEqual({ names: [], main: null });
  });

  it('answers 662 for an id that does not exist', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/987654', f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });

  it.each(['abc', '0', '99999999999'])('rejects the id %s with 201', async (id) => {
    const res = await get(t.app, 'acme', `/api/v4/post/${id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session', async () => {
    expect((await get(t.app, 'acme', `/api/v4/post/${p.text.id}`)).statusCode).toBe(401);
  });

  it('refuses a user of another company, on either host', async () => {
    expect((await get(t.app, 'acme', `/api/v4/post/${p.text.id}`, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await get(t.app, 'globex', `/api/v4/post/${p.text.id}`, f.tokens.globexUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});

describe('GET /api/v4/post/feed', () => {
  async function feed(query: string, token = f.tokens.acmeUser, subdomain = 'acme') {
    const res = await get(t.app, subdomain, `/api/v4/post/feed?${query}`, token);
    expect(res.statusCode).toBe(200);
    return FeedResponse.parse(res.json());
  }

  it('returns featured, latest and each followed topic with posts in the viewer order', async () => {
    const body = await feed('latest=2&categories_followed=2');
    expect(titles(body.featured)).toEqual(['Office photo']);
    expect(titles(body.latest)).toEqual(['Launch day', 'Office photo']);
    expect(body.topics.map((x) => x.category.name)).toEqual(['careers', 'News']);
    expect(body.topics.map((x) => titles(x.posts))).toEqual([
      ['Office photo', 'Hiring engineers'],
      ['Launch day', 'Office photo'],
    ]);
  });

  it('follows each viewer own topics and order', async () => {
    const body = await feed('', f.tokens.acmeAdmin);
    expect(body.topics.map((x) => x.category.name)).toEqual(['News', 'careers']);
    const unfollowing = await buildUser(t.db, [{ company: f.acme }]);
    expect((await feed('', await sessionFor(t.db, unfollowing))).topics).toEqual([]);
  });

  it('applies the filter and sort to every section and counts the matches', async () => {
    const all = await feed('');
    expect(all.num_results).toBe(5);
    const body = await feed('filter_by=unshared&sort_by=top_performing', f.tokens.acmeAdmin);
    expect(titles(body.latest)).toEqual(['Shared once', 'Launch day', 'Office photo', 'Hiring engineers']);
    expect(body.topics.map((x) => titles(x.posts))).toEqual([['Launch day', 'Office photo'], ['Office photo', 'Hiring engineers']]);
    expect(body.num_results).toBe(4);
  });

  it('uses the defaults: 12 latest and 4 posts per topic', async () => {
    const body = await feed('');
    expect(body.latest).toHaveLength(5);
    expect(body.topics.find((x) => x.category.name === 'News')?.posts).toHaveLength(3);
  });

  it('presents the same post the same way wherever it appears', async () => {
    const body = await feed('');
    const inLatest = body.latest.find((x) => x.id === p.image.id);
    const inTopic = body.topics[0]?.posts.find((x) => x.id === p.image.id);
    expect(inTopic).toEqual(inLatest);
  });

  it('rejects latest=51 with 201', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/feed?latest=51', f.tokens.acmeUser)).statusCode).toBe(400);
  });

  it('needs a session and membership', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/feed')).statusCode).toBe(401);
    expect((await get(t.app, 'acme', '/api/v4/post/feed', f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('shows only the host company topics and posts', async () => {
    const body = await feed('', f.tokens.multiGlobex, 'globex');
    expect(titles(body.latest)).toEqual(['Globex news']);
    expect(body.topics.map((x) => x.category.name)).toEqual(['Globex topic']);
  });
});

describe('GET /api/v4/post/last-post-id', () => {
  async function lastPostId(token = f.tokens.acmeUser, subdomain = 'acme') {
    const res = await get(t.app, subdomain, '/api/v4/post/last-post-id?_=1', token);
    expect(res.statusCode).toBe(200);
    return LastPostIdResponse.parse(res.json()).id;
  }

  it("answers the feed's newest post: live, started, not expired, of the host company", async () => {
    // Newer but scheduled, not live or another company's: none of them counts.
    expect(await lastPostId()).toBe(p.text.id);
    expect((await get(t.app, 'acme', '/api/v4/post/feed', f.tokens.acmeUser)).json().latest[0].id).toBe(p.text.id);
    expect(await lastPostId(f.tokens.multiGlobex, 'globex')).toBe(p.globex.id);
  });

  it('answers null for an empty library, then the post published into it', async () => {
    const hooli = await buildCompany(t.db, { subdomain: 'hooli', name: 'Hooli' });
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: hooli }]));
    expect(await lastPostId(token, 'hooli')).toBeNull();
    await buildPost(t.db, hooli, { title: 'Older' }, { hoursAgo: 2 });
    const fresh = await buildPost(t.db, hooli, { title: 'Fresh news' }, { hoursAgo: 0 });
    expect(await lastPostId(token, 'hooli')).toBe(fresh.id);
  });

  it('needs a session and membership', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/last-post-id')).json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await get(t.app, 'acme', '/api/v4/post/last-post-id', f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('GET /api/v4/post/ search ranking', () => {
  let ranked: Record<'inTitle' | 'inContent' | 'inTag', PostRow>;
  beforeAll(async () => {
    const topic = await buildTopic(t.db, f.acme, 'Ranking');
    ranked = {
      inContent: await buildPost(t.db, f.acme, { title: 'Quarterly training', content: 'Remember the compliance module.' }, { hoursAgo: 0.1, categories: [topic] }),
      inTitle: await buildPost(t.db, f.acme, { title: 'Compliance policy update', content: 'What changes for compliance this year.' }, { hoursAgo: 30, categories: [topic] }),
      inTag: await buildPost(t.db, f.acme, { title: 'Audit results', content: 'All green.', hashtags: ['ComplianceWins'] }, { hoursAgo: 40, categories: [topic] }),
    };
  });
  const ids = (posts: { id: number }[]) => posts.map((x) => x.id);

  it("finds 'compliance' from the prefix 'compl', best match first", async () => {
    const body = await list('query=compl');
    expect(ids(body.objects)).toEqual([ranked.inTitle.id, ranked.inTag.id, ranked.inContent.id]);
    expect(body.num_results).toBe(3);
  });

  it('orders matches newest first when Latest is chosen', async () => {
    expect(ids((await list('query=compl&sort_by=latest')).objects)).toEqual([ranked.inContent.id, ranked.inTitle.id, ranked.inTag.id]);
  });

  it('combines the search with Top Performing and Unshared', async () => {
    await buildShare(t.db, ranked.inTag, f.acmeAdmin, Network.TWITTER);
    await buildShare(t.db, ranked.inContent, f.acmeUser, Network.TWITTER);
    expect(ids((await list('query=compliance&sort_by=top_performing&filter_by=unshared')).objects)).toEqual([ranked.inTag.id, ranked.inTitle.id]);
  });
});

describe('GET /api/v4/post/ special lists', () => {
  async function addBookmark(token: string, postId: number, subdomain = 'acme') {
    return t.app.inject({ method: 'POST', url: `/api/v2/post/${postId}/bookmark`, headers: { host: `${subdomain}.localhost:3000`, 'x-auth-token': token } });
  }

  it('lists the viewer own bookmarks only', async () => {
    expect((await addBookmark(f.tokens.acmeUser, p.link.id)).statusCode).toBe(200);
    expect((await addBookmark(f.tokens.acmeAdmin, p.text.id)).statusCode).toBe(200);
    const body = await list('type=bookmarks');
    expect(titles(body.objects)).toEqual(['Hiring engineers']);
    expect(body.objects[0]).toMatchObject({ is_bookmarked: 1, is_subscribed: true });
    expect(titles((await list('type=bookmarks', f.tokens.acmeAdmin)).objects)).toEqual(['Launch day']);
    expect((await list('type=bookmarks', f.tokens.multi)).num_results).toBe(0);
  });

  it('lists featured posts', async () => {
    expect(titles((await list('type=featured')).objects)).toEqual(['Office photo']);
  });

  it('recommends recent posts the viewer has not shared, most shared first', async () => {
    const body = await list('type=recommended&results_per_page=4&filter_by=all&sort_by=latest');
    expect(body.objects.map((x) => x.title)).not.toContain('Shared once');
    expect(body.objects[0]?.title).toBe('Popular 50% off');
    expect(body.objects).toHaveLength(4);
  });

  it('refuses bookmarks and featured lists when their toggles are off (403)', async () => {
    const off = await t.db
      .insert(companies)
      .values({ subdomain: 'initech', name: 'Initech', title: 'Initech', featureToggles: { ...f.acme.featureToggles, notifications_enabled: false, featured_posts: false } })
      .returning();
    const member = await buildUser(t.db, [{ company: off[0] ?? f.acme }]);
    const token = await sessionFor(t.db, member);
    for (const type of ['bookmarks', 'featured']) {
      const res = await get(t.app, 'initech', `/api/v4/post/?type=${type}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await get(t.app, 'initech', '/api/v4/post/?type=recommended', token)).statusCode).toBe(200);
  });

  it('rejects an unknown list type with 201', async () => {
    expect((await get(t.app, 'acme', '/api/v4/post/?type=drafts', f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });
});
