import { AnalyticsEventResponse, ErrorCode, Role, ShareFlowType, SUGGESTION_PENDING_STATUS, TrackClickResponse, TrackImpressionsResponse } from '@chorus/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, events, outboxMails, postClicks, postImpressions, type PostRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const IMPRESSIONS = '/api/v1/track/post/impressions';
const clicksOf = (id: number | string) => `/api/v1/track/post/${id}/clicks`;
const HOUR = 3600_000;
const ANALYTICS = '/api/v1/track/analytics';

let t: TestContext;
let f: Tenants;
let first: PostRow;
let second: PostRow;
let globexPost: PostRow;
let expired: PostRow;
let scheduled: PostRow;
let pending: PostRow;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  first = await buildPost(t.db, f.acme, { title: 'Seen first' });
  second = await buildPost(t.db, f.acme, { title: 'Seen second' });
  globexPost = await buildPost(t.db, f.globex, { title: 'Globex only' });
  expired = await buildPost(t.db, f.acme, { title: 'Expired', expiration: new Date(Date.now() - HOUR) });
  scheduled = await buildPost(t.db, f.acme, { title: 'Later', start: new Date(Date.now() + HOUR) });
  pending = await buildPost(t.db, f.acme, { title: 'Suggested', status: SUGGESTION_PENDING_STATUS });
});
afterAll(() => t.close());

/** A fresh Acme member with a session, so each test counts from zero. */
async function member(role: Role = Role.USER): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(t.db, [{ company: f.acme, role }]);
  return { user, token: await sessionFor(t.db, user) };
}

/** The user's impression rows, by post. */
async function impressionsOf(userId: number) {
  return t.db
    .select({ companyId: postImpressions.companyId, postId: postImpressions.postId, channel: postImpressions.channel, count: postImpressions.count, day: postImpressions.day })
    .from(postImpressions)
    .where(eq(postImpressions.userId, userId))
    .orderBy(asc(postImpressions.postId), asc(postImpressions.channel));
}

/** The user's click rows, oldest first. */
async function clicksBy(userId: number) {
  return t.db
    .select({ companyId: postClicks.companyId, postId: postClicks.postId, channel: postClicks.channel, created: postClicks.created })
    .from(postClicks)
    .where(eq(postClicks.userId, userId))
    .orderBy(asc(postClicks.id));
}

/** Today's date in UTC, as the database stores it. */
async function utcToday(): Promise<string> {
  const [row] = await t.db
    .select({ today: sql<string>`((now() at time zone 'UTC')::date)::text` })
    .from(companies)
    .limit(1);
  if (!row) throw new Error('no date');
  return row.today;
}

function raw(method: 'POST', url: string, payload: string, token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, payload, headers: { host: hostOf('acme'), 'content-type': 'application/json', 'x-auth-token': token } });
}

