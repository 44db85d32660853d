import { AUTH_HEADER, DeferredShareResponse, ErrorCode, Role, ShareSummary, TimelinePost, TimelineResponse, WEEKDAYS, type UserSettings } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekToken } from '../../auth/one-time-tokens.ts';
import { events, shares, users } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, send, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function change(method: 'PUT' | 'DELETE', url: string, body: unknown, token?: string) {
  return send(t.app, method, 'acme', url, body, token);
}

/** A fresh Acme member with LinkedIn linked (sandbox) and a session. */
async function member(options: { timezone?: string; link?: boolean } = {}) {
  const user = await buildUser(t.db, [{ company: f.acme, role: Role.USER }], { timezone: options.timezone ?? 'UTC' });
  if (options.link !== false) await linkNetwork(t.db, t.config, user, 'linkedin');
  return { user, token: await sessionFor(t.db, user, f.acme) };
}

async function shareRow(id: number) {
  const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
  if (!row) throw new Error('share gone');
  return row;
}

describe('POST /api/v4/post/deferred (schedule)', () => {
  it('queues the share at the time with its caption and records the event', async () => {
    const { user, token } = await member();
    const row = await buildPost(t.db, f.acme);
    const time = inHours(30);
    const res = await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time, content: 'Later, friends' }, token);
    expect(res.statusCode).toBe(200);
    const body = DeferredShareResponse.parse(res.json());
    expect(body).toMatchObject({ error: null, url: null, date: time });
    const stored = await shareRow(body.id ?? 0);
    expect(stored).toMatchObject({ state: 'queued', userId: user.id, content: 'Later, friends', timezone: 'UTC', network: 3 });
    expect(stored.dueAt?.toISOString()).toBe(time);
    const kinds = (await t.db.select().from(events).where(eq(events.postId, row.id))).map((e) => e.kind);
    expect(kinds).toEqual(['share_queued']);
  });

  it.each<[string, number, () => Promise<{ start?: Date; expiration?: Date | null }>, string]>([
    ['657 for a time that has passed', ErrorCode.QUEUE_TIME_PASSED, async () => ({}), inHours(-1)],
    ['655 when the post expires first', ErrorCode.EXPIRES_BEFORE_SHARE, async () => ({ expiration: new Date(Date.now() + 2 * HOUR) }), inHours(5)],
    ['656 when the post starts later', ErrorCode.NOT_AVAILABLE_UNTIL_AFTER, async () => ({ start: new Date(Date.now() + 10 * HOUR) }), inHours(5)],
  ])('%s', async (_name, code, values, time) => {
    const { token } = await member();
    const row = await buildPost(t.db, f.acme, await values());
    const res = await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time, content: 'Words' }, token);
    expect(res.json().error).toBe(code);
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toHaveLength(0);
  });

  it('419 when the post is already queued on that network; other networks stay free', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'twitter');
    const row = await buildPost(t.db, f.acme);
    expect((await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: inHours(30), content: 'Words' }, token)).json().error).toBeNull();
    const again = await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: inHours(40), content: 'Words' }, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ErrorCode.ALREADY_QUEUED);
    expect((await post(t.app, 'acme', '/api/v4/post/deferred', { network: 1, post: row.id, time: inHours(40), content: 'Words' }, token)).json().error).toBeNull();
  });

  it('418 with the url that links the network and comes back to /post-defer', async () => {
    const { token } = await member({ link: false });
    const row = await buildPost(t.db, f.acme);
    const res = await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: inHours(30), content: 'Mine' }, token);
    expect(res.statusCode).toBe(200);
    const body = DeferredShareResponse.parse(res.json());
    expect(body.error).toBe(418);
    expect(body.id).toBeNull();
    expect(body.url).toBeTruthy();
    const state = new URL(body.url ?? '').searchParams.get('state');
    expect(state).toBeTruthy();
    // The link flow comes back to the queue dialog of this post, on this network, with the time and caption kept.
    const flow = await peekToken(t.db, 'social-link-state', state ?? '');
    expect(flow.state).toBe('valid');
    const returnTo = flow.state === 'valid' ? (flow.data.returnTo ?? '') : '';
    const resume = new URL(returnTo, 'http://acme.localhost');
    expect(resume.pathname).toBe(`/post-defer/linkedin/${row.id}`);
    expect(new Date(resume.searchParams.get('date') ?? '').getTime()).toBeGreaterThan(Date.now() + 29 * 3_600_000);
    expect(Buffer.from(resume.searchParams.get('content') ?? '', 'base64url').toString()).toBe('Mine');
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toHaveLength(0);
  });

  it('refuses a bad time (201), no session (401) and another company\'s post', async () => {
    const { token } = await member();
    const row = await buildPost(t.db, f.acme);
    expect((await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: '2026/03/08', content: 'Words' }, token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: inHours(30), content: 'Words' })).statusCode).toBe(401);
    const theirs = await buildPost(t.db, f.globex);
    const res = await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: theirs.id, time: inHours(30), content: 'Words' }, token);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(shares).where(eq(shares.postId, theirs.id))).toHaveLength(0);
  });
});

