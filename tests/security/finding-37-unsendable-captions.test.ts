/**
 * Issue 52 (faults): a caption with a NUL character or a lone surrogate was accepted by
 * validation and went on to the database (PostgreSQL refuses NUL in text) or a network (a
 * lone surrogate is not UTF-8). Every way a caption comes in (share now, intents, queue and
 * schedule, a queued caption's change, the compliance check, the AI caption) now refuses it
 * with 201 and the reason, and nothing is stored.
 */
import { ErrorCode, Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shares, type CompanyRow, type PostRow, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, post, send, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { linkNetwork } from '../../server/src/test/social-links.ts';
import { eq } from '../../server/src/test/rows.ts';

let t: TestContext;
let company: CompanyRow;
let target: PostRow;
let user: UserRow;
let token: string;

const BAD: readonly [string, string][] = [
  ['a NUL character', 'Hello\u0000world'],
  ['a lone high surrogate', 'Broken \uD83D emoji'],
  ['a lone low surrogate', 'Broken \uDE00 emoji'],
  ['a bell character', 'Ding\u0007'],
];

async function stored(): Promise<number> {
  return (await t.db.select().from(shares).where(eq(shares.userId, user.id))).length;
}

function expectRefused(res: { statusCode: number; json(): { error: number; issues?: { path: string; message: string }[] } }): void {
  expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  expect(res.json().issues?.[0]?.message).toMatch(/cannot be shared/);
}

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  target = await buildPost(t.db, company);
  user = await buildUser(t.db, [{ company }]);
  token = await sessionFor(t.db, user, company);
  await linkNetwork(t.db, t.config, user, 'twitter');
});

afterAll(async () => {
  await t.close();
});

describe('captions that cannot be stored or sent are refused at validation', () => {
  it.each(BAD)('share now refuses %s, storing nothing', async (_, content) => {
    const before = await stored();
    expectRefused(await post(t.app, company.subdomain, `/api/v3/share/twitter/${target.id}`, { content, channel_id: 1 }, token));
    expect(await stored()).toBe(before);
  });

  it.each(BAD)('queue and schedule refuse %s, storing nothing', async (_, content) => {
    const before = await stored();
    expectRefused(await post(t.app, company.subdomain, '/api/v4/post/deferred', { network: Network.TWITTER, post: target.id, time: new Date(Date.now() + 86_400_000).toISOString(), content }, token));
    expect(await stored()).toBe(before);
  });

  it('a queued caption cannot be changed to one (the stored caption stays)', async () => {
    const res = await post(t.app, company.subdomain, '/api/v4/post/deferred', { network: Network.TWITTER, post: target.id, time: new Date(Date.now() + 86_400_000).toISOString(), content: 'Fine caption' }, token);
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { id: number }).id;
    expectRefused(await send(t.app, 'PUT', company.subdomain, `/api/v4/post/deferred/${id}`, { date: new Date(Date.now() + 2 * 86_400_000).toISOString(), content: 'Bad\u0000' }, token));
    const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
    expect(row?.content).toBe('Fine caption');
  });

  it('a mention name or a preview title with one is refused too', async () => {
    const before = await stored();
    expectRefused(await post(t.app, company.subdomain, `/api/v3/share/linkedin/${target.id}`, { content: 'Hi @Acme', mentions: [{ account_id: '9100001', account_type: 'organization', index: 3, name: 'Acme\u0000', mention_text: '@Acme', screen_name: null }] }, token));
    expectRefused(await post(t.app, company.subdomain, `/api/v3/share/twitter/${target.id}`, { content: 'Fine', snippet: { title: 'T\uD800', description: null, domain: null, image: null } }, token));
    expect(await stored()).toBe(before);
  });

  it('the compliance check and the AI caption refuse one as well', async () => {
    expectRefused(await post(t.app, company.subdomain, '/api/v2/compliance/validate', { post_id: target.id, content: 'Bad\u0000', network_id: Network.TWITTER, session_index: 1 }, token));
    expectRefused(await post(t.app, company.subdomain, '/api/v4/ai/user/post/caption', { post_id: target.id, target_social_network: 'TWITTER', caption: 'Bad\uDFFF' }, token));
  });

  it('an emoji made of a full surrogate pair, tabs and newlines are fine', async () => {
    const res = await post(t.app, company.subdomain, `/api/v3/share/twitter/${target.id}`, { content: `Party \uD83C\uDF89\tnow\r\nand ${Date.now()}`, channel_id: 1 }, token);
    expect(res.json().error).toBeNull();
  });
});
