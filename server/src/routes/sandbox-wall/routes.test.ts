/**
 * GET /sandbox/wall: a company's sandbox posts for its signed-in members, newest first, each
 * network styled as itself, in the viewer's language; nobody else's; 404 with sandbox networks off.
 */
import { AUTH_COOKIE } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts, users, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { sandboxConnector } from '../../connectors/sandbox/sandbox-connector.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { accountOf, mediaOf, requestOf } from '../../test/connector-requests.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { SANDBOX_WALL_STRINGS } from './sandbox-wall-page.ts';

let t: TestContext;
let acme: CompanyRow;
let globex: CompanyRow;
let member: UserRow;
let memberToken: string;

beforeAll(async () => {
  t = await createTestContext();
  acme = await buildCompany(t.db, { subdomain: 'wallacme', name: 'Acme' });
  globex = await buildCompany(t.db, { subdomain: 'wallglobex', name: 'Globex' });
  member = await buildUser(t.db, [{ company: acme }]);
  memberToken = await sessionFor(t.db, member, acme);
  const base = { userId: member.id, externalId: 'sandbox:pat', authorName: 'Pat Poster', link: null, media: [] };
  await t.db.insert(sandboxPosts).values([
    { ...base, companyId: acme.id, network: 1, text: 'Older on X', shareId: 1, created: new Date('2026-11-20T10:00:00Z') },
    { ...base, companyId: acme.id, network: 3, pageName: 'Acme Careers', text: 'Newer on LinkedIn <script>alert(1)</script>', link: 'https://acme.example/r/abc', media: [{ kind: 'image', url: '/media/c/1/a.png', mimeType: 'image/png' }], shareId: 2, created: new Date('2026-11-21T10:00:00Z') },
    { ...base, companyId: globex.id, network: 2, text: 'Globex secret', shareId: 3, created: new Date('2026-11-22T10:00:00Z') },
  ]);
});
afterAll(() => t.close());

describe('GET /sandbox/wall', () => {
  it('shows the company\'s sandbox posts to a signed-in member, newest first, styled per network, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/wall', headers: { host: hostOf('wallacme'), cookie: `${AUTH_COOKIE}=${memberToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain('<h1>Sandbox wall</h1>');
    expect(html.indexOf('Newer on LinkedIn')).toBeLessThan(html.indexOf('Older on X'));
    expect(html).toContain('class="post post-linkedin"');
    expect(html).toContain('class="post post-twitter"');
    expect(html).toContain('Pat Poster for Acme Careers');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<img src="/media/c/1/a.png" alt="Picture 1 of 1"');
    expect(html).toContain('datetime="2026-11-21T10:00:00.000Z"');
    expect(html).not.toContain('Globex secret');
  });

  it('shows what the sandbox connector published, at the url it answered', async () => {
    const facebook = sandboxConnector({ db: t.db, config: t.config }, 'facebook');
    const account = accountOf('sandbox:pat', 'sandbox-token', { page: { id: 'fb-page-1', accessToken: null, name: 'Acme Community' }, holder: { userId: member.id, companyId: acme.id, name: 'Pat Poster' } });
    const outcome = await facebook.publish(account, requestOf('Fresh from the share modal', { images: [mediaOf(Buffer.from('p'), 'image/jpeg')], shareId: 50 }));
    if (outcome.kind !== 'published' || outcome.url === null) throw new Error(`expected published, got ${outcome.kind}`);
    const url = new URL(outcome.url);
    expect(url.host).toBe(hostOf('wallacme'));
    const res = await get(t.app, 'wallacme', url.pathname + url.search, memberToken);
    expect(res.body).toContain(`id="sandbox-post-${outcome.networkPostId}"`);
    expect(res.body).toContain('Fresh from the share modal');
    expect(res.body).toContain('Pat Poster for Acme Community');
    expect(res.body).toContain('class="post post-facebook"');
  });

  it('narrows to one network', async () => {
    const res = await get(t.app, 'wallacme', '/sandbox/wall?network=twitter', memberToken);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Older on X');
    expect(res.body).not.toContain('Newer on LinkedIn');
    expect(res.body).toContain('<a href="/sandbox/wall?network=twitter" aria-current="page">X</a>');
    const globexMember = await buildUser(t.db, [{ company: globex }]);
    const empty = await get(t.app, 'wallglobex', '/sandbox/wall?network=twitter', await sessionFor(t.db, globexMember, globex));
    expect(empty.body).toContain('Nothing has been shared to the sandbox networks yet.');
  });

  it('speaks the member\'s language', async () => {
    const german = await buildUser(t.db, [{ company: acme }]);
    await t.db.update(users).set({ language: 'de-DE' }).where(eq(users.id, german.id));
    const res = await get(t.app, 'wallacme', '/sandbox/wall', await sessionFor(t.db, german, acme));
    expect(res.body).toContain('<html lang="de-DE">');
    expect(res.body).toContain('Sandbox-Pinnwand');
    expect(res.body).toContain('Acme Careers');
  });

  it('refuses without a session (401), a bad filter (400), another company\'s session (401)', async () => {
    expect((await get(t.app, 'wallacme', '/sandbox/wall')).statusCode).toBe(401);
    expect((await get(t.app, 'wallacme', '/sandbox/wall?network=myspace', memberToken)).statusCode).toBe(400);
    const outsider = await buildUser(t.db, [{ company: globex }]);
    const res = await get(t.app, 'wallacme', '/sandbox/wall', await sessionFor(t.db, outsider, globex));
    expect(res.statusCode).toBe(401);
    const own = await get(t.app, 'wallglobex', '/sandbox/wall', await sessionFor(t.db, outsider, globex));
    expect(own.body).toContain('Globex secret');
    expect(own.body).not.toContain('Older on X');
  });

  it('has every string in every language', () => {
    const keys = Object.keys(SANDBOX_WALL_STRINGS['en-US']).sort();
    for (const strings of Object.values(SANDBOX_WALL_STRINGS)) expect(Object.keys(strings).sort()).toEqual(keys);
    expect(new Set(Object.values(SANDBOX_WALL_STRINGS).map((s) => s.title)).size).toBe(4);
  });
});

describe('with sandbox networks off', () => {
  it('does not exist', async () => {
    const off = await createTestContext({ env: { CHORUS_SANDBOX_NETWORKS: 'off' } });
    try {
      const company = await buildCompany(off.db, { subdomain: 'walloff' });
      const user = await buildUser(off.db, [{ company }]);
      expect((await get(off.app, 'walloff', '/sandbox/wall', await sessionFor(off.db, user, company))).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
