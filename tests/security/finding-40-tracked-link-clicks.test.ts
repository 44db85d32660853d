/**
 * Finding 40 (issue 52 item 8): `/r/{code}` counted every anonymous visit, with no
 * de-duplication, rate limit or bot filtering, and still redirected to internal or expired
 * posts. Now every visit adds to the link's raw count, a click counts once per visitor per link
 * per UTC day (a keyed hash of day, address and user agent: no address is stored), link-preview
 * fetchers, crawlers, HEAD requests and prefetches never count, a link counts at most
 * LINK_CLICKS_PER_MINUTE clicks a minute, and a post that is no longer live or has become
 * internal answers a translated page (410) instead of the redirect.
 */
import { ShareFlowType } from '@chorus/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CLICKS_PER_MINUTE, trackedLinkFor } from '../../server/src/commands/share-links.ts';
import { events, linkVisits, postClicks, posts, shareLinks, type CompanyRow, type PostRow, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser } from '../../server/src/test/factories.ts';
import { eq } from '../../server/src/test/rows.ts';
import { LINK_UNAVAILABLE_STRINGS } from '../../server/src/routes/share/link-unavailable-page.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestContext;
let company: CompanyRow;
let sharer: UserRow;

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db, { name: 'Acme & Sons' });
  sharer = await buildUser(t.db, [{ company }]);
});

afterAll(async () => {
  await t.close();
});

async function linkOf(target: PostRow): Promise<{ id: number; code: string }> {
  return trackedLinkFor(t.db, { companyId: company.id, userId: sharer.id, postId: target.id, channel: ShareFlowType.feedOrTopic, network: null });
}

function visit(code: string, options: { agent?: string | null; ip?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(company.subdomain), accept: 'text/html', ...options.headers };
  // No agent is sent as an empty header (the injector would otherwise name itself).
  headers['user-agent'] = options.agent === undefined ? CHROME : (options.agent ?? '');
  return t.app.inject({ method: options.method ?? 'GET', url: `/r/${code}`, headers, remoteAddress: options.ip ?? '203.0.113.7' });
}

async function counted(link: { id: number }) {
  const [row] = await t.db.select({ raw: shareLinks.rawClicks, clicks: shareLinks.clicks }).from(shareLinks).where(eq(shareLinks.id, link.id));
  const clickRows = await t.db.select().from(postClicks).where(eq(postClicks.linkId, link.id));
  const clickEvents = (await t.db.select().from(events).where(eq(events.kind, 'link_clicked'))).filter((e) => (e.data as { linkId: number }).linkId === link.id);
  return { raw: row?.raw, clicks: row?.clicks, rows: clickRows.length, events: clickEvents.length };
}

describe('finding 40: tracked links count people once a day', () => {
  it('counts one visitor once a day, however often they come, and another visitor again', async () => {
    const link = await linkOf(await buildPost(t.db, company, { url: 'https://example.com/story' }));
    for (let i = 0; i < 5; i += 1) {
      const res = await visit(link.code);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.com/story');
    }
    await visit(link.code, { agent: SAFARI });
    await visit(link.code, { ip: '198.51.100.20' });
    expect(await counted(link)).toEqual({ raw: 7, clicks: 3, rows: 3, events: 3 });
  });

  it('keeps no address: the visitor is a keyed hash', async () => {
    const link = await linkOf(await buildPost(t.db, company, { url: 'https://example.com/hash' }));
    await visit(link.code, { ip: '192.0.2.55' });
    const [row] = await t.db.select().from(linkVisits).where(eq(linkVisits.linkId, link.id));
    expect(row?.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toContain('192.0.2.55');
    expect(row?.day).toBe(new Date().toISOString().slice(0, 10));
  });

  it('redirects link previews, crawlers, tools, HEAD and prefetches without counting them', async () => {
    const link = await linkOf(await buildPost(t.db, company, { url: 'https://example.com/unfurl' }));
    const machines = [
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ];
    for (const [i, agent] of machines.entries()) {
      const res = await visit(link.code, { agent, ip: `198.51.100.${i + 1}` });
      expect(res.statusCode, agent).toBe(302);
    }
    expect((await visit(link.code, { agent: null, ip: '198.51.100.90' })).statusCode).toBe(302);
    expect((await visit(link.code, { method: 'HEAD', ip: '198.51.100.91' })).statusCode).toBe(302);
    expect((await visit(link.code, { ip: '198.51.100.92', headers: { 'sec-purpose': 'prefetch' } })).statusCode).toBe(302);
    expect((await visit(link.code, { ip: '198.51.100.93', headers: { purpose: 'prefetch' } })).statusCode).toBe(302);
    expect(await counted(link)).toEqual({ raw: machines.length + 4, clicks: 0, rows: 0, events: 0 });
  });

  it(`counts at most ${LINK_CLICKS_PER_MINUTE} clicks of a link a minute, still sending everyone on`, async () => {
    const link = await linkOf(await buildPost(t.db, company, { url: 'https://example.com/viral' }));
    const total = LINK_CLICKS_PER_MINUTE + 15;
    // A window may turn over mid-run: then the next window counts the rest, so the cap is what
    // two windows allow, and a run within one window shows the cap exactly.
    const started = Math.floor(Date.now() / 60_000);
    for (let i = 0; i < total; i += 1) expect((await visit(link.code, { ip: `10.0.${Math.floor(i / 250)}.${i % 250}` })).statusCode).toBe(302);
    const sameWindow = Math.floor(Date.now() / 60_000) === started;
    const result = await counted(link);
    expect(result.raw).toBe(total);
    if (sameWindow) expect(result.clicks).toBe(LINK_CLICKS_PER_MINUTE);
    else expect(result.clicks).toBeLessThanOrEqual(total);
    expect(result.rows).toBe(result.clicks);
  });

  it('answers an expired, unpublished, not yet started or internal post with a translated page, counting no click', async () => {
    const cases: Partial<typeof posts.$inferInsert>[] = [
      { expiration: new Date(Date.now() - 60_000) },
      { status: 2 },
      { start: new Date(Date.now() + 3_600_000) },
      { twitter: false, facebook: false, linkedin: false },
    ];
    for (const values of cases) {
      const target = await buildPost(t.db, company, { url: 'https://example.com/gone' });
      const link = await linkOf(target);
      await t.db.update(posts).set(values).where(eq(posts.id, target.id));
      const res = await visit(link.code);
      expect(res.statusCode, JSON.stringify(values)).toBe(410);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1>This post is no longer available</h1>');
      expect(res.body).toContain('no longer shared outside Acme &amp; Sons.');
      expect(res.body).not.toContain('https://example.com/gone');
      expect(await counted(link)).toEqual({ raw: 1, clicks: 0, rows: 0, events: 0 });
    }
    const target = await buildPost(t.db, company, { url: 'https://example.com/gone-fr', expiration: new Date(Date.now() - 1000) });
    const french = await visit((await linkOf(target)).code, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('Cette publication n’est plus disponible');
  });

  it('has the page in all four languages, with the same strings', () => {
    const keys = Object.keys(LINK_UNAVAILABLE_STRINGS['en-US']).sort();
    for (const [language, strings] of Object.entries(LINK_UNAVAILABLE_STRINGS)) {
      expect(Object.keys(strings).sort(), language).toEqual(keys);
      for (const value of Object.values(strings)) expect(value.trim(), language).not.toBe('');
      if (language !== 'en-US') expect(strings.title, language).not.toBe(LINK_UNAVAILABLE_STRINGS['en-US'].title);
    }
  });
});
