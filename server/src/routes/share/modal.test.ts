import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EditContentResponse, ErrorCode, PostMetadataResponse, PostType, SnippetResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { shares } from '../../db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildPost, buildShare, buildUser, imageMedia, linkAttachment, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;
/** A local site the snippet reads under the SSRF guard (allowed for tests only). */
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<html><head><title>Fallback</title><meta property="og:title" content="Quarterly &amp; results">' +
          '<meta property="og:description" content="Numbers went up."><meta property="og:image" content="/cover.jpg"></head><body></body></html>',
      );
      return;
    }
    response.writeHead(500);
    response.end('down');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' } });
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

describe('GET /api/v3/post/{postId}/snippet', () => {
  it('previews a link post from the page’s Open Graph when the attachment has no title or image', async () => {
    const row = await buildPost(t.db, f.acme, { type: PostType.URL, url: `${siteUrl}/article`, attachment: linkAttachment(`${siteUrl}/article`) });
    // linkAttachment has the title 'A link' and no image: the page supplies the image.
    const res = await get(t.app, 'acme', `/api/v3/post/${row.id}/snippet`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(SnippetResponse.parse(res.json())).toEqual({
      title: 'A link',
      description: 'Numbers went up.',
      domain: '127.0.0.1',
      image: `${siteUrl}/cover.jpg`,
      images: [`${siteUrl}/cover.jpg`],
      // Another site's image is shown through our media route (plugins/media-link-image.test.ts).
      previews: [expect.stringMatching(new RegExp(`^/media/link-image\\?url=${encodeURIComponent(`${siteUrl}/cover.jpg`)}&sig=[\\w-]+$`))],
      stub: false,
    });
    const bare = await buildPost(t.db, f.acme, { type: PostType.URL, url: `${siteUrl}/article`, title: 'Ours' });
    expect(SnippetResponse.parse((await get(t.app, 'acme', `/api/v3/post/${bare.id}/snippet`, f.tokens.acmeUser)).json())).toMatchObject({ title: 'Quarterly & results', stub: false });
  });

  it('answers the stub when the page cannot be read, and the media images for an image post', async () => {
    const broken = await buildPost(t.db, f.acme, { type: PostType.URL, url: `${siteUrl}/broken`, content: 'Our words' });
    expect(SnippetResponse.parse((await get(t.app, 'acme', `/api/v3/post/${broken.id}/snippet`, f.tokens.acmeUser)).json())).toMatchObject({
      title: broken.title,
      description: 'Our words',
      image: null,
      images: [],
      stub: true,
    });
    const images = await buildPost(t.db, f.acme, { type: PostType.IMAGE, url: null, media: { images: [...imageMedia('a').images, ...imageMedia('b').images], videos: [] } });
    expect(SnippetResponse.parse((await get(t.app, 'acme', `/api/v3/post/${images.id}/snippet`, f.tokens.acmeUser)).json())).toMatchObject({
      image: '/media/a-m.jpg',
      images: ['/media/a-m.jpg', '/media/b-m.jpg'],
      previews: ['/media/a-m.jpg', '/media/b-m.jpg'],
      stub: false,
    });
  });

  it('refuses without a session and for another company’s post', async () => {
    const row = await buildPost(t.db, f.acme);
    expect((await get(t.app, 'acme', `/api/v3/post/${row.id}/snippet`)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v3/post/${row.id}/snippet`, f.tokens.globexUser)).statusCode).toBe(401);
    const globexPost = await buildPost(t.db, f.globex);
    expect((await get(t.app, 'acme', `/api/v3/post/${globexPost.id}/snippet`, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});

describe('POST /api/v1/post/edit-content and GET /api/v5/post/{postId}/metadata', () => {
  it('keeps the person’s caption per network and feeds it to the modal with what each network allows', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user, f.acme);
    await linkNetwork(t.db, t.config, user, 'linkedin');
    await linkNetwork(t.db, t.config, user, 'twitter', { active: false });
    const row = await buildPost(t.db, f.acme, { content: 'Post text', url: 'https://example.com/m', hashtags: ['one'], facebook: true });
    const mention = { account_id: '1', account_type: 'person', index: 0, name: 'Ada', mention_text: '@Ada', screen_name: null };
    const saved = await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 3, content: '@Ada my words', mentions: [mention] }, token);
    expect(EditContentResponse.parse(saved.json())).toEqual({ content: '@Ada my words', mentions: [mention] });
    // Mentions are LinkedIn's only.
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 1, content: 'tweet', mentions: [mention] }, token)).json()).toEqual({ content: 'tweet', mentions: [] });
    await buildShare(t.db, row, user, 3);

    const res = await get(t.app, 'acme', `/api/v5/post/${row.id}/metadata`, token);
    expect(res.statusCode).toBe(200);
    const body = PostMetadataResponse.parse(res.json());
    expect(body).toMatchObject({ post_id: row.id, editable: true, url: 'https://example.com/m', sharing_enabled: true });
    expect(body.tracked_url).toMatch(/^http:\/\/acme\.localhost:3000\/r\/[A-Za-z0-9_-]{10}$/);
    const [twitter, facebook, linkedin] = body.networks;
    expect(twitter).toMatchObject({ name: 'TWITTER', content: 'tweet', blocked: 'inactive', canShare: false, method: 'api', maxLength: 280, shared: false, hashtags: '#one' });
    // No draft there: the modal starts from the post's text with its hashtags (core's startingCaption).
    expect(facebook).toMatchObject({ name: 'FACEBOOK', content: 'Post text #one', blocked: null, canShare: true, method: 'intent', page: null, maxLength: 63206 });
    expect(linkedin).toMatchObject({ name: 'LINKEDIN', content: '@Ada my words', mentions: [mention], blocked: null, canShare: true, method: 'api', shared: true, canQueue: true, isShareProcessing: false, maxLength: 3000 });
  });

  it("starts each network from the post's suggested caption for it, with the post's hashtags, until the person writes their own", async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user, f.acme);
    const row = await buildPost(t.db, f.acme, { content: 'Post text', hashtags: ['one'], captions: { twitter: 'Short and #one sweet', facebook: '   ', linkedin: 'A longer word for LinkedIn' } });
    const contents = async () => PostMetadataResponse.parse((await get(t.app, 'acme', `/api/v5/post/${row.id}/metadata`, token)).json()).networks.map((n) => [n.name, n.content]);
    expect(await contents()).toEqual([
      ['TWITTER', 'Short and #one sweet'],
      ['FACEBOOK', 'Post text #one'],
      ['LINKEDIN', 'A longer word for LinkedIn #one'],
    ]);
    await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 3, content: 'My own words', mentions: [] }, token);
    expect((await contents())[2]).toEqual(['LINKEDIN', 'My own words']);
  });

  it('lists only the networks the company enables and marks them disabled when the post or the library turns sharing off', async () => {
    const company = await buildCompany(t.db, { subdomain: 'meta', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, twitter_enabled: false, sharing_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, user, company);
    const row = await buildPost(t.db, company, { linkedin: false });
    const body = PostMetadataResponse.parse((await get(t.app, 'meta', `/api/v5/post/${row.id}/metadata`, token)).json());
    expect(body.sharing_enabled).toBe(false);
    expect(body.networks.map((n) => [n.name, n.blocked, n.canShare])).toEqual([
      ['FACEBOOK', 'disabled', false],
      ['LINKEDIN', 'disabled', false],
    ]);
  });

  it('shows a Facebook page as the API way, and a processing video share', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user, f.acme);
    await linkNetwork(t.db, t.config, user, 'facebook', { pageId: 'page-1' });
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/p' });
    await t.db.insert(shares).values({ companyId: f.acme.id, userId: user.id, postId: row.id, network: 2, state: 'publishing', pollState: { id: 1 } });
    const facebook = PostMetadataResponse.parse((await get(t.app, 'acme', `/api/v5/post/${row.id}/metadata`, token)).json()).networks.find((n) => n.name === 'FACEBOOK');
    expect(facebook).toMatchObject({ method: 'api', page: { id: 'page-1', name: 'Acme Page' }, isShareProcessing: true, blocked: null });
  });

  it('refuses without a session, another company’s post, and bad input', async () => {
    const row = await buildPost(t.db, f.acme);
    expect((await get(t.app, 'acme', `/api/v5/post/${row.id}/metadata`)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 3, content: 'x' })).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 3, content: 'x' }, f.tokens.globexUser)).statusCode).toBe(401);
    const globexPost = await buildPost(t.db, f.globex);
    expect((await get(t.app, 'acme', `/api/v5/post/${globexPost.id}/metadata`, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: globexPost.id, network_id: 3, content: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 4, content: 'x' }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', '/api/v1/post/edit-content', { post_id: row.id, network_id: 3, content: 'x'.repeat(10_001) }, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });
});
