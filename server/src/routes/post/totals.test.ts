/**
 * Feed answers compressed for browsers, and list and feed totals of a large library. A list
 * counts exactly up to COUNTED_TOTAL_MAX, gives a lower bound beyond it, and still knows exactly
 * where it ends (each page reads one row more than it shows). The feed counts up to its title's
 * cap, FEED_TITLE_COUNT_CAP ("20+"), and one past it means more. Companies built here: Initech
 * with 1,030 live posts, Hooli with 40, Umbrella with exactly FEED_TITLE_COUNT_CAP.
 */
import { FEED_TITLE_COUNT_CAP, FeedResponse, PostListResponse, PostType } from '@chorus/core';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema.ts';
import { COUNTED_TOTAL_MAX } from '../../queries/posts.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';

let t: TestContext;
let large: string;
let small: string;
let edge: string;
const LARGE = COUNTED_TOTAL_MAX + 30;
const SMALL = 40;

/** `count` live posts of a company in one insert, the newest first by id. */
async function insertPosts(companyId: number, count: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const created = new Date(now - (i + 1) * 60_000);
    return { companyId, title: `Post ${i}`, content: `Caption ${i}`, type: PostType.TEXT, hashtags: [], created, modified: created, start: created };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(posts).values(rows.slice(i, i + 500));
}

beforeAll(async () => {
  t = await createTestContext();
  const initech = await buildCompany(t.db, { subdomain: 'initech' });
  const hooli = await buildCompany(t.db, { subdomain: 'hooli' });
  await insertPosts(initech.id, LARGE);
  await insertPosts(hooli.id, SMALL);
  const umbrella = await buildCompany(t.db, { subdomain: 'umbrella' });
  await insertPosts(umbrella.id, FEED_TITLE_COUNT_CAP);
  edge = await sessionFor(t.db, await buildUser(t.db, [{ company: umbrella }]));
  large = await sessionFor(t.db, await buildUser(t.db, [{ company: initech }]));
  small = await sessionFor(t.db, await buildUser(t.db, [{ company: hooli }]));
});
afterAll(() => t.close());

async function page(company: string, token: string, pageNum: number): Promise<PostListResponse> {
  const res = await get(t.app, company, `/api/v4/post/?results_per_page=20&page_num=${pageNum}`, token);
  expect(res.statusCode).toBe(200);
  return PostListResponse.parse(res.json());
}

describe('list totals', () => {
  it('are exact up to the counting limit, and the last page is the last', async () => {
    const first = await page('hooli', small, 1);
    expect(first).toMatchObject({ num_results: SMALL, total_pages: 2, page_num: 1 });
    const last = await page('hooli', small, 2);
    expect(last.objects).toHaveLength(20);
    expect(last).toMatchObject({ num_results: SMALL, total_pages: 2 });
    // A page past the end has no row to carry the count, and still reports it.
    expect(await page('hooli', small, 3)).toMatchObject({ objects: [], num_results: SMALL, total_pages: 2, page_num: 3 });
  });

  it('say "more than the limit" beyond it, and still end exactly where the list ends', async () => {
    const first = await page('initech', large, 1);
    expect(first.objects).toHaveLength(20);
    expect(first.num_results).toBeGreaterThan(COUNTED_TOTAL_MAX);
    expect(first.total_pages).toBeGreaterThan(1);
    // Scrolling on while pages say there is more: the page past the counting limit still
    // promises one more, and the page showing the end says so exactly.
    const pastLimit = await page('initech', large, COUNTED_TOTAL_MAX / 20 + 1);
    expect(pastLimit.objects).toHaveLength(20);
    expect(pastLimit.total_pages).toBeGreaterThan(pastLimit.page_num);
    const end = await page('initech', large, pastLimit.page_num + 1);
    expect(end.objects).toHaveLength(LARGE - COUNTED_TOTAL_MAX - 20);
    expect(end).toMatchObject({ num_results: LARGE, total_pages: end.page_num });
    expect((await page('initech', large, end.page_num + 1)).objects).toEqual([]);
  });

  it('show every post once across the pages, newest first', async () => {
    const seen = new Set<number>();
    let previous = Number.POSITIVE_INFINITY;
    for (let pageNum = 1; ; pageNum++) {
      const current = await page('initech', large, pageNum);
      for (const post of current.objects) {
        seen.add(post.id);
        const created = Date.parse(post.created);
        expect(created).toBeLessThanOrEqual(previous);
        previous = created;
      }
      if (current.page_num >= current.total_pages) break;
    }
    expect(seen.size).toBe(LARGE);
  });

  it('on the feed: exact up to the title\'s cap, one past it beyond (the title shows 20+)', async () => {
    const feed = (token: string, company: string) => get(t.app, company, '/api/v4/post/feed', token).then((res) => FeedResponse.parse(res.json()));
    expect((await feed(edge, 'umbrella')).num_results).toBe(FEED_TITLE_COUNT_CAP);
    expect((await feed(small, 'hooli')).num_results).toBe(FEED_TITLE_COUNT_CAP + 1);
    expect((await feed(large, 'initech')).num_results).toBe(FEED_TITLE_COUNT_CAP + 1);
  });
});

describe('sizes', () => {
  // Each page size and feed section size is its own prepared statement (its limit is in the
  // SQL text): asking for one size after another must never answer with the other's rows.
  it('of list pages and feed sections answer as many posts as asked, in any order of requests', async () => {
    const listed = async (perPage: number) =>
      PostListResponse.parse((await get(t.app, 'initech', `/api/v4/post/?results_per_page=${perPage}`, large)).json()).objects.map((post) => post.id);
    const three = await listed(3);
    const seven = await listed(7);
    expect(three).toHaveLength(3);
    expect(seven).toHaveLength(7);
    expect(seven.slice(0, 3)).toEqual(three);
    expect(await listed(3)).toEqual(three);
    const latest = async (count: number) =>
      FeedResponse.parse((await get(t.app, 'initech', `/api/v4/post/feed?latest=${count}`, large)).json()).latest.map((post) => post.id);
    expect(await latest(2)).toEqual(three.slice(0, 2));
    expect(await latest(5)).toEqual(seven.slice(0, 5));
    expect(await latest(0)).toEqual([]);
    expect(await latest(2)).toEqual(three.slice(0, 2));
  });
});

describe('answer bytes', () => {
  it('are brotli-compressed for a client that accepts it, and plain JSON otherwise', async () => {
    const request = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v4/post/feed',
        headers: { host: 'hooli.localhost:3000', 'x-auth-token': small, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
      });
    const plain = await request();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const compressed = await request('gzip, deflate, br');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(FeedResponse.parse(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()))).toEqual(FeedResponse.parse(plain.json()));
    expect((await request('gzip')).headers['content-encoding']).toBeUndefined();
  });
});
