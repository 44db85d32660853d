import { BookmarkResponse, ErrorCode, PostListResponse, PostResponse } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, postSubscriptions, type PostRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let acmePost: PostRow;
let globexPost: PostRow;
let offPost: PostRow;
let offToken: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  acmePost = await buildPost(t.db, f.acme, { title: 'Bookmark me' });
  globexPost = await buildPost(t.db, f.globex, { title: 'Globex only' });
  const [off] = await t.db
    .insert(companies)
    .values({ subdomain: 'initech', name: 'Initech', title: 'Initech', featureToggles: { ...f.acme.featureToggles, notifications_enabled: false } })
    .returning();
  if (!off) throw new Error('no company');
  offPost = await buildPost(t.db, off, { title: 'Quiet' });
  offToken = await sessionFor(t.db, await buildUser(t.db, [{ company: off }]));
});
afterAll(() => t.close());

function del(url: string, token?: string, subdomain = 'acme'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'DELETE', url, headers: { host: hostOf(subdomain), ...(token ? { 'x-auth-token': token } : {}) } });
}

async function subscribed(userId: number, postId: number): Promise<boolean> {
  const rows = await t.db.select().from(postSubscriptions).where(and(eq(postSubscriptions.userId, userId), eq(postSubscriptions.postId, postId)));
  return rows.length === 1;
}

describe('POST and DELETE /api/v2/post/{id}/bookmark', () => {
  it('bookmarks and subscribes, then removes both', async () => {
    const added = await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/bookmark`, {}, f.tokens.acmeUser);
    expect(added.statusCode).toBe(200);
    expect(BookmarkResponse.parse(added.json())).toEqual({ is_bookmarked: 1, is_subscribed: true });
    expect(await subscribed(f.acmeUser.id, acmePost.id)).toBe(true);
    const shown = PostResponse.parse((await get(t.app, 'acme', `/api/v4/post/${acmePost.id}`, f.tokens.acmeUser)).json());
    expect(shown).toMatchObject({ is_bookmarked: 1, is_subscribed: true });
    const list = PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?type=bookmarks', f.tokens.acmeUser)).json());
    expect(list.objects.map((p) => p.id)).toEqual([acmePost.id]);
    // Bookmarking twice changes nothing.
    expect((await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/bookmark`, {}, f.tokens.acmeUser)).statusCode).toBe(200);

    const removed = await del(`/api/v2/post/${acmePost.id}/bookmark`, f.tokens.acmeUser);
    expect(BookmarkResponse.parse(removed.json())).toEqual({ is_bookmarked: 0, is_subscribed: false });
    expect(await subscribed(f.acmeUser.id, acmePost.id)).toBe(false);
    expect(PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?type=bookmarks', f.tokens.acmeUser)).json()).num_results).toBe(0);
  });

  it('keeps each user bookmarks apart', async () => {
    await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/bookmark`, {}, f.tokens.acmeAdmin);
    const other = PostResponse.parse((await get(t.app, 'acme', `/api/v4/post/${acmePost.id}`, f.tokens.multi)).json());
    expect(other.is_bookmarked).toBe(0);
  });

  it('answers 662 for another company post, and 401 for another company user', async () => {
    const res = await post(t.app, 'acme', `/api/v2/post/${globexPost.id}/bookmark`, {}, f.tokens.multi);
    expect(res.json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/bookmark`, {}, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await del(`/api/v2/post/${acmePost.id}/bookmark`, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/bookmark`, {})).statusCode).toBe(401);
  });

  it('rejects a bad id with 201', async () => {
    expect((await post(t.app, 'acme', '/api/v2/post/abc/bookmark', {}, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('is refused (403) when notifications are off for the company', async () => {
    const res = await post(t.app, 'initech', `/api/v2/post/${offPost.id}/bookmark`, {}, offToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    expect((await del(`/api/v2/post/${offPost.id}/bookmark`, offToken, 'initech')).statusCode).toBe(403);
  });
});

describe('POST /api/v2/post/{id}/notification/subscribe and unsubscribe', () => {
  it('subscribes and unsubscribes without touching bookmarks', async () => {
    const res = await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/notification/subscribe`, {}, f.tokens.multi);
    expect(res.json()).toEqual({ is_subscribed: true });
    expect(await subscribed(f.multi.id, acmePost.id)).toBe(true);
    expect(PostResponse.parse((await get(t.app, 'acme', `/api/v4/post/${acmePost.id}`, f.tokens.multi)).json())).toMatchObject({ is_subscribed: true, is_bookmarked: 0 });
    const off = await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/notification/unsubscribe`, {}, f.tokens.multi);
    expect(off.json()).toEqual({ is_subscribed: false });
    expect(await subscribed(f.multi.id, acmePost.id)).toBe(false);
  });

  it.each(['subscribe', 'unsubscribe'])('%s rejects a bad post id with 201', async (action) => {
    for (const id of ['abc', '0', '-3']) {
      const res = await post(t.app, 'acme', `/api/v2/post/${id}/notification/${action}`, {}, f.tokens.acmeUser);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
  });

  it('refuses other companies, missing sessions and disabled notifications', async () => {
    expect((await post(t.app, 'acme', `/api/v2/post/${globexPost.id}/notification/subscribe`, {}, f.tokens.multi)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/notification/subscribe`, {}, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', `/api/v2/post/${acmePost.id}/notification/unsubscribe`, {})).statusCode).toBe(401);
    expect((await post(t.app, 'initech', `/api/v2/post/${offPost.id}/notification/subscribe`, {}, offToken)).statusCode).toBe(403);
  });
});