describe('POST /api/v1/track/post/impressions', () => {
  it('counts each post once per request, per person, UTC day and channel, and again on a repeat', async () => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', IMPRESSIONS, { post_ids: [second.id, first.id, second.id] }, token);
    expect(res.statusCode).toBe(200);
    expect(TrackImpressionsResponse.parse(res.json())).toEqual({ recorded: 2 });
    const today = await utcToday();
    expect(await impressionsOf(user.id)).toEqual([
      { companyId: f.acme.id, postId: first.id, channel: ShareFlowType.feedOrTopic, count: 1, day: today },
      { companyId: f.acme.id, postId: second.id, channel: ShareFlowType.feedOrTopic, count: 1, day: today },
    ]);

    expect((await post(t.app, 'acme', IMPRESSIONS, { post_ids: [first.id], channel: ShareFlowType.feedOrTopic }, token)).json()).toEqual({ recorded: 1 });
    expect((await post(t.app, 'acme', IMPRESSIONS, { post_ids: [first.id], channel: ShareFlowType.recommendation }, token)).json()).toEqual({ recorded: 1 });
    expect((await impressionsOf(user.id)).map((r) => [r.postId, r.channel, r.count])).toEqual([
      [first.id, ShareFlowType.recommendation, 1],
      [first.id, ShareFlowType.feedOrTopic, 2],
      [second.id, ShareFlowType.feedOrTopic, 1],
    ]);
  });

  it('keeps each person apart, whatever their role', async () => {
    const { user: admin, token } = await member(Role.ADMIN);
    const { user: other } = await member();
    expect((await post(t.app, 'acme', IMPRESSIONS, { post_ids: [first.id] }, token)).statusCode).toBe(200);
    expect((await impressionsOf(admin.id)).map((r) => r.count)).toEqual([1]);
    expect(await impressionsOf(other.id)).toEqual([]);
  });

  it('ignores posts of another company, posts not live and unknown ids (no row)', async () => {
    const { user, token } = await member();
    const ids = [globexPost.id, expired.id, scheduled.id, pending.id, 2_000_000_000, first.id];
    const res = await post(t.app, 'acme', IMPRESSIONS, { post_ids: ids }, token);
    expect(res.json()).toEqual({ recorded: 1 });
    expect((await impressionsOf(user.id)).map((r) => r.postId)).toEqual([first.id]);
    const stray = await t.db.select().from(postImpressions).where(inArray(postImpressions.postId, [globexPost.id, expired.id, scheduled.id, pending.id]));
    expect(stray).toEqual([]);
  });

  it.each([
    ['no ids', { post_ids: [] }],
    ['more than 100 ids', { post_ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
    ['a non-positive id', { post_ids: [0] }],
    ['ids that are not numbers', { post_ids: ['1'] }],
    ['a channel that is no share-flow type', { post_ids: [1], channel: 10 }],
    ['no body', undefined],
  ])('answers 201 to %s, recording nothing', async (_name, body) => {
    const { user, token } = await member();
    const res = body === undefined ? await raw('POST', IMPRESSIONS, '', token) : await post(t.app, 'acme', IMPRESSIONS, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await impressionsOf(user.id)).toEqual([]);
  });

  it('answers 401 without a session, and to a member of another company', async () => {
    for (const token of [undefined, f.tokens.globexUser, f.tokens.multiGlobex]) {
      const res = await post(t.app, 'acme', IMPRESSIONS, { post_ids: [first.id] }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    }
    // On its own host, Globex sees only Globex posts.
    expect((await post(t.app, 'globex', IMPRESSIONS, { post_ids: [first.id, globexPost.id] }, f.tokens.globexUser)).json()).toEqual({ recorded: 1 });
    expect((await impressionsOf(f.globexUser.id)).map((r) => [r.companyId, r.postId])).toEqual([[f.globex.id, globexPost.id]]);
  });
});

describe('POST /api/v1/track/post/{id}/clicks', () => {
  it('keeps one row per click with its channel and time', async () => {
    const { user, token } = await member();
    const before = Date.now();
    const res = await post(t.app, 'acme', clicksOf(first.id), { channel: ShareFlowType.feedOrTopic }, token);
    expect(res.statusCode).toBe(200);
    expect(TrackClickResponse.parse(res.json())).toEqual({ post_id: first.id, channel: ShareFlowType.feedOrTopic });
    expect((await post(t.app, 'acme', clicksOf(first.id), { channel: ShareFlowType.notification }, token)).statusCode).toBe(200);
    expect((await post(t.app, 'acme', clicksOf(second.id), { channel: ShareFlowType.email }, token)).statusCode).toBe(200);
    const rows = await clicksBy(user.id);
    expect(rows.map((r) => [r.companyId, r.postId, r.channel])).toEqual([
      [f.acme.id, first.id, ShareFlowType.feedOrTopic],
      [f.acme.id, first.id, ShareFlowType.notification],
      [f.acme.id, second.id, ShareFlowType.email],
    ]);
    // The database's clock, close to this process's.
    for (const row of rows) expect(Math.abs(row.created.getTime() - before)).toBeLessThan(60_000);
  });

  it.each([
    ['another company', () => globexPost.id],
    ['an expired post', () => expired.id],
    ['a post not started', () => scheduled.id],
    ['a post not live', () => pending.id],
    ['an unknown post', () => 2_000_000_000],
  ])('answers 662 for %s, recording nothing', async (_name, id) => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', clicksOf(id()), { channel: ShareFlowType.feedOrTopic }, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect(await clicksBy(user.id)).toEqual([]);
  });

  it.each([
    ['no channel', clicksOf(1), {}],
    ['a channel past 9', clicksOf(1), { channel: 10 }],
    ['a channel as text', clicksOf(1), { channel: '9' }],
    ['a bad id', clicksOf('abc'), { channel: 9 }],
  ])('answers 201 to %s', async (_name, url, body) => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', url.replace('/1/', `/${first.id}/`), body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await clicksBy(user.id)).toEqual([]);
  });

  it('answers 401 without a session, and to a member of another company', async () => {
    for (const token of [undefined, f.tokens.globexUser, f.tokens.multiGlobex]) {
      const res = await post(t.app, 'acme', clicksOf(first.id), { channel: 9 }, token);
      expect(res.statusCode).toBe(401);
    }
    expect(await t.db.select().from(postClicks).where(inArray(postClicks.userId, [f.globexUser.id, f.multi.id]))).toEqual([]);
  });
});

