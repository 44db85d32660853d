/**
 * Finding 35 (issue 52 item 9): opening and completing the network's own share dialog over and
 * over raised the post's share count without limit. An intent share counts once per member,
 * post and network per UTC day; further completions are stored (the member did open the
 * dialog) but not counted, so the post's counters, points and analytics see one.
 */
import { Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, posts, shares, type CompanyRow, type PostRow, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, post, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { eq } from '../../server/src/test/rows.ts';

let t: TestContext;
let company: CompanyRow;
let member: UserRow;
let token: string;

/** Opens an intent through the API and completes it; returns the share count it answers. */
async function shareByIntent(target: PostRow, network: number, as = token): Promise<number> {
  const opened = await post(t.app, company.subdomain, '/api/v3/share/intent', { post_id: target.id, network_id: network, content: 'My take' }, as);
  expect(opened.statusCode).toBe(200);
  const id = opened.json().postshare_intent_id as number;
  const done = await post(t.app, company.subdomain, `/api/v3/share/intent/${id}`, { network_id: network }, as);
  expect(done.statusCode).toBe(200);
  return done.json().shares.num_results as number;
}

async function counters(target: PostRow) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, target.id));
  return { total: row?.shareCount, twitter: row?.twitterShares, facebook: row?.facebookShares };
}

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  member = await buildUser(t.db, [{ company }]);
  token = await sessionFor(t.db, member, company);
});

afterAll(async () => {
  await t.close();
});

describe('finding 35: a share-intent loop counts once a day', () => {
  it('ten completions on one day count once, and all ten are stored', async () => {
    const target = await buildPost(t.db, company, { url: 'https://example.com/story' });
    const answered: number[] = [];
    for (let i = 0; i < 10; i += 1) answered.push(await shareByIntent(target, Network.TWITTER));
    expect(answered).toEqual(Array(10).fill(1));
    expect(await counters(target)).toEqual({ total: 1, twitter: 1, facebook: 0 });
    const rows = await t.db.select().from(shares).where(eq(shares.postId, target.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.state === 'published' && row.method === 'intent')).toBe(true);
    expect(rows.filter((row) => row.counted)).toHaveLength(1);
    const completed = (await t.db.select().from(events).where(eq(events.postId, target.id))).filter((row) => row.kind === 'share_intent_completed');
    expect(completed.map((row) => (row.data as { counted: boolean }).counted).sort()).toEqual([false, false, false, false, false, false, false, false, false, true]);
  });

  it('completing the same intent twice changes nothing the second time', async () => {
    const target = await buildPost(t.db, company, { url: 'https://example.com/story' });
    const opened = await post(t.app, company.subdomain, '/api/v3/share/intent', { post_id: target.id, network_id: Network.FACEBOOK }, token);
    const id = opened.json().postshare_intent_id as number;
    for (let i = 0; i < 3; i += 1) await post(t.app, company.subdomain, `/api/v3/share/intent/${id}`, { network_id: Network.FACEBOOK }, token);
    expect(await counters(target)).toEqual({ total: 1, twitter: 0, facebook: 1 });
  });

  it('another network, and another member, count on their own', async () => {
    const target = await buildPost(t.db, company, { url: 'https://example.com/story' });
    const colleague = await buildUser(t.db, [{ company }]);
    const colleagueToken = await sessionFor(t.db, colleague, company);
    await shareByIntent(target, Network.TWITTER);
    await shareByIntent(target, Network.TWITTER);
    await shareByIntent(target, Network.FACEBOOK);
    await shareByIntent(target, Network.FACEBOOK);
    expect(await shareByIntent(target, Network.TWITTER, colleagueToken)).toBe(3);
    expect(await counters(target)).toEqual({ total: 3, twitter: 2, facebook: 1 });
  });

  it('a counted intent from yesterday does not stop today\'s from counting', async () => {
    const target = await buildPost(t.db, company, { url: 'https://example.com/story' });
    await shareByIntent(target, Network.TWITTER);
    await t.db.update(shares).set({ publishedAt: new Date(Date.now() - 36 * 3600 * 1000) }).where(eq(shares.postId, target.id));
    expect(await shareByIntent(target, Network.TWITTER)).toBe(2);
    expect(await counters(target)).toEqual({ total: 2, twitter: 2, facebook: 0 });
  });

  it('two completions at once count once', async () => {
    const target = await buildPost(t.db, company, { url: 'https://example.com/story' });
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const opened = await post(t.app, company.subdomain, '/api/v3/share/intent', { post_id: target.id, network_id: Network.TWITTER }, token);
      ids.push(opened.json().postshare_intent_id as number);
    }
    await Promise.all(ids.map((id) => post(t.app, company.subdomain, `/api/v3/share/intent/${id}`, { network_id: Network.TWITTER }, token)));
    expect(await counters(target)).toEqual({ total: 1, twitter: 1, facebook: 0 });
  });
});
