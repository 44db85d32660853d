import { AUTH_HEADER, ErrorCode, Network, PostResponse, ReactionResponse, ReactionUsersResponse, Role, ShareUsersResponse, sharerNetworkIcons } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, type PostRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildCompany, buildLike, buildPost, buildShare, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let p: Record<'open' | 'noReactions' | 'shared' | 'paged' | 'globex' | 'notLive', PostRow>;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  p = {
    open: await buildPost(t.db, f.acme, { title: 'Open' }),
    noReactions: await buildPost(t.db, f.acme, { title: 'No reactions', reactionsEnabled: false }),
    shared: await buildPost(t.db, f.acme, { title: 'Shared' }),
    paged: await buildPost(t.db, f.acme, { title: 'Paged' }),
    globex: await buildPost(t.db, f.globex, { title: 'Globex' }),
    notLive: await buildPost(t.db, f.acme, { title: 'Pending', status: 0 }),
  };
});
afterAll(() => t.close());

function send(method: 'POST' | 'DELETE', url: string, token?: string, subdomain = 'acme'): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (token) headers[AUTH_HEADER] = token;
  return t.app.inject({ method, url, headers });
}
const like = (post: PostRow, token: string, subdomain = 'acme') => send('POST', `/api/v2/post/${post.id}/reaction/type/1`, token, subdomain);
const unlike = (post: PostRow, token: string) => send('DELETE', `/api/v2/post/${post.id}/reaction/type/1`, token);

