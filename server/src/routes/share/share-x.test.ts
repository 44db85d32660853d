/**
 * Share now against the real X connector, pointed at the local fake X API (server/src/test/fakes): the
 * network's answers become share states, codes and events.
 */
import { ErrorCode, ShareResponse } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeXApi, type FakeXApi } from '../../test/fakes/x-api.ts';
import { events, posts, shares, socialAccounts, xPostBudget, type UserRow } from '../../db/schema.ts';
import { createTestContext, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;
let x: FakeXApi;

beforeAll(async () => {
  x = await startFakeXApi();
  t = await createTestContext({
    env: { X_CLIENT_ID: x.clientId, X_CLIENT_SECRET: x.clientSecret, X_API_BASE_URL: x.baseUrl, CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' },
  });
  f = await buildTenants(t.db);
});
beforeEach(() => {
  x.clear();
});
afterAll(async () => {
  await t.close();
  await x.close();
});

/** A member linked to the fake X with real tokens of it. */
async function linkedMember(overrides: Partial<UserRow> = {}) {
  const user = await buildUser(t.db, [{ company: f.acme }], overrides);
  const tokens = x.issueTokens(`x-${user.id}`);
  x.followers.set(`x-${user.id}`, 321);
  await linkNetwork(t.db, t.config, user, 'twitter', tokens);
  return { user, token: await sessionFor(t.db, user, f.acme) };
}

async function shareRows(postId: number) {
  return t.db.select().from(shares).where(eq(shares.postId, postId));
}

async function kinds(postId: number) {
  return (await t.db.select().from(events).where(eq(events.postId, postId))).map((e) => e.kind).sort();
}

async function count(postId: number) {
  const [row] = await t.db.select({ n: posts.twitterShares }).from(posts).where(eq(posts.id, postId));
  return row?.n;
}

describe('sharing to X through the API', () => {
  it('posts the caption with the tracked link, records the post id, url and followers; the same caption again is 661', async () => {
    const { token } = await linkedMember();
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/x-story' });
    const res = await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Worth a read' }, token);
    const body = ShareResponse.parse(res.json());
    expect(body.share?.state).toBe('published');
    const sent = x.requests.find((r) => r.path === '/2/tweets');
    expect((sent?.json as { text: string }).text).toMatch(/^Worth a read http:\/\/acme\.localhost:3000\/r\/[A-Za-z0-9_-]{10}$/);
    const [stored] = await shareRows(row.id);
    expect(stored?.networkPostId).toBe(x.posts.at(-1)?.id);
    expect(stored?.audience).toBe(321);
    expect(await count(row.id)).toBe(1);

    // X refuses the same text again (403 duplicate content): "maybe already posted", 661.
    const again = await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Worth a read' }, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ErrorCode.DUPLICATE_POST);
    const rows = await shareRows(row.id);
    expect(rows.map((r) => [r.state, r.errorCode])).toEqual([
      ['published', null],
      ['failed', 661],
    ]);
    expect(await count(row.id)).toBe(1);
    expect(await kinds(row.id)).toEqual(['share_failed', 'share_published']);
  });

  it('asks for a relink (203) when X answers 401, marking the link inactive and recording relink_needed', async () => {
    const { user, token } = await linkedMember();
    const row = await buildPost(t.db, f.acme);
    x.fail('POST', '/2/tweets', { status: 401, body: { title: 'Unauthorized', detail: 'Unauthorized', status: 401 } });
    const body = ShareResponse.parse((await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Revoked' }, token)).json());
    expect(body.error).toBe(203);
    // X has an app here: the link flow is X's own consent, not the sandbox's.
    expect(body.url).not.toContain('/sandbox/');
    const [link] = await t.db.select().from(socialAccounts).where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.network, 1)));
    expect(link?.isActive).toBe(false);
    expect((await shareRows(row.id)).map((r) => r.state)).toEqual(['failed']);
    expect(await kinds(row.id)).toEqual(['relink_needed', 'share_failed']);
  });

  it('answers honestly when X may have taken the post (5xx): unconfirmed, in the person’s language, not counted, never re-sent', async () => {
    const { token } = await linkedMember({ language: 'de-DE' });
    const row = await buildPost(t.db, f.acme);
    x.fail('POST', '/2/tweets', { status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable' } });
    const body = ShareResponse.parse((await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Maybe' }, token)).json());
    expect(body.error).toBeNull();
    expect(body.share).toMatchObject({ state: 'unconfirmed', reason: expect.stringContaining('Das Netzwerk hat den Beitrag nicht bestätigt') });
    expect(x.requests.filter((r) => r.path === '/2/tweets')).toHaveLength(1);
    expect(await count(row.id)).toBe(0);
    expect(await kinds(row.id)).toEqual(['share_unconfirmed']);
    // The person confirms it later (My Shares, the queue issue): then it counts.
    await t.db.update(shares).set({ state: 'published' }).where(eq(shares.postId, row.id));
    expect(await count(row.id)).toBe(1);
  });

  it('fails a rate-limited share with 202 and keeps the reason; share now is not retried', async () => {
    const { token } = await linkedMember();
    const row = await buildPost(t.db, f.acme);
    x.fail('POST', '/2/tweets', { status: 429, body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 }, headers: { 'retry-after': '60' } });
    const res = await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Busy' }, token);
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe(ErrorCode.UNKNOWN);
    const [failed] = await shareRows(row.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.errorReason).toMatch(/^rate_limited: /);
    expect(x.requests.filter((r) => r.path === '/2/tweets')).toHaveLength(1);
  });

  it('falls back to X’s web intent when the person spent their X budget', async () => {
    const { user, token } = await linkedMember();
    await t.db.insert(xPostBudget).values(Array.from({ length: 100 }, () => ({ userId: user.id })));
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/budget' });
    const body = ShareResponse.parse((await post(t.app, 'acme', `/api/v3/share/twitter/${row.id}`, { content: 'Later' }, token)).json());
    expect(body.error).toBeNull();
    expect(body.intent?.url).toMatch(/^https:\/\/x\.com\/intent\/post\?text=Later&url=/);
    expect(x.requests.filter((r) => r.path === '/2/tweets')).toEqual([]);
    expect((await shareRows(row.id)).map((r) => [r.method, r.state])).toEqual([['intent', 'unconfirmed']]);
  });
});
