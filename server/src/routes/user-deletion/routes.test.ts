import { DeletionRequesterResponse, ErrorCode, Network, Role } from '@chorus/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookmarks,
  categoryFollows,
  comments,
  externalIdentities,
  memberships,
  oneTimeTokens,
  outboxMails,
  postReactions,
  posts,
  shares,
  shareDrafts,
  events,
  postSubscriptions,
  sessions,
  socialAccounts,
  userEvents,
  users,
  type PostRow,
  type UserRow,
} from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildTopic, buildLike, buildPost, buildShare, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let globexAdminToken: string;
let acmeManagerToken: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  globexAdminToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]));
  acmeManagerToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }]));
});
afterAll(() => t.close());

/** A fresh acme member who asked to be deleted, and the code of the mailed link. */
async function requester(): Promise<{ user: UserRow; token: string; code: string }> {
  const user = await buildUser(t.db, [{ company: f.acme }], { firstName: 'Dana', lastName: 'Fox' });
  const token = await sessionFor(t.db, user);
  const res = await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, token);
  expect(res.statusCode).toBe(200);
  const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.kind, 'deletion-request')).orderBy(desc(outboxMails.id)).limit(1);
  const code = new URL(mail?.links[0] ?? '').searchParams.get('delete_code') ?? '';
  return { user, token, code };
}

function confirm(subdomain: string, code: string, token?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (token) headers['x-auth-token'] = token;
  return t.app.inject({ method: 'DELETE', url: `/api/v1/user/confirm/${code}`, headers });
}

const UNKNOWN_CODE = 'A'.repeat(43);

