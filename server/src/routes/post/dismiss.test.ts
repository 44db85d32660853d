/**
 * Dismissing a post from one's feed: `GET /api/v1/post/dismiss/{id}` and its undo, our
 * `DELETE /api/v1/post/dismiss/{id}`.
 */
import { AUTH_COOKIE, DismissResponse, ErrorCode, FeedResponse, PostListResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, hostOf, send, type TestContext } from '../../test/app.ts';
import { categoryFollows, postDismissals, type PostRow } from '../../db/schema.ts';
import { buildTopic, buildPost } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const HOUR = 60 * 60 * 1000;

let t: TestContext;
let f: Tenants;
let p: Record<'launch' | 'featured' | 'older' | 'expired' | 'scheduled' | 'notLive' | 'globex', PostRow>;

beforeAll(async () => {
  // The feed cache on, as in production: a dismissal must retire it at once.
  t = await createTestContext({ env: { CHORUS_CACHE_TTL_MS: '60000' } });
  f = await buildTenants(t.db);
  const news = await buildTopic(t.db, f.acme, 'News');
  p = {
    launch: await buildPost(t.db, f.acme, { title: 'Launch day' }, { hoursAgo: 1, categories: [news] }),
    featured: await buildPost(t.db, f.acme, { title: 'Office photo', isFeatured: true }, { hoursAgo: 2, categories: [news] }),
    older: await buildPost(t.db, f.acme, { title: 'Older news' }, { hoursAgo: 3, categories: [news] }),
    expired: await buildPost(t.db, f.acme, { title: 'Expired', expiration: new Date(Date.now() - HOUR) }, { hoursAgo: 20 }),
    scheduled: await buildPost(t.db, f.acme, { title: 'Scheduled', start: new Date(Date.now() + 24 * HOUR) }),
    notLive: await buildPost(t.db, f.acme, { title: 'Not live', status: 2 }, { hoursAgo: 1 }),
    globex: await buildPost(t.db, f.globex, { title: 'Globex news' }, { hoursAgo: 1 }),
  };
  await t.db.insert(categoryFollows).values([
    { userId: f.acmeUser.id, categoryId: news.id, companyId: f.acme.id, position: 0 },
    { userId: f.acmeAdmin.id, categoryId: news.id, companyId: f.acme.id, position: 0 },
  ]);
});
afterAll(() => t.close());

const titles = (posts: readonly { title: string }[]) => posts.map((x) => x.title);

async function feed(token: string) {
  const res = await get(t.app, 'acme', '/api/v4/post/feed?_=1', token);
  expect(res.statusCode).toBe(200);
  return FeedResponse.parse(res.json());
}

/** Every title the feed shows, section by section. */
async function feedTitles(token: string) {
  const body = await feed(token);
  return { featured: titles(body.featured), latest: titles(body.latest), topics: body.topics.map((x) => titles(x.posts)), total: body.num_results };
}

const dismiss = (id: number, token?: string, subdomain = 'acme') => get(t.app, subdomain, `/api/v1/post/dismiss/${id}?_=2`, token);
const restore = (id: number, token?: string, subdomain = 'acme') => send(t.app, 'DELETE', subdomain, `/api/v1/post/dismiss/${id}`, undefined, token);

async function dismissalCount(): Promise<number> {
  return (await t.db.select().from(postDismissals)).length;
}

describe('GET /api/v1/post/dismiss/{id}', () => {
  it('keeps the post out of every section of that member feed, and only theirs; the undo brings it back', async () => {
    expect(await feedTitles(f.tokens.acmeUser)).toEqual({
      featured: ['Office photo'],
      latest: ['Launch day', 'Office photo', 'Older news'],
      topics: [['Launch day', 'Office photo', 'Older news']],
      total: 3,
    });
    // Loaded once more so a cached answer is what the dismissal has to retire.
    await feedTitles(f.tokens.acmeAdmin);

    const res = await dismiss(p.featured.id, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(DismissResponse.parse(res.json())).toEqual({ id: p.featured.id, dismissed: true });

    expect(await feedTitles(f.tokens.acmeUser)).toEqual({ featured: [], latest: ['Launch day', 'Older news'], topics: [['Launch day', 'Older news']], total: 2 });
    expect((await feedTitles(f.tokens.acmeAdmin)).latest).toEqual(['Launch day', 'Office photo', 'Older news']);

    // The library list, a direct link and search still reach it.
    const list = PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?_=3', f.tokens.acmeUser)).json());
    expect(titles(list.objects)).toContain('Office photo');
    expect((await get(t.app, 'acme', `/api/v4/post/${p.featured.id}`, f.tokens.acmeUser)).statusCode).toBe(200);

    const undo = await restore(p.featured.id, f.tokens.acmeUser);
    expect(undo.statusCode).toBe(200);
    expect(DismissResponse.parse(undo.json())).toEqual({ id: p.featured.id, dismissed: false });
    expect((await feedTitles(f.tokens.acmeUser)).latest).toEqual(['Launch day', 'Office photo', 'Older news']);
  });

  it('is idempotent: dismissing twice keeps one dismissal, restoring twice is fine', async () => {
    const before = await dismissalCount();
    expect((await dismiss(p.older.id, f.tokens.acmeUser)).statusCode).toBe(200);
    expect((await dismiss(p.older.id, f.tokens.acmeUser)).statusCode).toBe(200);
    expect(await dismissalCount()).toBe(before + 1);
    expect((await restore(p.older.id, f.tokens.acmeUser)).statusCode).toBe(200);
    expect((await restore(p.older.id, f.tokens.acmeUser)).statusCode).toBe(200);
    expect(await dismissalCount()).toBe(before);
  });

  it.each([
    ['an unknown id', () => 999999],
    ['an expired post', () => p.expired.id],
    ['a post that has not started', () => p.scheduled.id],
    ['a post that is not live', () => p.notLive.id],
    ["another company's post", () => p.globex.id],
  ])('answers 662 for %s and writes nothing', async (_name, id) => {
    const before = await dismissalCount();
    for (const res of [await dismiss(id(), f.tokens.acmeUser), await restore(id(), f.tokens.acmeUser)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: ErrorCode.POST_UNAVAILABLE, message: 'The post you have selected is no longer available.' });
    }
    expect(await dismissalCount()).toBe(before);
  });

  it('rejects an id that is not a positive number with 201', async () => {
    const res = await dismiss(0, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await get(t.app, 'acme', '/api/v1/post/dismiss/abc', f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session of the host company', async () => {
    const before = await dismissalCount();
    expect((await dismiss(p.launch.id)).json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await dismiss(p.launch.id, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await restore(p.launch.id)).statusCode).toBe(401);
    expect(await dismissalCount()).toBe(before);
  });

  it('a member of two companies dismisses only on the host company: a Globex session cannot reach an Acme post', async () => {
    const res = await dismiss(p.launch.id, f.tokens.multiGlobex, 'globex');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });

  it('refuses a cross-site link that carries only the session cookie (403), and writes nothing', async () => {
    const before = await dismissalCount();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/post/dismiss/${p.launch.id}`,
      headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${f.tokens.acmeUser}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await dismissalCount()).toBe(before);
  });
});
