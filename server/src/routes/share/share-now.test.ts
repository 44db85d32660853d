import { AUTH_COOKIE, ErrorCode, parsePostShareResume, PostType, Role, ShareResponse } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { events, posts, sandboxPosts, shareLinks, shares, socialAccounts } from '../../db/schema.ts';
import { shareOutcomeCount } from '../../test/metrics.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

function share(network: string, postId: number, body: Record<string, unknown>, token?: string) {
  return post(t.app, 'acme', `/api/v3/share/${network}/${postId}`, body, token);
}

async function postRow(id: number) {
  const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
  if (!row) throw new Error('post gone');
  return row;
}

async function eventKinds(postId: number) {
  return (await t.db.select().from(events).where(eq(events.postId, postId))).map((e) => e.kind).sort();
}

/** A fresh member of Acme with a session. */
async function member(role: Role = Role.USER) {
  const user = await buildUser(t.db, [{ company: f.acme, role }]);
  return { user, token: await sessionFor(t.db, user, f.acme) };
}

describe('POST /api/v3/share/{network}/{postId}', () => {
  it('publishes to the sandbox LinkedIn with the tracked link, counts it once and records the audience and the event', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/story', hashtags: ['acme', 'news'] });
    const published = await shareOutcomeCount('linkedin', 'published');
    const res = await share('linkedin', row.id, { content: 'Read this, @Con', channel_id: 9, mentions: [{ account_id: 'urn:li:organization:9100003', account_type: 'organization', index: 11, name: 'Contoso Evil Twin', mention_text: '@Con', screen_name: null }] }, token);
    expect(res.statusCode).toBe(200);
    const body = ShareResponse.parse(res.json());
    expect(body).toMatchObject({ error: null, intent: null, shares: { num_results: 1 }, share: { network_id: 3, state: 'published', reason: null } });
    expect(body.share?.social_link).toMatch(/^http:\/\/acme\.localhost:3000\/sandbox\/wall\?network=linkedin#sandbox-post-\d+$/);

    const [stored] = await t.db.select().from(shares).where(eq(shares.postId, row.id));
    expect(stored).toMatchObject({ state: 'published', method: 'api', channel: 9, content: 'Read this, @Con', userId: user.id, attempts: 1, errorCode: null });
    // The mention is named by the organization lookup (the sandbox directory), not the request.
    expect(stored?.mentions).toEqual([expect.objectContaining({ account_id: 'urn:li:organization:9100003', name: 'Contoso' })]);
    expect(stored?.audience).toBeGreaterThan(0);
    expect(stored?.publishedAt).toBeInstanceOf(Date);
    // The wall shows what LinkedIn would: the mention's name, hashtags, and the tracked link as the post's link.
    const [wall] = await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, stored?.id ?? 0));
    expect(wall?.text).toBe('Read this, Contoso #acme #news');
    const [link] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, stored?.linkId ?? 0));
    expect(wall?.link).toBe(`http://acme.localhost:3000/r/${link?.code}`);
    expect(link).toMatchObject({ userId: user.id, postId: row.id, channel: 9, network: 3 });

    expect(await postRow(row.id)).toMatchObject({ linkedinShares: 1, shareCount: 1, twitterShares: 0 });
    expect(await eventKinds(row.id)).toEqual(['share_published']);
    // The outcome is counted once for the operators' metrics.
    expect(await shareOutcomeCount('linkedin', 'published')).toBe(published + 1);
    // The card shows the new count.
    const card = await get(t.app, 'acme', `/api/v4/post/${row.id}`, token);
    expect(card.json()).toMatchObject({ linkedin_shares: 1, shares: { num_results: 1 } });
  });

  it('puts the tracked link in an X caption and sends an empty caption with media as one space', async () => {
    const { user, token } = await member(Role.ADMIN);
    await linkNetwork(t.db, t.config, user, 'twitter');
    const linked = await buildPost(t.db, f.acme, { url: 'https://example.com/x' });
    const first = ShareResponse.parse((await share('twitter', linked.id, { content: 'Look' }, token)).json());
    const [wall] = await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, first.share?.id ?? 0));
    expect(wall?.text).toMatch(/^Look http:\/\/acme\.localhost:3000\/r\/[A-Za-z0-9_-]{10}$/);
    expect(wall?.link).toBeNull();

    const image = await buildPost(t.db, f.acme, { type: PostType.IMAGE, media: { images: [{ original: '/media/none-o.jpg', medium: '/media/none-m.jpg', thumb: '/media/none-t.jpg' }], videos: [] } });
    const second = ShareResponse.parse((await share('twitter', image.id, { content: '' }, token)).json());
    expect(second.share?.state).toBe('published');
    const [shared] = await t.db.select().from(shares).where(eq(shares.id, second.share?.id ?? 0));
    expect(shared?.content).toBe(' ');
  });

  it('answers 654 when there is nothing at all to share', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const empty = await buildPost(t.db, f.acme, { url: null, content: '' });
    const res = await share('linkedin', empty.id, { content: '   ' }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(ErrorCode.NO_CONTENT);
    expect(await t.db.select().from(shares).where(eq(shares.postId, empty.id))).toEqual([]);
  });

  it('enforces the length rules again: 659 for X, 660 for LinkedIn, counting the post url and hashtags', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'twitter');
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/long', hashtags: ['abc'] });
    // 280 - 24 (url) - 5 (" #abc") = 251 fits; 252 does not.
    expect((await share('twitter', row.id, { content: 'a'.repeat(252) }, token)).json().error).toBe(ErrorCode.TWITTER_TOO_LONG);
    expect((await share('linkedin', row.id, { content: 'a'.repeat(2996) }, token)).json().error).toBe(ErrorCode.LINKEDIN_TOO_LONG);
    expect((await share('twitter', row.id, { content: 'a'.repeat(251) }, token)).json().error).toBeNull();
    expect((await share('linkedin', row.id, { content: 'a'.repeat(2995) }, token)).json().error).toBeNull();
  });

  it('answers 662 for another company’s post and a post not yet started, 651 for an expired one', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const globexPost = await buildPost(t.db, f.globex);
    const later = await buildPost(t.db, f.acme, { start: new Date(Date.now() + 3600_000) });
    const expired = await buildPost(t.db, f.acme, { expiration: new Date(Date.now() - 1000) });
    expect((await share('linkedin', globexPost.id, { content: 'x' }, token)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await share('linkedin', later.id, { content: 'x' }, token)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    const gone = await share('linkedin', expired.id, { content: 'x' }, token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toBe(ErrorCode.POST_EXPIRED);
  });

  it('answers 667 when the library’s sharing is off and 653 when the company or the post turned the network off', async () => {
    const company = await buildCompany(t.db, { subdomain: 'quiet', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, sharing_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, user, company);
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const row = await buildPost(t.db, company);
    const off = await post(t.app, 'quiet', `/api/v3/share/linkedin/${row.id}`, { content: 'x' }, token);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe(ErrorCode.LIBRARY_SHARING_DISABLED);

    const closed = await buildCompany(t.db, { subdomain: 'closed', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, linkedin_enabled: false } });
    const closedUser = await buildUser(t.db, [{ company: closed }]);
    await linkNetwork(t.db, t.config, closedUser, 'linkedin');
    const closedPost = await buildPost(t.db, closed);
    const closedToken = await sessionFor(t.db, closedUser, closed);
    expect((await post(t.app, 'closed', `/api/v3/share/linkedin/${closedPost.id}`, { content: 'x' }, closedToken)).json().error).toBe(ErrorCode.NETWORK_DISABLED_FOR_POST);
    const noX = await buildPost(t.db, f.acme, { twitter: false });
    await linkNetwork(t.db, t.config, f.acmeUser, 'twitter');
    expect((await share('twitter', noX.id, { content: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.NETWORK_DISABLED_FOR_POST);
    // Internal posts have no network on.
    const internal = await buildPost(t.db, f.acme, { twitter: false, facebook: false, linkedin: false });
    expect((await share('twitter', internal.id, { content: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.NETWORK_DISABLED_FOR_POST);
  });

  it('refuses without a session (401), from another company’s session (401), unconfirmed members (490), bad input (201) and cookie-only requests (CSRF)', async () => {
    const row = await buildPost(t.db, f.acme);
    expect((await share('linkedin', row.id, { content: 'x' })).statusCode).toBe(401);
    expect((await share('linkedin', row.id, { content: 'x' }, f.tokens.globexUser)).statusCode).toBe(401);
    const unconfirmed = await buildUser(t.db, [{ company: f.acme }], { emailConfirmedAt: null });
    const res = await share('linkedin', row.id, { content: 'x' }, await sessionFor(t.db, unconfirmed, f.acme));
    expect(res.json().error).toBe(ErrorCode.EMAIL_NOT_CONFIRMED);
    expect((await share('myspace', row.id, { content: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await share('linkedin', row.id, { content: 5 }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    const csrf = await t.app.inject({
      method: 'POST',
      url: `/api/v3/share/linkedin/${row.id}`,
      headers: { host: hostOf('acme'), 'content-type': 'application/json', cookie: `${AUTH_COOKIE}=${f.tokens.acmeUser}`, origin: 'https://evil.example' },
      payload: JSON.stringify({ content: 'x' }),
    });
    expect(csrf.statusCode).toBe(403);
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);
  });

  it('answers 203 with the link flow when the network is not linked, and the flow returns to /post-share with the caption and mentions', async () => {
    const { token } = await member();
    const row = await buildPost(t.db, f.acme);
    const mentions = [{ account_id: '7', account_type: 'organization', index: 0, name: 'Acme', mention_text: '@Acme', screen_name: null }];
    const res = await share('linkedin', row.id, { content: '@Acme ünïcode caption', mentions }, token);
    expect(res.statusCode).toBe(200);
    const body = ShareResponse.parse(res.json());
    expect(body).toMatchObject({ error: 203, share: null, intent: null });
    const consent = new URL(body.url ?? '');
    expect(consent.pathname).toBe('/api/v1/social/sandbox/linkedin/authorize');

    // Consent, then the callback lands on the share modal's resume route.
    const decide = new URL('/api/v1/social/sandbox/linkedin/decide', consent);
    decide.searchParams.set('state', consent.searchParams.get('state') ?? '');
    decide.searchParams.set('decision', 'allow');
    decide.searchParams.set('name', 'Resumed');
    const nav = (url: URL) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: hostOf('acme'), accept: 'text/html', cookie: `${AUTH_COOKIE}=${token}` } });
    const callback = new URL(String((await nav(decide)).headers.location));
    const landed = new URL(String((await nav(callback)).headers.location));
    expect(landed.origin).toBe('http://acme.localhost:3000');
    expect(landed.pathname).toBe(`/post-share/linkedin/${row.id}`);
    expect(parsePostShareResume(landed.searchParams)).toEqual({ content: '@Acme ünïcode caption', mentions });
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);
  });

  it('asks for a relink (203) when the token lapsed, marks the link inactive, fails the share and records relink_needed', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'linkedin', { expiresAt: new Date(Date.now() - 60_000) });
    const row = await buildPost(t.db, f.acme);
    const failedBefore = await shareOutcomeCount('linkedin', 'failed');
    const body = ShareResponse.parse((await share('linkedin', row.id, { content: 'late' }, token)).json());
    expect(body.error).toBe(203);
    expect(body.url).toContain('/api/v1/social/sandbox/linkedin/authorize');
    const [link] = await t.db.select().from(socialAccounts).where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.network, 3)));
    expect(link?.isActive).toBe(false);
    const [failed] = await t.db.select().from(shares).where(eq(shares.postId, row.id));
    expect(failed).toMatchObject({ state: 'failed', errorCode: 203 });
    expect(await eventKinds(row.id)).toEqual(['relink_needed', 'share_failed']);
    expect(await shareOutcomeCount('linkedin', 'failed')).toBe(failedBefore + 1);
    expect((await postRow(row.id)).shareCount).toBe(0);
    // Inactive now: the next try goes straight to the link flow, writing nothing.
    expect(ShareResponse.parse((await share('linkedin', row.id, { content: 'again' }, token)).json()).error).toBe(203);
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toHaveLength(1);
  });

  it('shares a Facebook profile through the share dialog: an intent that counts once it is completed, by its owner only', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'facebook');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/fb' });
    const body = ShareResponse.parse((await share('facebook', row.id, { content: 'On Facebook', channel_id: 2 }, token)).json());
    expect(body).toMatchObject({ error: null, share: null, shares: { num_results: 0 } });
    const intentUrl = new URL(body.intent?.url ?? '');
    expect(intentUrl.origin + intentUrl.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(intentUrl.searchParams.get('u')).toMatch(/^http:\/\/acme\.localhost:3000\/r\/[A-Za-z0-9_-]{10}$/);
    expect(body.url).toBe(body.intent?.url);
    const id = body.intent?.postshare_intent_id ?? 0;
    const [open] = await t.db.select().from(shares).where(eq(shares.id, id));
    expect(open).toMatchObject({ state: 'unconfirmed', method: 'intent', channel: 2, network: 2 });
    expect((await postRow(row.id)).facebookShares).toBe(0);

    // Someone else, another company's session, the wrong network: not theirs to complete.
    expect((await post(t.app, 'acme', `/api/v3/share/intent/${id}`, { network_id: 2 }, f.tokens.acmeUser)).statusCode).toBe(404);
    expect((await post(t.app, 'acme', `/api/v3/share/intent/${id}`, { network_id: 2 }, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', `/api/v3/share/intent/${id}`, { network_id: 1 }, token)).statusCode).toBe(404);

    const done = await post(t.app, 'acme', `/api/v3/share/intent/${id}`, { network_id: 2 }, token);
    expect(done.json()).toEqual({ success: true, shares: { num_results: 1 } });
    expect((await post(t.app, 'acme', `/api/v3/share/intent/${id}`, { network_id: 2 }, token)).json()).toEqual({ success: true, shares: { num_results: 1 } });
    expect(await postRow(row.id)).toMatchObject({ facebookShares: 1, shareCount: 1 });
    expect(await eventKinds(row.id)).toEqual(['share_intent_completed', 'share_intent_opened']);
  });

  it('posts to a Facebook page through the API', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'facebook', { pageId: 'page-1' });
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/page' });
    const body = ShareResponse.parse((await share('facebook', row.id, { content: 'As the page' }, token)).json());
    expect(body.share).toMatchObject({ state: 'published', network_id: 2 });
    const [wall] = await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, body.share?.id ?? 0));
    expect(wall?.pageName).toBe('Acme Page');
    const [stored] = await t.db.select().from(shares).where(eq(shares.id, body.share?.id ?? 0));
    expect(stored?.pageId).toBe('page-1');
  });

  it('refuses a native video to a Facebook profile (664): it needs a page', async () => {
    const { user, token } = await member();
    await linkNetwork(t.db, t.config, user, 'facebook');
    const video = await buildPost(t.db, f.acme, { type: PostType.NATIVE_VIDEO, url: 'https://example.com/v', media: { images: [], videos: [{ mp4: '/media/v.mp4', mov: null, poster: null }] } });
    expect((await share('facebook', video.id, { content: 'Watch' }, token)).json().error).toBe(ErrorCode.VIDEO_UNAVAILABLE);
  });
});

describe('POST /api/v3/share/intent', () => {
  it('opens an X intent with caption, hashtags and tracked link, and refuses LinkedIn (201)', async () => {
    const { token } = await member();
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/i', hashtags: ['go'] });
    const res = await post(t.app, 'acme', '/api/v3/share/intent', { post_id: row.id, network_id: 1, content: 'Hi', channel_id: 1 }, token);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe('https://x.com/intent/post');
    expect(url.searchParams.get('text')).toBe('Hi #go');
    expect(url.searchParams.get('url')).toMatch(/\/r\/[A-Za-z0-9_-]{10}$/);
    expect((await post(t.app, 'acme', '/api/v3/share/intent', { post_id: row.id, network_id: 3 }, token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', '/api/v3/share/intent', { post_id: row.id, network_id: 1 })).statusCode).toBe(401);
    const globexPost = await buildPost(t.db, f.globex);
    expect((await post(t.app, 'acme', '/api/v3/share/intent', { post_id: globexPost.id, network_id: 2 }, token)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});
