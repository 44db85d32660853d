import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CopyLinkResponse, ErrorCode, ShareFlowType } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { events, postClicks } from '../../db/schema.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

function copy(subdomain: string, body: Record<string, unknown>, token?: string) {
  return post(t.app, subdomain, '/api/v3/share/copy-link', body, token);
}

/** A visit to a tracked link as a browser from outside makes it. */
function visit(subdomain: string, path: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { host: hostOf(subdomain), accept: 'text/html', 'user-agent': BROWSER } });
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('POST /api/v3/share/copy-link and GET /r/{code}', () => {
  it('gives the person one tracked link per post and channel; a visit counts a click and redirects to the post', async () => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/article?id=1' });
    const res = await copy('acme', { post_id: row.id, channel_id: ShareFlowType.feedOrTopic }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const { url } = CopyLinkResponse.parse(res.json());
    expect(url).toMatch(/^http:\/\/acme\.localhost:3000\/r\/[A-Za-z0-9_-]{10}$/);
    expect(CopyLinkResponse.parse((await copy('acme', { post_id: row.id }, f.tokens.acmeUser)).json()).url).toBe(url);
    // Another person, or the e-mail channel, gets another link.
    const admins = CopyLinkResponse.parse((await copy('acme', { post_id: row.id }, f.tokens.acmeAdmin)).json()).url;
    const email = CopyLinkResponse.parse((await copy('acme', { post_id: row.id, channel_id: ShareFlowType.email }, f.tokens.acmeUser)).json()).url;
    expect(new Set([url, admins, email]).size).toBe(3);

    const path = new URL(url).pathname;
    const first = await visit('acme', path);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.com/article?id=1');
    await visit('acme', new URL(email).pathname);
    const clicks = await t.db.select().from(postClicks).where(eq(postClicks.postId, row.id));
    expect(clicks.map((c) => [c.channel, c.network, c.userId]).sort()).toEqual([
      [ShareFlowType.email, null, null],
      [ShareFlowType.feedOrTopic, null, null],
    ]);
    expect(clicks.every((c) => c.linkId !== null)).toBe(true);
    const kinds = (await t.db.select().from(events).where(eq(events.postId, row.id))).map((e) => [e.kind, e.userId]);
    expect(kinds.filter(([kind]) => kind === 'link_clicked')).toEqual([
      ['link_clicked', f.acmeUser.id],
      ['link_clicked', f.acmeUser.id],
    ]);
    expect(kinds.filter(([kind]) => kind === 'copy_link_created')).toHaveLength(4);
  });

  it('answers 404 for an unknown code, a malformed one and another company’s link, counting nothing', async () => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/only-acme' });
    const { url } = CopyLinkResponse.parse((await copy('acme', { post_id: row.id }, f.tokens.acmeUser)).json());
    const path = new URL(url).pathname;
    // Browsers get the web app's page (its own "not found"), with the 404 status.
    await mkdir(t.config.webDist, { recursive: true });
    await writeFile(join(t.config.webDist, 'index.html'), '<!doctype html><title>Chorus</title>');
    const unknown = await visit('globex', path);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Chorus</title>');
    expect((await visit('acme', '/r/AAAAAAAAAA')).statusCode).toBe(404);
    expect((await visit('acme', '/r/not a code')).statusCode).toBe(404);
    expect(await t.db.select().from(postClicks).where(eq(postClicks.postId, row.id))).toEqual([]);
  });

  it('answers 721 for internal content, 722 without a url, 720 with copy link (or e-mail sharing) off, 667 with sharing off', async () => {
    const internal = await buildPost(t.db, f.acme, { url: 'https://example.com/in', twitter: false, facebook: false, linkedin: false });
    const noUrl = await buildPost(t.db, f.acme, { url: null });
    expect((await copy('acme', { post_id: internal.id }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.COPY_LINK_INTERNAL);
    const res = await copy('acme', { post_id: noUrl.id }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: ErrorCode.COPY_LINK_NO_URL, message: 'Unable to create a Copy link URL for this post' });

    const company = await buildCompany(t.db, { subdomain: 'nocopy', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, copy_link_enabled: false, share_via_email_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, user, company);
    const row = await buildPost(t.db, company, { url: 'https://example.com/x' });
    expect((await copy('nocopy', { post_id: row.id }, token)).json().error).toBe(ErrorCode.COPY_LINK_FAILED);
    expect((await copy('nocopy', { post_id: row.id, channel_id: ShareFlowType.email }, token)).json().error).toBe(ErrorCode.COPY_LINK_FAILED);

    const closed = await buildCompany(t.db, { subdomain: 'noshare', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, sharing_enabled: false } });
    const closedUser = await buildUser(t.db, [{ company: closed }]);
    const closedPost = await buildPost(t.db, closed, { url: 'https://example.com/y' });
    expect((await copy('noshare', { post_id: closedPost.id }, await sessionFor(t.db, closedUser, closed))).json().error).toBe(ErrorCode.LIBRARY_SHARING_DISABLED);
  });

  it('refuses without a session, another company’s post or session, unconfirmed members and bad input', async () => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/z' });
    expect((await copy('acme', { post_id: row.id })).statusCode).toBe(401);
    expect((await copy('acme', { post_id: row.id }, f.tokens.globexUser)).statusCode).toBe(401);
    const globexPost = await buildPost(t.db, f.globex, { url: 'https://example.com/g' });
    expect((await copy('acme', { post_id: globexPost.id }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    const unconfirmed = await buildUser(t.db, [{ company: f.acme }], { emailConfirmedAt: null });
    expect((await copy('acme', { post_id: row.id }, await sessionFor(t.db, unconfirmed, f.acme))).json().error).toBe(ErrorCode.EMAIL_NOT_CONFIRMED);
    expect((await copy('acme', { post_id: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await copy('acme', { post_id: row.id, channel_id: 12 }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });
});
