import { ErrorCode, FeedResponse, SortOrder, TopicEntry, UserTopicListResponse } from '@chorus/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryFollows } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildTopic, buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let topics: Record<'news' | 'careers' | 'culture' | 'empty' | 'locked' | 'globexTopic', { id: number; name: string }>;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  topics = {
    news: await buildTopic(t.db, f.acme, 'News'),
    careers: await buildTopic(t.db, f.acme, 'Careers'),
    culture: await buildTopic(t.db, f.acme, 'culture'),
    empty: await buildTopic(t.db, f.acme, 'Zeta'),
    locked: await buildTopic(t.db, f.acme, 'Mandatory'),
    globexTopic: await buildTopic(t.db, f.globex, 'Globex topic'),
  };
  await buildPost(t.db, f.acme, { title: 'One' }, { categories: [topics.news, topics.careers] });
  await buildPost(t.db, f.acme, { title: 'Two' }, { categories: [topics.news, topics.culture, topics.locked] });
  await buildPost(t.db, f.globex, { title: 'Three' }, { categories: [topics.globexTopic] });
  // An admin locked "Mandatory" for the user.
  await t.db.insert(categoryFollows).values({ userId: f.acmeUser.id, categoryId: topics.locked.id, companyId: f.acme.id, position: 0, locked: true });
});
afterAll(() => t.close());

function del(url: string, body: unknown, token?: string, subdomain = 'acme'): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (token) headers['x-auth-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method: 'DELETE', url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
}

async function entries(token: string, subdomain = 'acme'): Promise<TopicEntry[]> {
  const res = await get(t.app, subdomain, '/api/v2/user/category?_=1', token);
  expect(res.statusCode).toBe(200);
  return UserTopicListResponse.parse(res.json()).objects;
}
const followedNames = (list: TopicEntry[]) => list.filter((e) => e.is_followed).map((e) => e.category.name);

describe('GET /api/v2/user/category', () => {
  it('lists every topic of the company: followed first in order, then by name, with post counts', async () => {
    const list = await entries(f.tokens.acmeUser);
    expect(list.map((e) => e.category.name)).toEqual(['Mandatory', 'Careers', 'culture', 'News', 'Zeta']);
    expect(list[0]).toEqual({ category: { id: topics.locked.id, name: 'Mandatory' }, is_followed: true, is_locked: true, number_of_posts: 1 });
    expect(list.find((e) => e.category.name === 'News')).toMatchObject({ is_followed: false, is_locked: false, number_of_posts: 2 });
    expect(list.find((e) => e.category.name === 'Zeta')?.number_of_posts).toBe(0);
  });

  it('needs a session and refuses another company user', async () => {
    expect((await get(t.app, 'acme', '/api/v2/user/category')).json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await get(t.app, 'acme', '/api/v2/user/category', f.tokens.globexUser)).statusCode).toBe(401);
    expect((await entries(f.tokens.globexUser, 'globex')).map((e) => e.category.name)).toEqual(['Globex topic']);
  });
});