describe('POST and DELETE /api/v2/post/{postId}/reaction/type/1', () => {
  it('likes and unlikes, answering the count and the viewer state; the post shows it', async () => {
    const liked = await like(p.open, f.tokens.acmeUser);
    expect(liked.statusCode).toBe(200);
    expect(ReactionResponse.parse(liked.json())).toEqual({ reactions: { num_results: 1, reaction: true } });
    const post = PostResponse.parse((await get(t.app, 'acme', `/api/v4/post/${p.open.id}`, f.tokens.acmeUser)).json());
    expect(post.reactions).toEqual({ num_results: 1, reaction: true });
    const unliked = await unlike(p.open, f.tokens.acmeUser);
    expect(ReactionResponse.parse(unliked.json())).toEqual({ reactions: { num_results: 0, reaction: false } });
  });

  it('is idempotent: two likes in flight at once count once, two unlikes leave none', async () => {
    const [a, b] = await Promise.all([like(p.open, f.tokens.acmeAdmin), like(p.open, f.tokens.acmeAdmin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(ReactionResponse.parse(b.json()).reactions.num_results).toBe(1);
    await unlike(p.open, f.tokens.acmeAdmin);
    const again = await unlike(p.open, f.tokens.acmeAdmin);
    expect(ReactionResponse.parse(again.json())).toEqual({ reactions: { num_results: 0, reaction: false } });
  });

  it('refuses a missing session (401) and a reaction type other than 1 (201)', async () => {
    expect((await send('POST', `/api/v2/post/${p.open.id}/reaction/type/1`)).statusCode).toBe(401);
    const res = await send('POST', `/api/v2/post/${p.open.id}/reaction/type/2`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses when the post turned reactions off, or the company did (403)', async () => {
    const res = await like(p.noReactions, f.tokens.acmeUser);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    const company = await buildUnreactiveCompany();
    expect((await like(company.post, company.token, company.subdomain)).statusCode).toBe(403);
  });

  it('answers 662 for a post that is not live, and for another company’s post (globex user on acme data)', async () => {
    expect((await like(p.notLive, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await like(p.globex, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    // A globex user cannot like acme's post from globex's host, nor sign in on acme's.
    expect((await like(p.open, f.tokens.globexUser, 'globex')).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await like(p.open, f.tokens.globexUser)).statusCode).toBe(401);
  });
});

async function buildUnreactiveCompany(): Promise<{ subdomain: string; token: string; post: PostRow }> {
  const [acme] = await t.db.select().from(companies).where(eq(companies.id, f.acme.id));
  if (!acme) throw new Error('acme missing');
  const subdomain = 'quiet';
  const company = await buildCompany(t.db, { subdomain, featureToggles: { ...acme.featureToggles, post_reactions_enabled: false } });
  const user = await buildUser(t.db, [{ company, role: Role.USER }]);
  return { subdomain, token: await sessionFor(t.db, user), post: await buildPost(t.db, company) };
}

describe('GET /api/v2/post/{postId}/reaction/type/1/users', () => {
  let likers: UserRow[];
  beforeAll(async () => {
    likers = [];
    for (let i = 0; i < 25; i += 1) {
      const user = await buildUser(t.db, [{ company: f.acme }], { firstName: 'Liker', lastName: String(i).padStart(2, '0') });
      await buildLike(t.db, p.paged, user);
      likers.push(user);
    }
  });

  it('pages the likers, 20 a page', async () => {
    const first = ReactionUsersResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/reaction/type/1/users?page_num=1`, f.tokens.acmeUser)).json());
    expect(first).toMatchObject({ num_results: 25, total_pages: 2, page_num: 1 });
    expect(first.objects).toHaveLength(20);
    const second = ReactionUsersResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/reaction/type/1/users?page_num=2`, f.tokens.acmeUser)).json());
    expect(second.objects).toHaveLength(5);
    const names = [...first.objects, ...second.objects].map((u) => u.full_name).sort();
    expect(names).toEqual(likers.map((u) => `Liker ${u.lastName}`).sort());
    expect(first.objects[0]).toEqual({ id: expect.any(Number), full_name: expect.stringMatching(/^Liker /), picture_images: { avatar: null } });
  });

  it.each([
    ['a page below 1', (id: number) => `/api/v2/post/${id}/reaction/type/1/users?page_num=0`],
    ['a page that is not a number', (id: number) => `/api/v2/post/${id}/reaction/type/1/users?page_num=two`],
    ['too many per page', (id: number) => `/api/v2/post/${id}/reaction/type/1/users?results_per_page=101`],
    ['a reaction type other than 1', (id: number) => `/api/v2/post/${id}/reaction/type/2/users`],
    ['a post id that is not a number', () => '/api/v2/post/abc/reaction/type/1/users'],
  ])('refuses %s (201)', async (_, url) => {
    const res = await get(t.app, 'acme', url(p.paged.id), f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses a bad page (201), no session (401) and another company (662)', async () => {
    expect((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/reaction/type/1/users?page_num=0`, f.tokens.acmeUser)).statusCode).toBe(400);
    expect((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/reaction/type/1/users`)).statusCode).toBe(401);
    expect((await get(t.app, 'globex', `/api/v2/post/${p.paged.id}/reaction/type/1/users`, f.tokens.globexUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});

describe('GET /api/v2/post/{postId}/shares/users', () => {
  it('lists each sharer once with the network of each share, latest first', async () => {
    await buildShare(t.db, p.shared, f.acmeUser, Network.TWITTER);
    await buildShare(t.db, p.shared, f.acmeUser, Network.LINKEDIN);
    await buildShare(t.db, p.shared, f.acmeAdmin, Network.FACEBOOK);
    const res = await get(t.app, 'acme', `/api/v2/post/${p.shared.id}/shares/users`, f.tokens.multi);
    expect(res.statusCode).toBe(200);
    const body = ShareUsersResponse.parse(res.json());
    expect(body).toMatchObject({ num_results: 2, total_pages: 1, page_num: 1 });
    const byUser = new Map(body.objects.map((o) => [o.user.id, [...o.networks].sort()]));
    expect(byUser.get(f.acmeUser.id)).toEqual([Network.TWITTER, Network.LINKEDIN].sort());
    expect(byUser.get(f.acmeAdmin.id)).toEqual([Network.FACEBOOK]);
  });

  it('lists one network per share, newest first, so a sharer with more than four shares gets a +N', async () => {
    const keen = await buildUser(t.db, [{ company: f.acme }], { firstName: 'Keen', lastName: 'Sharer' });
    const order = [Network.LINKEDIN, Network.TWITTER, Network.LINKEDIN, Network.FACEBOOK, Network.LINKEDIN, Network.TWITTER];
    for (const network of order) await buildShare(t.db, p.open, keen, network);
    const body = ShareUsersResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.open.id}/shares/users`, f.tokens.acmeUser)).json());
    expect(body.objects.find((o) => o.user.id === keen.id)?.networks).toEqual([...order].reverse());
    expect(sharerNetworkIcons([...order].reverse())).toEqual({ shown: [...order].reverse().slice(0, 4), more: 2 });
  });

  it('keeps other companies out (662) and needs a session (401)', async () => {
    expect((await get(t.app, 'globex', `/api/v2/post/${p.shared.id}/shares/users`, f.tokens.globexUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await get(t.app, 'acme', `/api/v2/post/${p.shared.id}/shares/users`)).statusCode).toBe(401);
  });
});