describe('POST /api/v4/post/deferred/queue (add to queue)', () => {
  async function withQueue(userId: number, timezone: string, settings: Partial<UserSettings['post_queue']['linkedin']>) {
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new Error('user gone');
    const linkedin = { ...row.settings.post_queue.linkedin, ...settings };
    await t.db
      .update(users)
      .set({ timezone, settings: { ...row.settings, post_queue: { ...row.settings.post_queue, linkedin } } })
      .where(eq(users.id, userId));
  }

  it('takes the next free slot in the person\'s zone, skipping their queued shares', async () => {
    const { user, token } = await member();
    const everyDay = Object.fromEntries(WEEKDAYS.map((d) => [d, true])) as UserSettings['post_queue']['linkedin']['post_queue_weekday'];
    await withQueue(user.id, 'Asia/Kolkata', { post_queue_weekday: everyDay, post_queue_time: [{ hour: 9, minute: 30, ampm: 0 }] });
    const first = await buildPost(t.db, f.acme);
    const second = await buildPost(t.db, f.acme);
    const a = DeferredShareResponse.parse((await post(t.app, 'acme', '/api/v4/post/deferred/queue', { network_id: 3, post_id: first.id, channel_id: 1, content: 'Words' }, token)).json());
    const b = DeferredShareResponse.parse((await post(t.app, 'acme', '/api/v4/post/deferred/queue', { network_id: 3, post_id: second.id, channel_id: 1, content: 'Words' }, token)).json());
    // 9:30 in Kolkata is 04:00 UTC; the second goes a day after the first.
    expect(a.date).toMatch(/T04:00:00\.000Z$/);
    expect(b.date).toMatch(/T04:00:00\.000Z$/);
    expect(new Date(b.date ?? 0).getTime() - new Date(a.date ?? 0).getTime()).toBe(24 * HOUR);
    expect((await shareRow(a.id ?? 0)).timezone).toBe('Asia/Kolkata');
  });

  it('417 when the queue settings give no slot, 658 when already queued', async () => {
    const { user, token } = await member();
    await withQueue(user.id, 'UTC', { post_queue_time: [] });
    const row = await buildPost(t.db, f.acme);
    const none = await post(t.app, 'acme', '/api/v4/post/deferred/queue', { network_id: 3, post_id: row.id, content: 'Words' }, token);
    expect(none.json().error).toBe(ErrorCode.QUEUE_SETTINGS_INVALID);
    await withQueue(user.id, 'UTC', { post_queue_time: [{ hour: 9, minute: 15, ampm: 0 }] });
    expect((await post(t.app, 'acme', '/api/v4/post/deferred/queue', { network_id: 3, post_id: row.id, content: 'Words' }, token)).json().error).toBeNull();
    expect((await post(t.app, 'acme', '/api/v4/post/deferred/queue', { network_id: 3, post_id: row.id, content: 'Words' }, token)).json().error).toBe(ErrorCode.ALREADY_QUEUED_2);
  });
});

