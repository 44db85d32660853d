/**
 * Share counting (issue 14): only published shares count, on the post's counters, in top
 * performing, the unshared filter and the recommendations drawer; an unconfirmed share or an
 * open intent counts once it becomes published; deleting a published share takes it back.
 */
import { PostListResponse, type Post } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, shares } from '../../db/schema.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildTopic, buildPost } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

async function counters(postId: number) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, postId));
  return [row?.twitterShares, row?.facebookShares, row?.linkedinShares, row?.shareCount];
}

function titles(list: Post[]) {
  return list.map((p) => p.title);
}

describe('share counts', () => {
  it('count only published shares, in bulk too, and follow state changes both ways', async () => {
    const row = await buildPost(t.db, f.acme);
    const base = { companyId: f.acme.id, userId: f.acmeUser.id, postId: row.id };
    await t.db.insert(shares).values([
      { ...base, network: 1, state: 'published' },
      { ...base, network: 3, state: 'published' },
      { ...base, network: 3, state: 'failed' },
      { ...base, network: 2, state: 'unconfirmed', method: 'intent' },
      { ...base, network: 1, state: 'publishing' },
      { ...base, network: 3, state: 'queued' },
    ]);
    expect(await counters(row.id)).toEqual([1, 0, 1, 2]);
    // The intent is completed, the publishing one fails: +1 Facebook, nothing else.
    await t.db.update(shares).set({ state: 'published' }).where(eq(shares.state, 'unconfirmed'));
    await t.db.update(shares).set({ state: 'failed' }).where(eq(shares.state, 'publishing'));
    expect(await counters(row.id)).toEqual([1, 1, 1, 3]);
    await t.db.delete(shares).where(eq(shares.network, 3));
    expect(await counters(row.id)).toEqual([1, 1, 0, 2]);
  });

  it('drive the unshared filter, top performing and the recommendations drawer from published shares only', async () => {
    const topic = await buildTopic(t.db, f.acme, 'Counting');
    const other = await buildTopic(t.db, f.acme, 'Elsewhere');
    const shared = await buildPost(t.db, f.acme, { title: 'Shared by me' }, { categories: [topic] });
    const failed = await buildPost(t.db, f.acme, { title: 'Failed for me' }, { categories: [topic] });
    const popular = await buildPost(t.db, f.acme, { title: 'Popular' }, { categories: [topic] });
    await buildPost(t.db, f.acme, { title: 'Other topic' }, { categories: [other] });
    const mine = { companyId: f.acme.id, userId: f.acmeUser.id };
    await t.db.insert(shares).values([
      { ...mine, postId: shared.id, network: 3, state: 'published' },
      { ...mine, postId: failed.id, network: 3, state: 'failed' },
      { companyId: f.acme.id, userId: f.acmeAdmin.id, postId: popular.id, network: 1, state: 'published' },
      { companyId: f.acme.id, userId: f.multi.id, postId: popular.id, network: 2, state: 'published' },
    ]);
    const list = async (query: string) => PostListResponse.parse((await get(t.app, 'acme', `/api/v4/post/?${query}`, f.tokens.acmeUser)).json()).objects;
    // The drawer after a share: up to 4 unshared, top performing, from the post's topics.
    expect(titles(await list(`filter_by=unshared&sort_by=top_performing&categories=${topic.id}&results_per_page=4`))).toEqual(['Popular', 'Failed for me']);
    expect(titles(await list(`type=recommended&categories=${topic.id}&results_per_page=4`))).toEqual(['Popular', 'Failed for me']);
    expect(titles(await list(`sort_by=top_performing&categories=${topic.id}`))[0]).toBe('Popular');
  });
});
