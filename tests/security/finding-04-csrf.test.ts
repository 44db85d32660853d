/**
 * Finding 4: the pb_token cookie is SameSite=None in the Teams frame, so a form on another
 * site carried it and posted a suggestion and a bookmark. The cookie alone no longer
 * authorises a state-changing request: the X-AUTH-TOKEN header or our own origin is needed.
 */
import { AUTH_COOKIE, AUTH_HEADER, ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks, posts, sessions } from '../../server/src/db/schema.ts';
import { createTestContext, encodeForm, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import type { CompanyRow, UserRow } from '../../server/src/db/schema.ts';

const ATTACKER = 'https://evil.example';
const OWN_ORIGIN = `http://${hostOf('acme')}`;

let t: TestContext;
let acme: CompanyRow;
let victim: UserRow;
let token: string;
let postId: number;

beforeAll(async () => {
  t = await createTestContext();
  acme = await buildCompany(t.db, { subdomain: 'acme' });
  victim = await buildUser(t.db, [{ company: acme }], { email: 'victim@acme.test' });
  token = await sessionFor(t.db, victim);
  postId = (await buildPost(t.db, acme, { title: 'Launch day' })).id;
});
afterAll(() => t.close());

/** What a browser sends for a form on `origin` posting to Acme with the victim's cookie. */
function browserHeaders(origin: string, site: string | null, contentType: string): Record<string, string> {
  const headers: Record<string, string> = { host: hostOf('acme'), origin, 'content-type': contentType, cookie: `${AUTH_COOKIE}=${token}` };
  if (site !== null) headers['sec-fetch-site'] = site;
  return headers;
}

async function suggestionForm(content: string): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  form.append('content', content);
  return encodeForm(form);
}

/** Suggestions by the victim whose title (their text's first line) is `content`. */
async function suggestionsTitled(content: string) {
  return (await t.db.select().from(posts)).filter((row) => row.suggestedBy === victim.id && row.title === content);
}

async function bookmarked(): Promise<boolean> {
  return (await t.db.select().from(bookmarks)).some((row) => row.userId === victim.id && row.postId === postId);
}

describe('finding 4: the session cookie alone never authorises a state-changing request', () => {
  it('refuses a cross-site form posting a suggestion with the cookie only (403), storing nothing', async () => {
    const form = await suggestionForm('Forged from evil.example');
    for (const site of ['cross-site', null]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/post/suggestion/mobile', headers: browserHeaders(ATTACKER, site, form.contentType), payload: form.body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: ErrorCode.FORBIDDEN });
    }
    expect(await suggestionsTitled('Forged from evil.example')).toEqual([]);
  });

  it('refuses a cross-site form bookmarking a post with the cookie only (403), storing nothing', async () => {
    for (const site of ['cross-site', 'same-site', null]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v2/post/${postId}/bookmark`, headers: browserHeaders(ATTACKER, site, 'application/x-www-form-urlencoded'), payload: '' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
    // Another Chorus company's page is another site too.
    const sibling = await t.app.inject({ method: 'POST', url: `/api/v2/post/${postId}/bookmark`, headers: browserHeaders(`http://${hostOf('globex')}`, null, 'application/x-www-form-urlencoded'), payload: '' });
    expect(sibling.statusCode).toBe(403);
    expect(await bookmarked()).toBe(false);
  });

  it('refuses a cookie-only request that names no origin at all', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v2/post/${postId}/bookmark`, headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the same requests with the X-AUTH-TOKEN header, which other sites cannot set', async () => {
    const form = await suggestionForm('Suggested with the header');
    const suggestion = await t.app.inject({
      method: 'POST',
      url: '/api/v1/post/suggestion/mobile',
      headers: { ...browserHeaders(ATTACKER, 'cross-site', form.contentType), [AUTH_HEADER]: token },
      payload: form.body,
    });
    expect(suggestion.statusCode).toBe(200);
    expect(await suggestionsTitled('Suggested with the header')).toHaveLength(1);

    const bookmark = await t.app.inject({ method: 'POST', url: `/api/v2/post/${postId}/bookmark`, headers: { host: hostOf('acme'), [AUTH_HEADER]: token } });
    expect(bookmark.statusCode).toBe(200);
    expect(bookmark.json()).toMatchObject({ is_bookmarked: 1 });
    expect(await bookmarked()).toBe(true);
  });

  it('accepts the cookie from our own origin (Sec-Fetch-Site: same-origin, or a matching Origin)', async () => {
    const bySite = await t.app.inject({ method: 'DELETE', url: `/api/v2/post/${postId}/bookmark`, headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}`, 'sec-fetch-site': 'same-origin' } });
    expect(bySite.statusCode).toBe(200);
    expect(await bookmarked()).toBe(false);
    const byOrigin = await t.app.inject({ method: 'POST', url: `/api/v2/post/${postId}/bookmark`, headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}`, origin: OWN_ORIGIN } });
    expect(byOrigin.statusCode).toBe(200);
    expect(await bookmarked()).toBe(true);
    // A same-origin Origin does not outweigh a browser saying the request is cross-site.
    const mixed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/post/${postId}/bookmark`,
      headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}`, origin: OWN_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(mixed.statusCode).toBe(403);
    expect(await bookmarked()).toBe(true);
  });

  it('does not sign anyone out through a sign-out link on another site', async () => {
    const before = (await t.db.select().from(sessions)).filter((row) => row.userId === victim.id);
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/sign-out',
      headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(link.statusCode).toBe(403);
    expect(link.json().error).toBe(ErrorCode.FORBIDDEN);
    const typed = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sign-out', headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}` } });
    expect(typed.statusCode).toBe(403);
    expect((await t.db.select().from(sessions)).filter((row) => row.userId === victim.id)).toEqual(before);
    // Reads with the cookie alone still work (images, navigations).
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/user/${victim.id}`, headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${token}`, 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('signs out with the header, as the web client does', async () => {
    const own = await sessionFor(t.db, victim);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sign-out', headers: { host: hostOf('acme'), [AUTH_HEADER]: own, cookie: `${AUTH_COOKIE}=${own}` } });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/user/${victim.id}`, headers: { host: hostOf('acme'), [AUTH_HEADER]: own } });
    expect(after.statusCode).toBe(401);
  });
});
