/**
 * Finding 39 (issue 52 item 6): a self sign-up account that had not confirmed its e-mail could
 * read reactions, drafts, the sandbox wall and sharer lists. Until confirmation an account now
 * opens only the confirm-your-e-mail screen's calls (its configuration, its own profile,
 * resending the mail, signing out); everything else answers 490 (deny by default, so a new
 * route is closed to them without a line of its own; the attack suite tries every route).
 */
import { ErrorCode, Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, type CompanyRow, type PostRow, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildLike, buildPost, buildShare, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { desc, eq } from '../../server/src/test/rows.ts';

let t: TestContext;
let company: CompanyRow;
let colleague: UserRow;
let unconfirmed: UserRow;
let token: string;
let live: PostRow;

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  colleague = await buildUser(t.db, [{ company }]);
  unconfirmed = await buildUser(t.db, [{ company }], { emailConfirmedAt: null });
  token = await sessionFor(t.db, unconfirmed, company);
  live = await buildPost(t.db, company);
  await buildLike(t.db, live, colleague);
  await buildShare(t.db, live, colleague, Network.LINKEDIN);
});

afterAll(async () => {
  await t.close();
});

function expectUnconfirmed(res: { statusCode: number; json: () => unknown }): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: ErrorCode.EMAIL_NOT_CONFIRMED, message: 'Please confirm your e-mail address first.' });
}

describe('finding 39: an unconfirmed account reads nothing but its confirm screen', () => {
  it('refuses reactions, sharer lists, drafts, the sandbox wall, the feed and a colleague\'s profile', async () => {
    for (const url of [
      `/api/v2/post/${live.id}/reaction/type/1/users`,
      `/api/v2/post/${live.id}/shares/users`,
      `/api/v3/post/${live.id}/snippet`,
      '/sandbox/wall?network=twitter',
      '/api/v4/post/feed',
      `/api/v4/post/${live.id}`,
      '/api/v5/post/timeline/shared',
      `/api/v1/user/${colleague.id}`,
    ]) {
      expectUnconfirmed(await get(t.app, company.subdomain, url, token));
    }
  });

  it('opens what the confirm screen needs: the configuration, its own profile, resending the mail', async () => {
    expect((await get(t.app, company.subdomain, '/api/v1/config/info', token)).statusCode).toBe(200);
    const own = await get(t.app, company.subdomain, `/api/v1/user/${unconfirmed.id}`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: unconfirmed.id, email_confirmed: false });
    expect((await post(t.app, company.subdomain, '/api/v1/auth/email/confirmation', {}, token)).json()).toEqual({ sent: true });
  });

  it('opens everything once the address is confirmed', async () => {
    const reader = await buildUser(t.db, [{ company }], { emailConfirmedAt: null });
    const readerToken = await sessionFor(t.db, reader, company);
    expectUnconfirmed(await get(t.app, company.subdomain, `/api/v2/post/${live.id}/shares/users`, readerToken));
    // The mailed link, followed: the address is confirmed.
    await post(t.app, company.subdomain, '/api/v1/auth/email/confirmation', {}, readerToken);
    const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.to, reader.email)).orderBy(desc(outboxMails.id)).limit(1);
    const code = new URL(mail?.links[0] ?? 'http://x/').searchParams.get('code');
    expect((await post(t.app, company.subdomain, '/api/v1/auth/email/confirm', { code })).statusCode).toBe(200);
    expect((await get(t.app, company.subdomain, `/api/v2/post/${live.id}/shares/users`, readerToken)).statusCode).toBe(200);
  });

  it('signs out', async () => {
    const leaving = await buildUser(t.db, [{ company }], { emailConfirmedAt: null });
    const leavingToken = await sessionFor(t.db, leaving, company);
    expect((await get(t.app, company.subdomain, '/api/v1/auth/sign-out', leavingToken)).statusCode).toBe(200);
    expect((await get(t.app, company.subdomain, '/api/v1/config/info', leavingToken)).statusCode).toBe(401);
  });
});