describe('GET /api/v2/user/category/search', () => {
  it('finds topics by part of their name, case-insensitively', async () => {
    const res = await get(t.app, 'acme', '/api/v2/user/category/search?q=CAR', f.tokens.acmeUser);
    expect(UserTopicListResponse.parse(res.json()).objects.map((e) => e.category.name)).toEqual(['Careers']);
    const none = await get(t.app, 'acme', '/api/v2/user/category/search?q=%25', f.tokens.acmeUser);
    expect(UserTopicListResponse.parse(none.json()).num_results).toBe(0);
  });

  it.each([`q=${'x'.repeat(101)}`, 'q=a&q=b'])('refuses a bad query %s (201)', async (query) => {
    const res = await get(t.app, 'acme', `/api/v2/user/category/search?${query}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session of the host company (401)', async () => {
    const missing = await get(t.app, 'acme', '/api/v2/user/category/search?q=car');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await get(t.app, 'acme', '/api/v2/user/category/search?q=car', f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('never finds another company topics', async () => {
    const res = await get(t.app, 'acme', '/api/v2/user/category/search?q=globex', f.tokens.multi);
    expect(UserTopicListResponse.parse(res.json()).objects).toEqual([]);
  });
});

describe('POST and DELETE /api/v2/user/category', () => {
  it('follows topics in the order followed, and the feed shows them in that order', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    const res = await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.news.id }, token);
    expect(res.statusCode).toBe(200);
    expect(TopicEntry.parse(res.json())).toMatchObject({ is_followed: true, is_locked: false, number_of_posts: 2 });
    await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.careers.id }, token);
    await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.news.id }, token);
    expect(followedNames(await entries(token))).toEqual(['News', 'Careers']);
    const feed = FeedResponse.parse((await get(t.app, 'acme', '/api/v4/post/feed', token)).json());
    expect(feed.topics.map((x) => x.category.name)).toEqual(['News', 'Careers']);
  });

  it('unfollows with category_id in the body or the query', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.news.id }, token);
    await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.culture.id }, token);
    const res = await del('/api/v2/user/category', { category_id: topics.news.id }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category: { id: topics.news.id }, is_followed: false });
    expect((await del(`/api/v2/user/category?category_id=${topics.culture.id}`, undefined, token)).statusCode).toBe(200);
    expect(followedNames(await entries(token))).toEqual([]);
  });

  it('refuses to unfollow a topic an admin locked (409) and keeps it', async () => {
    const res = await del('/api/v2/user/category', { category_id: topics.locked.id }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ErrorCode.TOPIC_LOCKED, message: 'This topic was added by your administrator and cannot be unfollowed.' });
    expect(followedNames(await entries(f.tokens.acmeUser))).toContain('Mandatory');
  });

  it.each([{}, { category_id: 'abc' }, { category_id: 0 }])('rejects %j with 201', async (body) => {
    const res = await post(t.app, 'acme', '/api/v2/user/category', body, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('answers 404 for another company topic, on follow and unfollow', async () => {
    const follow = await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.globexTopic.id }, f.tokens.multi);
    expect(follow.json().error).toBe(ErrorCode.NOT_FOUND);
    expect((await del('/api/v2/user/category', { category_id: topics.globexTopic.id }, f.tokens.multi)).json().error).toBe(ErrorCode.NOT_FOUND);
  });

  it('needs a session of the host company', async () => {
    expect((await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.news.id })).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v2/user/category', { category_id: topics.news.id }, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await del('/api/v2/user/category', { category_id: topics.news.id }, f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('GET and POST /api/v2/user/category/sort-order', () => {
  async function followAll(token: string) {
    for (const topic of [topics.news, topics.careers, topics.culture]) {
      await post(t.app, 'acme', '/api/v2/user/category', { category_id: topic.id }, token);
    }
  }

  it('saves the order, which the list, the sort order and the feed then follow', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    await followAll(token);
    const order = [topics.culture.id, topics.news.id, topics.careers.id];
    const res = await post(t.app, 'acme', '/api/v2/user/category/sort-order', { sort_order: order }, token);
    expect(res.statusCode).toBe(200);
    expect(SortOrder.parse(res.json())).toEqual({ sort_order: order });
    expect(SortOrder.parse((await get(t.app, 'acme', '/api/v2/user/category/sort-order', token)).json())).toEqual({ sort_order: order });
    expect(followedNames(await entries(token))).toEqual(['culture', 'News', 'Careers']);
    const feed = FeedResponse.parse((await get(t.app, 'acme', '/api/v4/post/feed', token)).json());
    expect(feed.topics.map((x) => x.category.name)).toEqual(['culture', 'News', 'Careers']);
  });

  it.each([
    ['a missing followed topic', (ids: number[]) => ids.slice(1)],
    ['an unfollowed topic', (ids: number[]) => [...ids, -1]],
    ['a repeated id', (ids: number[]) => [...ids, ids[0] ?? 0]],
  ])('rejects an order with %s (201) and keeps the saved one', async (_, change) => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    await followAll(token);
    const saved = SortOrder.parse((await get(t.app, 'acme', '/api/v2/user/category/sort-order', token)).json()).sort_order;
    const bad = change(saved).map((id) => (id === -1 ? topics.empty.id : id));
    const res = await post(t.app, 'acme', '/api/v2/user/category/sort-order', { sort_order: bad }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(SortOrder.parse((await get(t.app, 'acme', '/api/v2/user/category/sort-order', token)).json()).sort_order).toEqual(saved);
  });

  it('cannot order another company topics, and needs a session of the host company', async () => {
    const res = await post(t.app, 'acme', '/api/v2/user/category/sort-order', { sort_order: [topics.globexTopic.id] }, f.tokens.multi);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await get(t.app, 'acme', '/api/v2/user/category/sort-order', f.tokens.globexUser)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v2/user/category/sort-order', { sort_order: [] })).statusCode).toBe(401);
  });
});