describe('PUT and DELETE /api/v4/post/deferred/{id}', () => {
  it('reschedules with a new caption, then removes; another person cannot touch it', async () => {
    const { token } = await member();
    const other = await member();
    const row = await buildPost(t.db, f.acme);
    const queued = DeferredShareResponse.parse((await post(t.app, 'acme', '/api/v4/post/deferred', { network: 3, post: row.id, time: inHours(30), content: 'Words' }, token)).json());
    const id = queued.id ?? 0;
    const time = inHours(50);
    expect((await change('PUT', `/api/v4/post/deferred/${id}`, { date: time }, other.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await change('PUT', `/api/v4/post/deferred/${id}`, { date: inHours(-2) }, token)).json().error).toBe(ErrorCode.QUEUE_TIME_PASSED);
    const moved = await change('PUT', `/api/v4/post/deferred/${id}`, { date: time, content: 'New words' }, token);
    expect(moved.statusCode).toBe(200);
    expect(await shareRow(id)).toMatchObject({ content: 'New words' });
    expect((await shareRow(id)).dueAt?.toISOString()).toBe(time);

    expect((await change('DELETE', `/api/v4/post/deferred/${id}`, undefined, other.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await change('DELETE', `/api/v4/post/deferred/${id}`, undefined)).statusCode).toBe(401);
    const removed = await change('DELETE', `/api/v4/post/deferred/${id}`, undefined, token);
    expect(removed.json()).toEqual({ success: true });
    expect(await t.db.select().from(shares).where(eq(shares.id, id))).toHaveLength(0);
  });
});

describe('GET /api/v5/post/timeline/*', () => {
  it('lists queued and shared items 15 a page with state, reason and the queue count; a date in the person\'s zone', async () => {
    const { user, token } = await member({ timezone: 'America/New_York' });
    const row = await buildPost(t.db, f.acme);
    // Retry runs share now's checks again: the share has a caption to publish.
    const base = { companyId: f.acme.id, userId: user.id, postId: row.id, network: 3, content: 'Worth a read' };
    const publishedAt = new Date('2026-03-08T04:30:00Z'); // 23:30 on 7 March in New York
    await t.db.insert(shares).values([
      ...Array.from({ length: 16 }, (_, i) => ({ ...base, state: 'published' as const, publishedAt: new Date(publishedAt.getTime() + (i + 1) * 86_400_000), networkUrl: `https://sandbox/${i}` })),
      { ...base, state: 'published' as const, publishedAt },
      { ...base, state: 'unconfirmed' as const, errorReason: 'unconfirmed: timeout', publishedAt: null, updated: new Date('2026-03-09T15:00:00Z') },
      { ...base, network: 1, state: 'queued' as const, scheduledAt: new Date(Date.now() + 5 * HOUR), dueAt: new Date(Date.now() + 5 * HOUR) },
    ]);
    const page1 = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared', token)).json());
    expect(page1).toMatchObject({ num_results: 18, page_num: 1, results_per_page: 15, queue_count: 1 });
    expect(page1.objects).toHaveLength(15);
    const page2 = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared?page_num=2', token)).json());
    expect(page2.objects).toHaveLength(3);

    const day = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared?date=2026-03-07', token)).json());
    expect(day.objects.map((o) => o.date)).toEqual([publishedAt.toISOString()]);
    const unconfirmed = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared?date=2026-03-09', token)).json());
    expect(unconfirmed.objects.find((o) => o.state === 'unconfirmed')?.reason).toMatch(/did not confirm/);

    const queued = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/queued', token)).json());
    expect(queued.objects).toHaveLength(1);
    expect(queued.objects[0]).toMatchObject({ state: 'queued', network_id: 1, status: 1, reminder: false });
    const one = TimelinePost.parse((await get(t.app, 'acme', `/api/v5/post/timeline/queued/${queued.objects[0]?.id ?? 0}`, token)).json());
    expect(one.id).toBe(queued.objects[0]?.id);

    expect((await get(t.app, 'acme', '/api/v5/post/timeline/shared?date=2026-02-30', token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await get(t.app, 'acme', '/api/v5/post/timeline/shared')).statusCode).toBe(401);
    // Someone else's list is their own: the other person sees none of these.
    const other = await member();
    expect(TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared', other.token)).json()).num_results).toBe(0);
    expect((await get(t.app, 'acme', `/api/v5/post/timeline/queued/${queued.objects[0]?.id ?? 0}`, other.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    // Another company's member on their own host sees nothing of Acme's.
    const globex = TimelineResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v5/post/timeline/shared', headers: { host: hostOf('globex'), [AUTH_HEADER]: f.tokens.globexUser } })).json());
    expect(globex.num_results).toBe(0);
  });
});

describe('POST /api/v5/post/share/{id}/retry and /resolve', () => {
  it('puts a failed share back in the queue and settles an unconfirmed one as the person says', async () => {
    const { user, token } = await member();
    const other = await member();
    const row = await buildPost(t.db, f.acme);
    // Retry runs share now's checks again: the share has a caption to publish.
    const base = { companyId: f.acme.id, userId: user.id, postId: row.id, network: 3, content: 'Worth a read' };
    const [failed] = await t.db.insert(shares).values({ ...base, state: 'failed', errorCode: 202, errorReason: 'retryable: refused', attempts: 5 }).returning();
    const [unsure] = await t.db.insert(shares).values({ ...base, network: 1, state: 'unconfirmed', errorReason: 'unconfirmed: timeout' }).returning();
    if (!failed || !unsure) throw new Error('no rows');

    // Someone else's share is not found as far as they can tell (finding 20).
    expect((await post(t.app, 'acme', `/api/v5/post/share/${failed.id}/retry`, {}, other.token)).json().error).toBe(ErrorCode.NOT_FOUND);
    expect((await post(t.app, 'acme', `/api/v5/post/share/${failed.id}/retry`, {})).statusCode).toBe(401);
    const retried = ShareSummary.parse((await post(t.app, 'acme', `/api/v5/post/share/${failed.id}/retry`, {}, token)).json());
    expect(retried.state).toBe('queued');
    expect(await shareRow(failed.id)).toMatchObject({ state: 'queued', attempts: 0, errorReason: null });
    // An unconfirmed share is never re-sent: retry refuses it.
    expect((await post(t.app, 'acme', `/api/v5/post/share/${unsure.id}/retry`, {}, token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);

    expect((await post(t.app, 'acme', `/api/v5/post/share/${unsure.id}/resolve`, { published: 'yes' }, token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    const resolved = ShareSummary.parse((await post(t.app, 'acme', `/api/v5/post/share/${unsure.id}/resolve`, { published: true }, token)).json());
    expect(resolved.state).toBe('published');
    const kinds = (await t.db.select().from(events).where(and(eq(events.postId, row.id), eq(events.kind, 'share_published')))).length;
    expect(kinds).toBe(1);
  });
});