describe('tracking and the read caches', () => {
  it('does not retire the caches, where every other write does', async () => {
    const { token } = await member();
    const generation = t.app.chorus.caches.generation;
    const start = generation.now();
    expect((await post(t.app, 'acme', IMPRESSIONS, { post_ids: [first.id] }, token)).statusCode).toBe(200);
    expect((await post(t.app, 'acme', clicksOf(first.id), { channel: 9 }, token)).statusCode).toBe(200);
    // Failed tracking requests neither.
    expect((await post(t.app, 'acme', clicksOf(globexPost.id), { channel: 9 }, token)).statusCode).toBe(404);
    expect(generation.now()).toBe(start);
    expect(generation.changedSince(f.acme.id, start)).toBe(false);
    expect((await post(t.app, 'acme', `/api/v2/post/${first.id}/reaction/type/1`, {}, token)).statusCode).toBe(200);
    expect(generation.changedSince(f.acme.id, start)).toBe(true);
  });
});

describe('personal data deletion', () => {
  /** Asks for deletion as `token`'s user and has an Acme admin confirm it. */
  async function deleteInAcme(token: string): Promise<void> {
    expect((await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, token)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.kind, 'deletion-request')).orderBy(desc(outboxMails.id)).limit(1);
    const code = new URL(mail?.links[0] ?? '').searchParams.get('delete_code') ?? '';
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/user/confirm/${code}`, headers: { host: hostOf('acme'), 'x-auth-token': f.tokens.acmeAdmin } });
    expect(res.statusCode).toBe(200);
  }

  /** Anonymous rows of a post: impressions counted and clicks. */
  async function anonymous(postId: number): Promise<{ impressions: number; clicks: number }> {
    const impressions = await t.db.select({ count: postImpressions.count }).from(postImpressions).where(and(eq(postImpressions.postId, postId), sql`${postImpressions.userId} is null`));
    const clicks = await t.db.select({ id: postClicks.id }).from(postClicks).where(and(eq(postClicks.postId, postId), sql`${postClicks.userId} is null`));
    return { impressions: impressions.reduce((sum, r) => sum + r.count, 0), clicks: clicks.length };
  }

  it.each([
    ['a member of Acme only', [] as const],
    ['a member of Acme who stays in Globex', ['globex'] as const],
  ])('keeps the counts of %s without the person', async (_name, elsewhere) => {
    const tracked = await buildPost(t.db, f.acme, { title: 'Counted anonymously' });
    const user = await buildUser(t.db, [{ company: f.acme }, ...elsewhere.map(() => ({ company: f.globex }))]);
    const token = await sessionFor(t.db, user, f.acme);
    await post(t.app, 'acme', IMPRESSIONS, { post_ids: [tracked.id] }, token);
    await post(t.app, 'acme', IMPRESSIONS, { post_ids: [tracked.id] }, token);
    await post(t.app, 'acme', clicksOf(tracked.id), { channel: 9 }, token);
    expect(await anonymous(tracked.id)).toEqual({ impressions: 0, clicks: 0 });

    await deleteInAcme(token);
    expect(await impressionsOf(user.id)).toEqual([]);
    expect(await clicksBy(user.id)).toEqual([]);
    expect(await anonymous(tracked.id)).toEqual({ impressions: 2, clicks: 1 });
  });
});

/** The user's analytics events, oldest first. */
async function analyticsOf(userId: number) {
  return t.db
    .select({ companyId: events.companyId, kind: events.kind, postId: events.postId, network: events.network, data: events.data })
    .from(events)
    .where(and(eq(events.userId, userId), inArray(events.kind, ['page_viewed', 'action_tracked'])))
    .orderBy(asc(events.id));
}

describe('POST /api/v1/track/analytics', () => {
  it('stores page and track events in the event log with the role of the person (spec 6)', async () => {
    const { user, token } = await member(Role.MANAGER);
    const page = await post(t.app, 'acme', ANALYTICS, { type: 'page', name: '/post/:id' }, token);
    expect(page.statusCode).toBe(200);
    expect(AnalyticsEventResponse.parse(page.json())).toEqual({ recorded: true, role_id: Role.MANAGER });
    const track = await post(t.app, 'acme', ANALYTICS, { type: 'track', name: 'share_modal_opened', properties: { post_id: first.id, network: 'LINKEDIN' } }, token);
    expect(track.json()).toEqual({ recorded: true, role_id: Role.MANAGER });
    expect(await analyticsOf(user.id)).toEqual([
      { companyId: f.acme.id, kind: 'page_viewed', postId: null, network: null, data: { name: '/post/:id', role_id: Role.MANAGER } },
      { companyId: f.acme.id, kind: 'action_tracked', postId: null, network: null, data: { name: 'share_modal_opened', role_id: Role.MANAGER, properties: { post_id: first.id, network: 'LINKEDIN' } } },
    ]);
  });

  it('attaches the role the session holds, not one the client claims', async () => {
    const { user, token } = await member(Role.USER);
    const res = await post(t.app, 'acme', ANALYTICS, { type: 'page', name: '/', role_id: Role.ADMIN }, token);
    expect(res.json()).toEqual({ recorded: true, role_id: Role.USER });
    expect((await analyticsOf(user.id)).map((row) => row.data)).toEqual([{ name: '/', role_id: Role.USER }]);
  });

  it.each([
    ['an unknown type', { type: 'identify', name: '/' }],
    ['a page name that is no path', { type: 'page', name: 'feed' }],
    ['a page name over 200 characters', { type: 'page', name: `/${'a'.repeat(200)}` }],
    ['a track name not in the list', { type: 'track', name: 'anything_at_all' }],
    ['a nested property', { type: 'track', name: 'share_modal_opened', properties: { nested: { a: 1 } } }],
    ['a property value over 100 characters', { type: 'track', name: 'share_modal_opened', properties: { note: 'x'.repeat(101) } }],
    ['more than 10 properties', { type: 'track', name: 'share_modal_opened', properties: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p_${'abcdefghijk'[i]}`, i])) }],
    ['no body', undefined],
  ])('answers 201 to %s, recording nothing', async (_name, body) => {
    const { user, token } = await member();
    const res = body === undefined ? await raw('POST', ANALYTICS, '', token) : await post(t.app, 'acme', ANALYTICS, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await analyticsOf(user.id)).toEqual([]);
  });

  it('answers 401 without a session and to a member of another company, recording nothing', async () => {
    for (const token of [undefined, f.tokens.globexUser]) {
      const res = await post(t.app, 'acme', ANALYTICS, { type: 'page', name: '/' }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    }
    expect(await analyticsOf(f.globexUser.id)).toEqual([]);
  });
});
