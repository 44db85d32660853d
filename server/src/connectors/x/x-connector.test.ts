/**
 * The X connector against a local fake of the X API v2 (server/src/test/fakes/x-api.ts): the requests it
 * sends (headers, JSON and multipart bodies, every upload step) and the outcome of each answer.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeXApi, type FakeXApi } from '../../test/fakes/x-api.ts';
import { connectorFetch } from '../registry.ts';
import { accountOf, mediaOf, requestOf } from '../../test/connector-requests.ts';
import { RefreshRefusedError, type Connector, type ConnectorAccount } from '../types.ts';
import { X_CHUNK_BYTES, xConnector } from './x-connector.ts';

let fake: FakeXApi;
let x: Connector;
let account: ConnectorAccount;
const fetch = connectorFetch({ nodeEnv: 'test', fetchAllowAddresses: ['127.0.0.1'] });

beforeAll(async () => {
  fake = await startFakeXApi();
  x = xConnector({ fetch, baseUrl: fake.baseUrl, client: { clientId: fake.clientId, clientSecret: fake.clientSecret }, callTimeoutMs: 1500 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.clear();
  const tokens = fake.issueTokens('2244994945');
  account = accountOf('2244994945', tokens.accessToken, { refreshToken: tokens.refreshToken });
});

const unique = (): string => `Shared from Chorus ${Math.random().toString(36).slice(2)} https://acme.example/r/abc`;

describe('publishing', () => {
  it('posts the caption to /2/tweets with the bearer token and answers the post url', async () => {
    const text = unique();
    const outcome = await x.publish(account, requestOf(text));
    const post = fake.posts.at(-1);
    expect(outcome).toEqual({ kind: 'published', networkPostId: post?.id, url: `https://x.com/i/web/status/${post?.id ?? ''}` });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2/tweets');
    expect(request?.headers.authorization).toBe(`Bearer ${account.accessToken}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({ text });
  });

  it('uploads each picture in one request (tweet_image) and attaches the media ids', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const outcome = await x.publish(account, requestOf(unique(), { images: [mediaOf(png, 'image/png'), mediaOf(Buffer.from('jpeg-bytes'), 'image/jpeg')] }));
    expect(outcome.kind).toBe('published');
    const uploads = fake.requests.filter((r) => r.path === '/2/media/upload');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploads[0]?.parts?.get('media')?.data.equals(png)).toBe(true);
    expect(uploads[0]?.parts?.get('media')?.contentType).toBe('image/png');
    expect(uploads[0]?.parts?.get('media_category')?.data.toString()).toBe('tweet_image');
    const tweet = fake.requests.find((r) => r.path === '/2/tweets');
    expect(tweet?.json).toMatchObject({ media: { media_ids: fake.posts.at(-1)?.mediaIds } });
    expect(fake.posts.at(-1)?.mediaIds).toHaveLength(2);
  });

  it('uploads a video in chunks (initialize, append, finalize), reports processing, polls STATUS and posts once it succeeded', async () => {
    const video = Buffer.alloc(X_CHUNK_BYTES + 1000, 7);
    fake.processingChecks = 1;
    const text = unique();
    const first = await x.publish(account, requestOf(text, { video: mediaOf(video, 'video/mp4') }));
    expect(first).toMatchObject({ kind: 'processing', networkPostId: null, poll: { afterMs: 1000 } });
    const init = fake.requests.find((r) => r.path === '/2/media/upload/initialize');
    expect(init?.json).toEqual({ media_type: 'video/mp4', total_bytes: video.length, media_category: 'tweet_video' });
    const appends = fake.requests.filter((r) => r.path.endsWith('/append'));
    expect(appends.map((r) => r.parts?.get('segment_index')?.data.toString())).toEqual(['0', '1']);
    expect(appends.map((r) => r.parts?.get('media')?.data.length)).toEqual([X_CHUNK_BYTES, 1000]);
    expect(fake.requests.filter((r) => r.path.endsWith('/finalize'))).toHaveLength(1);
    expect(fake.requests.some((r) => r.path === '/2/tweets')).toBe(false);
    if (first.kind !== 'processing') throw new Error('expected processing');

    const second = await x.poll(account, first.poll);
    expect(second.kind).toBe('processing');
    const status = fake.requests.find((r) => r.path === '/2/media/upload' && r.method === 'GET');
    const videoId = [...fake.media.keys()].at(-1);
    expect(Object.fromEntries(status?.query ?? [])).toEqual({ command: 'STATUS', media_id: videoId });
    if (second.kind !== 'processing') throw new Error('expected processing');
    const third = await x.poll(account, second.poll);
    expect(third.kind).toBe('published');
    expect(fake.posts.at(-1)).toMatchObject({ text, mediaIds: [videoId] });
  });

  it('refuses a video X could not process with 664', async () => {
    fake.processingChecks = 0;
    fake.failNextVideo = true;
    const first = await x.publish(account, requestOf(unique(), { video: mediaOf(Buffer.alloc(2048, 1), 'video/mp4') }));
    if (first.kind !== 'processing') throw new Error('expected processing');
    expect(await x.poll(account, first.poll)).toEqual({ kind: 'rejected', code: 664, detail: 'Unsupported video format' });
  });
});

describe('answers', () => {
  it('maps 403 duplicate content to duplicate', async () => {
    const text = unique();
    expect((await x.publish(account, requestOf(text))).kind).toBe('published');
    expect(await x.publish(account, requestOf(text))).toEqual({ kind: 'duplicate', detail: 'You are not allowed to create a Tweet with duplicate content.' });
  });

  it('maps 401 to relink', async () => {
    expect(await x.publish(accountOf('2244994945', 'revoked'), requestOf(unique()))).toEqual({ kind: 'relink', detail: 'Unauthorized' });
  });

  it('maps 429 to rate_limited after Retry-After, or after x-rate-limit-reset', async () => {
    fake.fail('POST', '/2/tweets', { status: 429, body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 }, headers: { 'retry-after': '30' } });
    expect(await x.publish(account, requestOf(unique()))).toEqual({ kind: 'rate_limited', retryAfterMs: 30_000, detail: 'Too Many Requests' });
    const reset = Math.floor(Date.now() / 1000) + 900;
    fake.fail('POST', '/2/tweets', { status: 429, body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 }, headers: { 'x-rate-limit-reset': String(reset) } });
    const outcome = await x.publish(account, requestOf(unique()));
    if (outcome.kind !== 'rate_limited') throw new Error(`expected rate_limited, got ${outcome.kind}`);
    expect(outcome.retryAfterMs).toBeGreaterThan(890_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(900_000);
  });

  it('maps another 4xx to rejected (202)', async () => {
    expect(await x.publish(account, requestOf(''))).toEqual({ kind: 'rejected', code: 202, detail: 'One or more parameters to your request was invalid.' });
  });

  it('maps a 5xx, a reset and a timeout after sending to unconfirmed, never published or retryable', async () => {
    const before = fake.posts.length;
    fake.fail('POST', '/2/tweets', { status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable' } });
    expect(await x.publish(account, requestOf(unique()))).toEqual({ kind: 'unconfirmed', detail: 'Service Unavailable' });
    fake.fail('POST', '/2/tweets', 'reset');
    expect((await x.publish(account, requestOf(unique()))).kind).toBe('unconfirmed');
    fake.fail('POST', '/2/tweets', 'hang');
    expect((await x.publish(account, requestOf(unique()))).kind).toBe('unconfirmed');
    expect(fake.posts.length).toBe(before);
  });

  it('maps a refused connection to retryable', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(port));
      });
    });
    const offline = xConnector({ fetch, baseUrl: `http://127.0.0.1:${closed}`, client: { clientId: 'a', clientSecret: 'b' } });
    expect((await offline.publish(account, requestOf(unique()))).kind).toBe('retryable');
  });

  it('treats a failed upload as retryable: nothing was posted', async () => {
    fake.fail('POST', '/2/media/upload', { status: 500, body: { title: 'Internal Error' } });
    const outcome = await x.publish(account, requestOf(unique(), { images: [mediaOf(Buffer.from('img'), 'image/png')] }));
    expect(outcome.kind).toBe('retryable');
    expect(fake.requests.some((r) => r.path === '/2/tweets')).toBe(false);
  });
});

describe('reading', () => {
  it('reads followers, a post\'s public metrics and finds a recent post by its caption', async () => {
    fake.followers.set('2244994945', 1234);
    expect(await x.audience(account)).toBe(1234);
    expect(fake.requests.at(-1)?.query.get('user.fields')).toBe('public_metrics');
    const text = unique();
    const since = new Date(Date.now() - 1000);
    const outcome = await x.publish(account, requestOf(text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await x.metrics(account, outcome.networkPostId)).toEqual({ likes: 7, comments: 2, reshares: 4, impressions: 420 });
    expect(fake.requests.at(-1)?.query.get('tweet.fields')).toBe('public_metrics');
    expect(await x.findRecent(account, text, since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    expect(await x.findRecent(account, 'never posted', since)).toBeNull();
    expect(await x.audience(accountOf('1', 'revoked'))).toBeNull();
  });
});

describe('crash recovery', () => {
  // Each case reads the timeline of a person of its own, who posted nothing before.
  beforeEach(() => {
    const id = String(3_000_000 + Math.floor(Math.random() * 1_000_000));
    account = accountOf(id, fake.issueTokens(id).accessToken);
  });

  it('pages the timeline 100 at a time with pagination_token until it finds the tracked link, past 245 newer posts', async () => {
    const since = new Date(Date.now() - 1000);
    const text = `Recovered caption ${Math.random().toString(36).slice(2)} https://acme.example/r/Code_recovered-1`;
    const outcome = await x.publish(account, requestOf(text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    // The member goes on posting after the share, some with the same caption start.
    for (let i = 0; i < 245; i += 1) await x.publish(account, requestOf(`Recovered caption ${i} https://acme.example/r/Code_recovered-10${i}`));
    fake.clear();
    expect(await x.findRecent(account, text, since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    const reads = fake.requests.filter((r) => r.path.endsWith('/tweets'));
    expect(reads.map((r) => r.query.get('max_results'))).toEqual(['100', '100', '100']);
    expect(reads[0]?.query.get('pagination_token')).toBeNull();
    expect(reads[1]?.query.get('pagination_token')).toBeTruthy();
    expect(reads.every((r) => r.query.get('start_time') === since.toISOString())).toBe(true);
  });

  it('matches on the tracked link, not the caption, and stops when X names no next page', async () => {
    const since = new Date(Date.now() - 1000);
    await x.publish(account, requestOf('Same words https://acme.example/r/other'));
    fake.clear();
    expect(await x.findRecent(account, 'Same words https://acme.example/r/mine', since)).toBeNull();
    expect(await x.findRecent(account, 'Same words https://acme.example/r/othe', since)).toBeNull();
    const reads = fake.requests.filter((r) => r.path.endsWith('/tweets'));
    expect(reads).toHaveLength(2);
  });

  it('reads at most 32 pages, and gives up on a refused page', async () => {
    const since = new Date(Date.now() - 1000);
    fake.fail('GET', /\/tweets$/, { status: 200, body: { data: [{ id: '1', text: 'other' }], meta: { result_count: 1, next_token: 'again' } } }, 40);
    expect(await x.findRecent(account, 'Lost https://acme.example/r/lost', since)).toBeNull();
    expect(fake.requests.filter((r) => r.path.endsWith('/tweets'))).toHaveLength(32);
    fake.clear();
    fake.fail('GET', /\/tweets$/, { status: 429, body: { title: 'Too Many Requests' } });
    expect(await x.findRecent(account, 'Lost https://acme.example/r/lost', since)).toBeNull();
    expect(fake.requests.filter((r) => r.path.endsWith('/tweets'))).toHaveLength(1);
  });

  it('the fake pages as X does: max_results 5 to 100, result_count, next_token', async () => {
    const since = new Date(Date.now() - 1000);
    for (let i = 0; i < 7; i += 1) await x.publish(account, requestOf(`Fake page ${i} ${Math.random()}`));
    const read = async (query: string) => (await fetch(`${fake.baseUrl}/2/users/${account.externalId}/tweets?start_time=${since.toISOString()}&${query}`, { headers: { authorization: `Bearer ${account.accessToken}` } })).json() as Promise<{ data?: { id: string }[]; meta: { result_count: number; next_token?: string } }>;
    expect((await read('max_results=4')).meta).toBeUndefined();
    const first = await read('max_results=5');
    expect(first.meta.result_count).toBe(5);
    const second = await read(`max_results=5&pagination_token=${first.meta.next_token ?? ''}`);
    expect(second.meta.result_count).toBe(2);
    expect(second.meta.next_token).toBeUndefined();
    expect(new Set([...(first.data ?? []), ...(second.data ?? [])].map((p) => p.id)).size).toBe(7);
  });
});

describe('refresh', () => {
  it('exchanges the refresh token with HTTP Basic client auth, and the used token is refused after', async () => {
    const fresh = await x.refresh(account);
    expect(fresh?.accessToken).toMatch(/^x-at-/);
    expect(fresh?.refreshToken).toMatch(/^x-rt-/);
    expect(fresh?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    const request = fake.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('x-client:x-secret').toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ grant_type: 'refresh_token', refresh_token: account.refreshToken, client_id: 'x-client' });
    await expect(x.refresh(account)).rejects.toBeInstanceOf(RefreshRefusedError);
  });
});
