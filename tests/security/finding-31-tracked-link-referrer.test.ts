/**
 * Finding 31 (issue 52, item 12): the tracked link's answer says `Referrer-Policy: no-referrer`
 * (the member's share must not tell the destination where the click came from), and the
 * global security headers no longer overwrite it; every other answer keeps the global policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../server/src/db/schema.ts';
import { createTestContext, get, type TestContext } from '../../server/src/test/app.ts';
import { buildPost } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

describe('finding 31: the tracked link keeps its own Referrer-Policy', () => {
  it('redirects with no-referrer, while other answers keep strict-origin-when-cross-origin', async () => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/article' });
    await t.db.insert(shareLinks).values({ code: 'refTest_01', companyId: f.acme.id, userId: f.acmeUser.id, postId: row.id, channel: 9, network: 3 });
    const res = await get(t.app, 'acme', '/r/refTest_01');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/example\.com\/article/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await get(t.app, 'acme', '/health')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