describe('GET /api/v1/user/confirm/{delete_token}', () => {
  it('names the requester for an ADMIN of their company', async () => {
    const { user, code } = await requester();
    const res = await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(200);
    expect(DeletionRequesterResponse.parse(res.json())).toMatchObject({ user_id: user.id, full_name: 'Dana Fox', email: user.email });
  });

  it.each([['unknown', UNKNOWN_CODE], ['malformed', 'not-a-code']])('answers 856 to an %s token', async (_name, code) => {
    const res = await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 856, message: 'Failed to get user info due to invalid delete token.' });
  });

  it('answers 856 to a used token', async () => {
    const { code } = await requester();
    expect((await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: code }, f.tokens.acmeAdmin)).statusCode).toBe(200);
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, f.tokens.acmeAdmin)).json().error).toBe(856);
  });

  it('is for ADMINs of the requester company only', async () => {
    const { code } = await requester();
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, acmeManagerToken)).statusCode).toBe(403);
    expect((await get(t.app, 'globex', `/api/v1/user/confirm/${code}`, globexAdminToken)).statusCode).toBe(403);
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, globexAdminToken)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/confirm/{delete_token}', () => {
  it('deletes everything about the user but keeps the share counts, anonymously', async () => {
    const { user, token, code } = await requester();
    const topic = await buildTopic(t.db, f.acme);
    const first = await buildPost(t.db, f.acme);
    const second = await buildPost(t.db, f.acme);
    await buildShare(t.db, first, user, Network.LINKEDIN);
    await buildShare(t.db, first, user, Network.TWITTER);
    await buildShare(t.db, second, user, Network.FACEBOOK);
    await buildShare(t.db, second, f.acmeUser, Network.FACEBOOK);
    // A failed share with the person's own words, an event and a caption draft of theirs.
    await t.db.insert(shares).values({ postId: second.id, userId: user.id, companyId: f.acme.id, network: Network.LINKEDIN, state: 'failed', content: 'my own words' });
    await t.db.insert(events).values({ companyId: f.acme.id, userId: user.id, postId: first.id, network: Network.LINKEDIN, kind: 'share_published' });
    await t.db.insert(shareDrafts).values({ userId: user.id, postId: first.id, companyId: f.acme.id, network: Network.LINKEDIN, content: 'draft' });
    await buildLike(t.db, first, user);
    await t.db.insert(comments).values({ postId: first.id, userId: user.id, companyId: f.acme.id, content: 'mine' });
    await t.db.insert(bookmarks).values({ postId: first.id, userId: user.id, companyId: f.acme.id });
    await t.db.insert(postSubscriptions).values({ postId: first.id, userId: user.id });
    await t.db.insert(categoryFollows).values({ userId: user.id, categoryId: topic.id, companyId: f.acme.id });
    await t.db.insert(userEvents).values({ userId: user.id, companyId: f.acme.id, event: 'finished' });
    await t.db.insert(socialAccounts).values({ userId: user.id, network: Network.TWITTER, externalId: 'x-1', username: 'dana', accessToken: 'tok' });
    await t.db.insert(externalIdentities).values({ provider: `saml:${f.acme.id}`, subject: 'dana-nameid', userId: user.id, companyId: f.acme.id, email: user.email });

    const countsOf = async (ids: number[]) =>
      (await t.db.select().from(posts).where(inArray(posts.id, ids))).map((p: PostRow) => [p.id, p.shareCount, p.twitterShares, p.facebookShares, p.linkedinShares]);
    const companyTotal = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(shares).where(eq(shares.companyId, f.acme.id)))[0]?.n;
    const countsBefore = await countsOf([first.id, second.id]);
    expect(countsBefore).toEqual([
      [first.id, 2, 1, 0, 1],
      [second.id, 2, 0, 2, 0],
    ].sort((a, b) => Number(a[0]) - Number(b[0])));
    const totalBefore = await companyTotal();

    const res = await confirm('acme', code, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, user_id: user.id });

    expect(await countsOf([first.id, second.id])).toEqual(countsBefore);
    expect(await companyTotal()).toBe(totalBefore);
    const anonymous = await t.db.select().from(shares).where(inArray(shares.postId, [first.id, second.id]));
    expect(anonymous.map((s) => s.userId).sort()).toEqual([f.acmeUser.id, null, null, null, null].sort());
    // Their words go; the shares and events stay, anonymous.
    expect(anonymous.filter((s) => s.userId === null).map((s) => s.content)).toEqual(['', '', '', '']);
    expect((await t.db.select().from(events).where(eq(events.postId, first.id))).map((e) => e.userId)).toEqual([null]);
    expect(await t.db.select().from(shareDrafts).where(eq(shareDrafts.postId, first.id))).toEqual([]);

    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    for (const table of [memberships, sessions, postReactions, comments, bookmarks, postSubscriptions, categoryFollows, userEvents, socialAccounts, externalIdentities, oneTimeTokens] as const) {
      expect(await t.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    expect(await t.db.select().from(outboxMails).where(eq(outboxMails.to, user.email))).toEqual([]);
    // Their old session is gone and their password no longer signs in.
    expect((await get(t.app, 'acme', '/api/v1/user/personal-data', token)).statusCode).toBe(401);
    const signIn = await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: user.email, password: TEST_PASSWORD });
    expect(signIn.json().error).toBe(ErrorCode.WRONG_CREDENTIALS);
  });

  it('removes only this company data of someone who belongs to another company too', async () => {
    const both = await buildUser(t.db, [{ company: f.acme }, { company: f.globex }]);
    const bothToken = await sessionFor(t.db, both, f.acme);
    const globexToken = await sessionFor(t.db, both, f.globex);
    await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, bothToken);
    const [mail] = await t.db.select().from(outboxMails).where(eq(outboxMails.kind, 'deletion-request')).orderBy(desc(outboxMails.id)).limit(1);
    const code = new URL(mail?.links[0] ?? '').searchParams.get('delete_code') ?? '';
    const acmePost = await buildPost(t.db, f.acme);
    const globexPost = await buildPost(t.db, f.globex);
    await buildShare(t.db, acmePost, both);
    await buildShare(t.db, globexPost, both);
    await t.db.insert(comments).values([
      { postId: acmePost.id, userId: both.id, companyId: f.acme.id, content: 'acme' },
      { postId: globexPost.id, userId: both.id, companyId: f.globex.id, content: 'globex' },
    ]);

    expect((await confirm('acme', code, f.tokens.acmeAdmin)).statusCode).toBe(200);
    expect((await t.db.select().from(memberships).where(eq(memberships.userId, both.id))).map((m) => m.companyId)).toEqual([f.globex.id]);
    expect((await t.db.select().from(comments).where(eq(comments.userId, both.id))).map((c) => c.content)).toEqual(['globex']);
    expect((await t.db.select().from(shares).where(eq(shares.userId, both.id))).map((s) => s.postId)).toEqual([globexPost.id]);
    expect((await t.db.select().from(shares).where(eq(shares.postId, acmePost.id))).map((s) => s.userId)).toEqual([null]);
    expect((await get(t.app, 'acme', '/api/v1/user/personal-data', bothToken)).statusCode).toBe(401);
    expect((await get(t.app, 'globex', '/api/v1/user/personal-data', globexToken)).statusCode).toBe(200);
  });

  it('answers 855 to an unknown or used token', async () => {
    const res = await confirm('acme', UNKNOWN_CODE, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 855, message: 'Deletion failed due to invalid delete token.' });
    const { code } = await requester();
    await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: code }, f.tokens.acmeAdmin);
    expect((await confirm('acme', code, f.tokens.acmeAdmin)).json().error).toBe(855);
  });

  it('is for ADMINs of the requester company only, and keeps the user otherwise', async () => {
    const { user, code } = await requester();
    expect((await confirm('acme', code, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await confirm('acme', code, acmeManagerToken)).statusCode).toBe(403);
    expect((await confirm('globex', code, globexAdminToken)).statusCode).toBe(403);
    expect((await confirm('acme', code, globexAdminToken)).statusCode).toBe(401);
    expect((await confirm('acme', code)).statusCode).toBe(401);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toEqual([{ id: user.id }]);
  });
});

describe('POST /api/v1/user/reject', () => {
  it('uses the token and keeps the user', async () => {
    const { user, token, code } = await requester();
    const res = await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: code }, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rejected: true, user_id: user.id });
    const [row] = await t.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, user.id)));
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect((await get(t.app, 'acme', '/api/v1/user/personal-data', token)).statusCode).toBe(200);
  });

  it('answers 201 without a token and 855 to a bad one', async () => {
    expect((await post(t.app, 'acme', '/api/v1/user/reject', {}, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: UNKNOWN_CODE }, f.tokens.acmeAdmin)).json().error).toBe(855);
  });

  it('is for ADMINs of the requester company only', async () => {
    const { code } = await requester();
    expect((await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: code }, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await post(t.app, 'globex', '/api/v1/user/reject', { delete_token: code }, globexAdminToken)).statusCode).toBe(403);
    expect((await post(t.app, 'acme', '/api/v1/user/reject', { delete_token: code }, globexAdminToken)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/confirm/${code}`, f.tokens.acmeAdmin)).statusCode).toBe(200);
  });
});
