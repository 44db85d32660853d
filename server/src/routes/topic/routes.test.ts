import { TopicListResponse, ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildTopic, buildPost } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  const news = await buildTopic(t.db, f.acme, 'news');
  const careers = await buildTopic(t.db, f.acme, 'Careers');
  await buildTopic(t.db, f.acme, 'Events');
  const globexTopic = await buildTopic(t.db, f.globex, 'Research');
  await buildPost(t.db, f.acme, {}, { categories: [news, careers] });
  await buildPost(t.db, f.acme, {}, { categories: [news] });
  await buildPost(t.db, f.acme, { expiration: new Date(Date.now() - 1000) }, { categories: [news] });
  await buildPost(t.db, f.acme, { start: new Date(Date.now() + 3_600_000) }, { categories: [careers] });
  await buildPost(t.db, f.globex, {}, { categories: [globexTopic] });
});
afterAll(() => t.close());

describe('GET /api/v1/category', () => {
  it('lists the company topics by name with live post counts', async () => {
    const res = await get(t.app, 'acme', '/api/v1/category?_=1', f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const body = TopicListResponse.parse(res.json());
    expect(body.objects.map((c) => [c.name, c.number_of_posts])).toEqual([
      ['Careers', 1],
      ['Events', 0],
      ['news', 2],
    ]);
    expect(body).toMatchObject({ num_results: 3, total_pages: 1, page_num: 1 });
  });

  it('pages', async () => {
    const body = TopicListResponse.parse((await get(t.app, 'acme', '/api/v1/category?results_per_page=2&page_num=2', f.tokens.acmeUser)).json());
    expect(body.objects.map((c) => c.name)).toEqual(['news']);
    expect(body).toMatchObject({ num_results: 3, total_pages: 2, page_num: 2 });
  });

  it('rejects a bad page with 201', async () => {
    const res = await get(t.app, 'acme', '/api/v1/category?page_num=zero', f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session', async () => {
    expect((await get(t.app, 'acme', '/api/v1/category')).statusCode).toBe(401);
  });

  it('refuses a user of another company and shows members only their host company topics', async () => {
    expect((await get(t.app, 'acme', '/api/v1/category', f.tokens.globexUser)).statusCode).toBe(401);
    const body = TopicListResponse.parse((await get(t.app, 'globex', '/api/v1/category', f.tokens.multiGlobex)).json());
    expect(body.objects.map((c) => c.name)).toEqual(['Research']);
  });
});
