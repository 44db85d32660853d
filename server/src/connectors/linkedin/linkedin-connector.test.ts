/**
 * The LinkedIn connector against a local fake of LinkedIn's REST API (server/src/test/fakes/linkedin-api.ts):
 * the Posts API request (headers, JSON body, article, media), the Images and Videos upload
 * steps, and the outcome of each answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN_PART_BYTES, startFakeLinkedinApi, type FakeLinkedinApi } from '../../test/fakes/linkedin-api.ts';
import { connectorFetch } from '../registry.ts';
import { accountOf, mediaOf, requestOf } from '../../test/connector-requests.ts';
import type { Connector, ConnectorAccount } from '../types.ts';
import { linkedinCommentary, linkedinConnector } from './linkedin-connector.ts';

let fake: FakeLinkedinApi;
let li: Connector;
const person: ConnectorAccount = accountOf('782bbtaQ', 'li-token');
const organization: ConnectorAccount = { ...person, page: { id: 'urn:li:organization:2414183', accessToken: null, name: 'Acme' } };
const fetch = connectorFetch({ nodeEnv: 'test', fetchAllowAddresses: ['127.0.0.1'] });

beforeAll(async () => {
  fake = await startFakeLinkedinApi();
  fake.tokens.set('li-token', '782bbtaQ');
  li = linkedinConnector({ fetch, baseUrl: fake.baseUrl, version: '202510', callTimeoutMs: 1500 });
});
afterAll(() => fake.close());
beforeEach(() => fake.clear());

const unique = (): string => `Read this ${Math.random().toString(36).slice(2)}`;

describe('publishing', () => {
  it('posts to /rest/posts with the version headers, as the person, with an article for the link', async () => {
    const text = unique();
    const outcome = await li.publish(person, requestOf(text, { link: 'https://acme.example/r/abc', linkPreview: { title: 'Acme news', description: 'What happened', imageUrl: null } }));
    const urn = fake.posts.at(-1)?.urn ?? '';
    expect(outcome).toEqual({ kind: 'published', networkPostId: urn, url: `https://www.linkedin.com/feed/update/${urn}` });
    const [request] = fake.requests;
    expect(request?.path).toBe('/rest/posts');
    expect(request?.headers).toMatchObject({ authorization: 'Bearer li-token', 'linkedin-version': '202510', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' });
    expect(request?.json).toEqual({
      author: 'urn:li:person:782bbtaQ',
      commentary: text,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      content: { article: { source: 'https://acme.example/r/abc', title: 'Acme news', description: 'What happened' } },
    });
  });

  it('uploads pictures through the Images API as the organization and attaches them', async () => {
    const outcome = await li.publish(organization, requestOf(unique(), { images: [mediaOf(Buffer.from('one'), 'image/png'), mediaOf(Buffer.from('two'), 'image/jpeg')] }));
    expect(outcome.kind).toBe('published');
    const inits = fake.requests.filter((r) => r.path === '/rest/images');
    expect(inits.map((r) => r.query.get('action'))).toEqual(['initializeUpload', 'initializeUpload']);
    expect(inits[0]?.json).toEqual({ initializeUploadRequest: { owner: 'urn:li:organization:2414183' } });
    const puts = fake.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.raw.toString())).toEqual(['one', 'two']);
    expect(puts[0]?.headers['content-type']).toBe('image/png');
    const post = fake.requests.find((r) => r.path === '/rest/posts')?.json as { author: string; content: unknown };
    expect(post.author).toBe('urn:li:organization:2414183');
    // Each picture's URN names the upload URL it was PUT to.
    expect(post.content).toEqual({ multiImage: { images: puts.map((r) => ({ id: `urn:li:image:${r.path.split('/').at(-1) ?? ''}` })) } });
  });

  it('uploads a video in parts, finalizes with their ETags, waits while PROCESSING and posts once AVAILABLE', async () => {
    const video = Buffer.alloc(LINKEDIN_PART_BYTES + 10, 3);
    const text = unique();
    const first = await li.publish(person, requestOf(text, { video: mediaOf(video, 'video/mp4') }));
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    const init = fake.requests.find((r) => r.path === '/rest/videos' && r.query.get('action') === 'initializeUpload');
    expect(init?.json).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:782bbtaQ', fileSizeBytes: video.length, uploadCaptions: false, uploadThumbnail: false } });
    const puts = fake.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.raw.length)).toEqual([LINKEDIN_PART_BYTES, 10]);
    const finalize = fake.requests.find((r) => r.query.get('action') === 'finalizeUpload')?.json as { finalizeUploadRequest: { uploadedPartIds: string[] } };
    expect(finalize.finalizeUploadRequest.uploadedPartIds).toHaveLength(2);
    expect(fake.requests.some((r) => r.path === '/rest/posts')).toBe(false);
    const second = await li.poll(person, first.poll);
    expect(second.kind).toBe('published');
    const post = fake.requests.find((r) => r.path === '/rest/posts')?.json as { content: { media: { id: string } } };
    expect(post.content.media.id).toMatch(/^urn:li:video:/);
  });

  it('escapes reserved characters, writes each mention span as markup and turns hashtags into the hashtag template', () => {
    expect(linkedinCommentary('Hi Ada (CTO) see (this) #News_2 and a_b*c', [{ start: 3, length: 9, urn: 'urn:li:organization:7' }])).toBe('Hi @[Ada \\(CTO\\)](urn:li:organization:7) see \\(this\\) {hashtag|\\#|News_2} and a\\_b\\*c');
  });

  it("never reads a caption's own markup as a mention, and leaves a bad span as words", () => {
    expect(linkedinCommentary('Hi @[Evil](urn:li:organization:1) and ](x)')).toBe('Hi \\@\\[Evil\\]\\(urn:li:organization:1\\) and \\]\\(x\\)');
    expect(linkedinCommentary('Hi Ada', [{ start: 3, length: 9, urn: 'urn:li:organization:7' }])).toBe('Hi Ada');
    expect(linkedinCommentary('Hi Ada', [{ start: 3, length: 3, urn: 'urn:li:organization:urn:li:organization:7' }])).toBe('Hi Ada');
  });
});

describe('answers', () => {
  it('maps 422 DUPLICATE_POST to duplicate', async () => {
    const text = unique();
    expect((await li.publish(person, requestOf(text))).kind).toBe('published');
    expect(await li.publish(person, requestOf(text))).toEqual({ kind: 'duplicate', detail: 'Duplicate post is detected' });
  });

  it('maps 401 to relink, 429 to rate_limited, other 4xx to rejected, 5xx and a reset to unconfirmed', async () => {
    expect(await li.publish(accountOf('782bbtaQ', 'expired'), requestOf(unique()))).toEqual({ kind: 'relink', detail: 'Invalid access token' });
    fake.fail('POST', '/rest/posts', { status: 429, body: { status: 429, message: 'Resource level throttle limit reached' }, headers: { 'retry-after': '120' } });
    expect(await li.publish(person, requestOf(unique()))).toEqual({ kind: 'rate_limited', retryAfterMs: 120_000, detail: 'Resource level throttle limit reached' });
    fake.fail('POST', '/rest/posts', { status: 403, body: { status: 403, message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' } });
    expect(await li.publish(person, requestOf(unique()))).toEqual({ kind: 'rejected', code: 202, detail: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' });
    fake.fail('POST', '/rest/posts', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    expect((await li.publish(person, requestOf(unique()))).kind).toBe('unconfirmed');
    fake.fail('POST', '/rest/posts', 'reset');
    expect((await li.publish(person, requestOf(unique()))).kind).toBe('unconfirmed');
    fake.fail('POST', '/rest/posts', 'hang');
    expect((await li.publish(person, requestOf(unique()))).kind).toBe('unconfirmed');
  });

  it('treats a failed image upload as retryable: nothing was posted', async () => {
    fake.fail('PUT', /^\/upload\/image\//, { status: 500, body: '' });
    expect((await li.publish(person, requestOf(unique(), { images: [mediaOf(Buffer.from('x'), 'image/png')] }))).kind).toBe('retryable');
    expect(fake.requests.some((r) => r.path === '/rest/posts')).toBe(false);
  });
});

describe('reading', () => {
  it('reads an organization\'s followers (none for a person), a post\'s social actions, recent posts, and gives no refresh', async () => {
    fake.followers.set('urn:li:organization:2414183', 5120);
    expect(await li.audience(organization)).toBe(5120);
    expect(fake.requests.at(-1)?.query.get('edgeType')).toBe('COMPANY_FOLLOWED_BY_MEMBER');
    expect(await li.audience(person)).toBeNull();
    const since = new Date(Date.now() - 1000);
    const text = `${unique()} (with brackets)`;
    const outcome = await li.publish(person, requestOf(text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await li.metrics(person, outcome.networkPostId)).toEqual({ likes: 11, comments: 3, reshares: 0, impressions: null });
    expect(await li.findRecent(person, text, since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    expect(await li.refresh(person)).toBeNull();
  });
});

describe('crash recovery', () => {
  // Each case reads a person of their own, with no posts before.
  let fresh: ConnectorAccount;
  beforeEach(() => {
    const id = `rec${Math.random().toString(36).slice(2, 10)}`;
    fake.tokens.set(`li-token-${id}`, id);
    fresh = accountOf(id, `li-token-${id}`);
  });

  it('pages the author finder 100 at a time (start, count) until it finds the tracked link, past 245 newer posts', async () => {
    const since = new Date(Date.now() - 1000);
    const link = 'https://acme.example/r/Li_recover1';
    const outcome = await li.publish(fresh, requestOf('Our caption', { link }));
    if (outcome.kind !== 'published') throw new Error('expected published');
    for (let i = 0; i < 245; i += 1) await li.publish(fresh, requestOf(`Our caption ${i}`, { link: `https://acme.example/r/Li_other${String(i).padStart(3, '0')}` }));
    fake.clear();
    expect(await li.findRecent(fresh, 'Our caption', since, link)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === '/rest/posts');
    expect(reads.map((r) => [r.query.get('start'), r.query.get('count')])).toEqual([['0', '100'], ['100', '100'], ['200', '100']]);
  });

  it('matches the tracked link in the commentary as LinkedIn escapes it, not the caption alone, and stops at a short page', async () => {
    const since = new Date(Date.now() - 1000);
    const text = 'Words and a link https://acme.example/r/Li_in_text';
    const outcome = await li.publish(fresh, requestOf(text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(fake.posts.at(-1)?.body.commentary).toContain('Li\\_in\\_text');
    expect(await li.findRecent(fresh, text, since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    fake.clear();
    expect(await li.findRecent(fresh, 'Words and a link https://acme.example/r/Li_notmine', since)).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it('reads at most 32 pages', async () => {
    const since = new Date(Date.now() - 1000);
    const full = { elements: Array.from({ length: 100 }, (_, i) => ({ id: `urn:li:share:${i}`, commentary: 'other', createdAt: Date.now() })), paging: { start: 0, count: 100, links: [] } };
    fake.fail('GET', '/rest/posts', { status: 200, body: full }, 40);
    expect(await li.findRecent(fresh, 'Lost', since, 'https://acme.example/r/Li_lost000')).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(32);
  });
});
