/**
 * The read caches seen through the API, with caching on: the writer's own next read is fresh,
 * sign-out and deactivation end a cached session at once, a change made behind the API's
 * back shows once the time limit has passed, on PostgreSQL a write through one server
 * process retires the cached reads of another (and its own notice, coming back, retires
 * nothing), and a company's write retires only that company's cached reads.
 */
import { FeedResponse, PostListResponse } from '@chorus/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CACHE_CHANNEL, cachePayload, PostgresCacheGeneration } from '../../lib/cache-generation.ts';
import { postReactions, posts, type PostRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, testConfig, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

/** Long enough that only an invalidation, never the time limit, explains a fresh answer. */
const LONG_TTL = '60000';

let t: TestContext;
let f: Tenants;
let liked: PostRow;
/** A Globex post liked through the API when a test needs a Globex write. */
let globexLiked: PostRow;

beforeAll(async () => {
  t = await createTestContext({ env: { CHORUS_CACHE_TTL_MS: LONG_TTL } });
  f = await buildTenants(t.db);
  liked = await buildPost(t.db, f.acme, { title: 'Cached post' });
  globexLiked = await buildPost(t.db, f.globex, { title: 'Cached Globex post' });
});

/** The ids of the latest posts of a company's feed as `token` sees it (through the cache). */
async function feedIds(app: FastifyInstance, company: 'acme' | 'globex', token: string): Promise<number[]> {
  return FeedResponse.parse((await get(app, company, `/api/v4/post/feed?_=${Math.random()}`, token)).json()).latest.map((p) => p.id);
}
afterAll(() => t.close());

async function likedInFeed(app: FastifyInstance, token: string): Promise<boolean> {
  const feed = FeedResponse.parse((await get(app, 'acme', `/api/v4/post/feed?_=${Math.random()}`, token)).json());
  const shown = feed.latest.find((p) => p.id === liked.id);
  if (!shown) throw new Error('post missing from the feed');
  return Boolean(shown.reactions.reaction);
}

describe('cached library reads', () => {
  it('serve the writer its own change at once', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect(await likedInFeed(t.app, token)).toBe(false);
    expect((await post(t.app, 'acme', `/api/v2/post/${liked.id}/reaction/type/1`, {}, token)).statusCode).toBe(200);
    expect(await likedInFeed(t.app, token)).toBe(true);
  });

  it('keep a change made behind the API until the time limit (the cache is really on)', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    const ids = async (buster: string) => PostListResponse.parse((await get(t.app, 'acme', `/api/v4/post/?_=${buster}`, token)).json()).objects.map((p) => p.id);
    const before = await ids('1');
    const added = await buildPost(t.db, f.acme, { title: 'Written behind the API' }, { hoursAgo: 0 });
    // A different cache-busting value is the same answer.
    const after = await ids('2');
    expect(after).toEqual(before);
    expect(after).not.toContain(added.id);
  });

  it('share a list total between pages for the time limit, and recount it for no write', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    // A search of its own, so no other test's total is under the same key.
    const total = async (page: number) =>
      PostListResponse.parse((await get(t.app, 'acme', `/api/v4/post/?query=quokka&results_per_page=1&page_num=${page}`, token)).json()).num_results;
    await buildPost(t.db, f.acme, { title: 'A quokka smiles' });
    expect(await total(1)).toBe(1);
    await buildPost(t.db, f.acme, { title: 'Another quokka, behind the API' }, { hoursAgo: 0 });
    // Page 2 is an answer of its own, but its total is the one page 1 counted.
    expect(await total(2)).toBe(1);
    // A like retires the cached answers, not the totals: page 3 is computed afresh on the old total.
    expect((await post(t.app, 'acme', `/api/v2/post/${liked.id}/reaction/type/1`, {}, token)).statusCode).toBe(200);
    expect(await total(3)).toBe(1);
  });

  it("share a search's page of posts between members, each with their own likes, until a company write", async () => {
    // A search of its own: every member asking it shares one ranking of the matches.
    const search = async (company: 'acme' | 'globex', token: string) =>
      PostListResponse.parse((await get(t.app, company, '/api/v4/post/?query=wombat&results_per_page=5', token)).json()).objects;
    const older = await buildPost(t.db, f.acme, { title: 'A wombat digs' }, { hoursAgo: 2 });
    const first = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await search('acme', first)).map((p) => p.id)).toEqual([older.id]);

    // Behind the API (no write announced), a newer match: a second member is answered with the
    // page the first one's search ranked, but with their own like on it.
    const newer = await buildPost(t.db, f.acme, { title: 'Another wombat, behind the API' }, { hoursAgo: 0 });
    const second = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await post(t.app, 'globex', `/api/v2/post/${globexLiked.id}/reaction/type/1`, {}, await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex }])))).statusCode).toBe(200);
    const shared = await search('acme', second);
    expect(shared.map((p) => p.id), "another company's write keeps the page").toEqual([older.id]);
    expect(shared[0]?.reactions.reaction).toBe(false);

    // Acme's write (the second member's like) retires the page: the newer match shows, and the
    // like is theirs alone.
    expect((await post(t.app, 'acme', `/api/v2/post/${older.id}/reaction/type/1`, {}, second)).statusCode).toBe(200);
    const afterLike = await search('acme', second);
    expect(afterLike.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(afterLike.map((p) => p.reactions.reaction)).toEqual([false, true]);
    const third = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await search('acme', third)).map((p) => [p.id, p.reactions.reaction, p.reactions.num_results])).toEqual([
      [newer.id, false, 0],
      [older.id, false, 1],
    ]);

    // A post that stops being live behind the API leaves the shared page at once.
    await t.db.update(posts).set({ expiration: new Date(Date.now() - 1000) }).where(eq(posts.id, newer.id));
    const fourth = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await search('acme', fourth)).map((p) => p.id)).toEqual([older.id]);
  });

  it("share the feed's posts between members, each with their own like and bookmark, until a company write", async () => {
    const shown = await buildPost(t.db, f.acme, { title: 'Read once for the company' }, { hoursAgo: 0 });
    const feedPost = async (token: string) => {
      const feed = FeedResponse.parse((await get(t.app, 'acme', `/api/v4/post/feed?_=${Math.random()}`, token)).json());
      const found = feed.latest.find((p) => p.id === shown.id);
      if (!found) throw new Error('post missing from the feed');
      return { title: found.title, liked: found.reactions.reaction, likes: found.reactions.num_results, bookmarked: found.is_bookmarked };
    };
    const first = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect(await feedPost(first)).toEqual({ title: 'Read once for the company', liked: false, likes: 0, bookmarked: 0 });

    // Behind the API (no write announced), a new title: a second member's first feed is answered
    // with the post as the first member's feed read it.
    await t.db.update(posts).set({ title: 'Renamed behind the API' }).where(eq(posts.id, shown.id));
    const second = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect(await feedPost(second)).toEqual({ title: 'Read once for the company', liked: false, likes: 0, bookmarked: 0 });

    // The second member's like and bookmark are Acme writes: both members see the post read again,
    // with one like, and the mark of each is their own.
    expect((await post(t.app, 'acme', `/api/v2/post/${shown.id}/reaction/type/1`, {}, second)).statusCode).toBe(200);
    expect((await post(t.app, 'acme', `/api/v2/post/${shown.id}/bookmark`, {}, second)).statusCode).toBe(200);
    expect(await feedPost(second)).toEqual({ title: 'Renamed behind the API', liked: true, likes: 1, bookmarked: 1 });
    expect(await feedPost(first)).toEqual({ title: 'Renamed behind the API', liked: false, likes: 1, bookmarked: 0 });
  });

  it('recount a list total once the time limit has passed', async () => {
    const quick = await createTestContext({ env: { CHORUS_CACHE_TTL_MS: '200' } });
    try {
      const tenants = await buildTenants(quick.db);
      const total = async () => PostListResponse.parse((await get(quick.app, 'acme', '/api/v4/post/?results_per_page=1', tenants.tokens.acmeUser)).json()).num_results;
      const before = await total();
      await buildPost(quick.db, tenants.acme, {}, { hoursAgo: 0 });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await total()).toBe(before + 1);
    } finally {
      await quick.close();
    }
  });

  it('show a change made behind the API once the time limit has passed', async () => {
    const quick = await createTestContext({ env: { CHORUS_CACHE_TTL_MS: '200' } });
    try {
      const tenants = await buildTenants(quick.db);
      const list = async () => FeedResponse.parse((await get(quick.app, 'acme', '/api/v4/post/feed', tenants.tokens.acmeUser)).json()).latest.map((p) => p.id);
      await list();
      const added = await buildPost(quick.db, tenants.acme, {}, { hoursAgo: 0 });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await list()).toContain(added.id);
    } finally {
      await quick.close();
    }
  });

  it('end a cached session at sign-out', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await get(t.app, 'acme', '/api/v4/post/feed', token)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', '/api/v1/auth/sign-out', token)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', '/api/v4/post/feed', token)).statusCode).toBe(401);
  });

  it('end a cached session when the account is deactivated', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await get(t.app, 'acme', '/api/v4/post/feed', token)).statusCode).toBe(200);
    expect((await post(t.app, 'acme', '/api/v1/user/deactivate', { password: TEST_PASSWORD }, token)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', '/api/v4/post/feed', token)).statusCode).toBe(401);
  });

  it("are retired by a company's writes for that company only", async () => {
    const acmeToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    const globexToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex }]));
    await feedIds(t.app, 'acme', acmeToken);
    const globexBefore = await feedIds(t.app, 'globex', globexToken);
    const acmeAdded = await buildPost(t.db, f.acme, { title: 'Acme, behind the API' }, { hoursAgo: 0 });
    const globexAdded = await buildPost(t.db, f.globex, { title: 'Globex, behind the API' }, { hoursAgo: 0 });
    // An Acme write: Acme's cached feed is retired, Globex's survives.
    expect((await post(t.app, 'acme', `/api/v2/post/${liked.id}/bookmark`, {}, acmeToken)).statusCode).toBe(200);
    expect(await feedIds(t.app, 'acme', acmeToken)).toContain(acmeAdded.id);
    expect(await feedIds(t.app, 'globex', globexToken)).toEqual(globexBefore);
    // Globex's own write retires it.
    expect((await post(t.app, 'globex', `/api/v2/post/${globexLiked.id}/reaction/type/1`, {}, globexToken)).statusCode).toBe(200);
    expect(await feedIds(t.app, 'globex', globexToken)).toContain(globexAdded.id);
  });

  it("are retired in every company by a write to a person's account, who may belong to several", async () => {
    const globexToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex }]));
    await feedIds(t.app, 'globex', globexToken);
    const added = await buildPost(t.db, f.globex, { title: 'Globex, before an account write' }, { hoursAgo: 0 });
    const acmeToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
    expect((await post(t.app, 'acme', '/api/v1/user/app/language', { language: 'de-DE' }, acmeToken)).statusCode).toBe(200);
    expect(await feedIds(t.app, 'globex', globexToken)).toContain(added.id);
  });

  it('are retired across server processes on PostgreSQL, and live in one process on PGlite', async () => {
    const other = await buildApp({ logger: false, config: testConfig(t.dir, { CHORUS_CACHE_TTL_MS: LONG_TTL }), database: t.database });
    await other.ready();
    try {
      const token = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme }]));
      const globexToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex }]));
      expect(await likedInFeed(t.app, token)).toBe(false);
      expect((await post(other, 'acme', `/api/v2/post/${liked.id}/reaction/type/1`, {}, token)).statusCode).toBe(200);
      if (t.database.driver.kind === 'postgres') {
        expect(t.app.chorus.caches.generation).toBeInstanceOf(PostgresCacheGeneration);
        // The NOTIFY arrives within moments; the entry would otherwise live 60 s.
        await expect.poll(() => likedInFeed(t.app, token), { timeout: 5000, interval: 50 }).toBe(true);
        // It named Acme: Globex's cached feed here survived it, and a Globex write there retires it.
        const globexBefore = await feedIds(t.app, 'globex', globexToken);
        const globexAdded = await buildPost(t.db, f.globex, { title: 'Globex, behind both processes' }, { hoursAgo: 0 });
        const unlike = await other.inject({ method: 'DELETE', url: `/api/v2/post/${liked.id}/reaction/type/1`, headers: { host: hostOf('acme'), 'x-auth-token': token } });
        expect(unlike.statusCode).toBe(200);
        await expect.poll(() => likedInFeed(t.app, token), { timeout: 5000, interval: 50 }).toBe(false);
        expect(await feedIds(t.app, 'globex', globexToken)).toEqual(globexBefore);
        expect((await post(other, 'globex', `/api/v2/post/${globexLiked.id}/bookmark`, {}, globexToken)).statusCode).toBe(200);
        await expect.poll(() => feedIds(t.app, 'globex', globexToken), { timeout: 5000, interval: 50 }).toContain(globexAdded.id);
        // Signing out through the other process ends the session here too.
        await other.inject({ method: 'GET', url: '/api/v1/auth/sign-out', headers: { host: hostOf('acme'), 'x-auth-token': token } });
        await expect.poll(async () => (await get(t.app, 'acme', '/api/v4/post/feed', token)).statusCode, { timeout: 5000, interval: 50 }).toBe(401);
      } else {
        // PGlite is one process: a second app on it is not another server, and hears nothing.
        expect(t.app.chorus.caches.generation).not.toBeInstanceOf(PostgresCacheGeneration);
        expect(await likedInFeed(t.app, token)).toBe(false);
      }
    } finally {
      await other.close();
    }
  });

  it("keep what they computed after their own write when that write's notice to the other processes comes back late", async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    const other = await buildApp({ logger: false, config: testConfig(t.dir, { CHORUS_CACHE_TTL_MS: LONG_TTL }), database: t.database });
    await other.ready();
    try {
      expect((await post(t.app, 'acme', `/api/v2/post/${liked.id}/reaction/type/1`, {}, token)).statusCode).toBe(200);
      // Computed after the write: fresh, and kept.
      expect(await likedInFeed(t.app, token)).toBe(true);
      // Behind the API the like goes: only an entry computed again would show that.
      await t.db.delete(postReactions).where(and(eq(postReactions.postId, liked.id), eq(postReactions.userId, user.id)));
      const generation = t.app.chorus.caches.generation;
      if (generation instanceof PostgresCacheGeneration) {
        // The write's notice, as it comes back to this process when the database is slow to send it.
        await t.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${cachePayload(f.acme.id, generation.origin)})`);
        // A later notice from the other process: the channel delivers in order, so once this
        // process has heard it (its Globex feed is retired), it has had the Acme one too.
        const globexToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex }]));
        await feedIds(t.app, 'globex', globexToken);
        const globexAdded = await buildPost(t.db, f.globex, { title: 'Globex, after the echo' }, { hoursAgo: 0 });
        expect((await post(other, 'globex', `/api/v2/post/${globexLiked.id}/bookmark`, {}, globexToken)).statusCode).toBe(200);
        await expect.poll(() => feedIds(t.app, 'globex', globexToken), { timeout: 5000, interval: 50 }).toContain(globexAdded.id);
      }
      expect(await likedInFeed(t.app, token), 'its own notice did not retire the entry').toBe(true);
    } finally {
      await other.close();
    }
  });
});
