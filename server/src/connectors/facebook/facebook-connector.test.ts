/**
 * The Facebook connector against a local fake of the Graph API (server/src/test/fakes/facebook-graph.ts):
 * the Page token lookup, feed, unpublished photos with attached_media, videos and their
 * status, and the outcome of each Graph error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFacebookGraph, type FakeFacebookGraph } from '../../test/fakes/facebook-graph.ts';
import { connectorFetch } from '../registry.ts';
import { accountOf, mediaOf, requestOf } from '../../test/connector-requests.ts';
import type { Connector, ConnectorAccount } from '../types.ts';
import { FACEBOOK_PROFILE_REFUSAL, facebookConnector } from './facebook-connector.ts';

let fake: FakeFacebookGraph;
let fb: Connector;
const profile: ConnectorAccount = accountOf('10158', 'fb-user-token');
const page: ConnectorAccount = { ...profile, page: { id: '1122', accessToken: null, name: 'Acme Community' } };
const fetch = connectorFetch({ nodeEnv: 'test', fetchAllowAddresses: ['127.0.0.1'] });

beforeAll(async () => {
  fake = await startFakeFacebookGraph('v24.0');
  fake.users.set('fb-user-token', new Map([['1122', 'page-token-1122']]));
  fb = facebookConnector({ fetch, baseUrl: fake.baseUrl, version: 'v24.0', callTimeoutMs: 1500 });
});
afterAll(() => fake.close());
beforeEach(() => fake.clear());

const unique = (): string => `Look ${Math.random().toString(36).slice(2)}`;

describe('publishing', () => {
  it('gets the Page token with the user token and posts message and link to the Page feed', async () => {
    const text = unique();
    const outcome = await fb.publish(page, requestOf(text, { link: 'https://acme.example/r/abc' }));
    const post = fake.posts.at(-1);
    expect(outcome).toEqual({ kind: 'published', networkPostId: post?.id, url: `https://www.facebook.com/${post?.id ?? ''}` });
    const [lookup, feed] = fake.requests;
    expect(lookup?.path).toBe('/v24.0/1122');
    expect(Object.fromEntries(lookup?.query ?? [])).toEqual({ fields: 'access_token', access_token: 'fb-user-token' });
    expect(feed?.path).toBe('/v24.0/1122/feed');
    expect(feed?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(feed?.form ?? [])).toEqual({ message: text, access_token: 'page-token-1122', link: 'https://acme.example/r/abc' });
  });

  it('uploads pictures unpublished (by URL or as bytes) and attaches them to one feed post', async () => {
    const outcome = await fb.publish(page, requestOf(unique(), { images: [mediaOf(Buffer.from('pic-one'), 'image/png', 'https://acme.example/media/one.png?sig=1'), mediaOf(Buffer.from('pic-two'), 'image/jpeg')] }));
    expect(outcome.kind).toBe('published');
    const photos = fake.requests.filter((r) => r.path === '/v24.0/1122/photos');
    expect(Object.fromEntries(photos[0]?.form ?? [])).toEqual({ url: 'https://acme.example/media/one.png?sig=1', published: 'false', access_token: 'page-token-1122' });
    expect(photos[1]?.parts?.get('source')?.data.toString()).toBe('pic-two');
    expect(photos[1]?.parts?.get('published')?.data.toString()).toBe('false');
    const feed = fake.requests.find((r) => r.path === '/v24.0/1122/feed');
    const ids = [...fake.photos.keys()].slice(-2);
    expect(feed?.form?.get('attached_media[0]')).toBe(JSON.stringify({ media_fbid: ids[0] }));
    expect(feed?.form?.get('attached_media[1]')).toBe(JSON.stringify({ media_fbid: ids[1] }));
    expect(feed?.form?.has('link')).toBe(false);
    expect(fake.posts.at(-1)?.attached).toEqual(ids);
  });

  it('posts a video to the Page and follows its processing status until ready', async () => {
    const first = await fb.publish(page, requestOf('A video', { video: mediaOf(Buffer.alloc(64, 1), 'video/mp4') }));
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    const upload = fake.requests.find((r) => r.path === '/v24.0/1122/videos');
    expect(upload?.parts?.get('description')?.data.toString()).toBe('A video');
    expect(upload?.parts?.get('source')?.data.length).toBe(64);
    expect(await fb.poll(page, first.poll)).toEqual({ kind: 'published', networkPostId: first.networkPostId, url: `https://www.facebook.com/${first.networkPostId ?? ''}` });
  });

  it('refuses a personal profile with a clear reason and sends nothing', async () => {
    expect(await fb.publish(profile, requestOf(unique()))).toEqual({ kind: 'rejected', code: 202, detail: FACEBOOK_PROFILE_REFUSAL });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('answers', () => {
  it('maps code 190 to relink, 506 to duplicate, 4/17/32/613 to rate_limited, others to rejected, 5xx and a reset to unconfirmed', async () => {
    expect(await fb.publish({ ...page, accessToken: 'expired' }, requestOf(unique()))).toMatchObject({ kind: 'relink' });
    const text = unique();
    expect((await fb.publish(page, requestOf(text))).kind).toBe('published');
    expect(await fb.publish(page, requestOf(text))).toEqual({ kind: 'duplicate', detail: '(#506) Duplicate status message' });
    for (const code of [4, 17, 32, 613]) {
      fake.fail('POST', '/v24.0/1122/feed', { status: 400, body: { error: { message: `(#${code}) Application request limit reached`, type: 'OAuthException', code } }, headers: { 'retry-after': '45' } });
      expect(await fb.publish(page, requestOf(unique()))).toEqual({ kind: 'rate_limited', retryAfterMs: 45_000, detail: `(#${code}) Application request limit reached` });
    }
    fake.fail('POST', '/v24.0/1122/feed', { status: 400, body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } } });
    expect(await fb.publish(page, requestOf(unique()))).toEqual({ kind: 'rejected', code: 202, detail: '(#100) Invalid parameter' });
    fake.fail('POST', '/v24.0/1122/feed', { status: 500, body: { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } } });
    expect(await fb.publish(page, requestOf(unique()))).toEqual({ kind: 'unconfirmed', detail: 'An unknown error has occurred.' });
    fake.fail('POST', '/v24.0/1122/feed', 'reset');
    expect((await fb.publish(page, requestOf(unique()))).kind).toBe('unconfirmed');
    fake.fail('POST', '/v24.0/1122/feed', 'hang');
    expect((await fb.publish(page, requestOf(unique()))).kind).toBe('unconfirmed');
  });

  it('wants a relink when Graph gives no token for the page any more', async () => {
    expect(await fb.publish({ ...page, page: { id: '9999', accessToken: null } }, requestOf(unique()))).toEqual({ kind: 'relink', detail: 'Facebook gives no token for this Page: link Facebook again and choose the Page.' });
  });
});

describe('reading', () => {
  it('reads Page followers, a post\'s reactions, comments and shares, recent Page posts, and gives no refresh', async () => {
    fake.followers.set('1122', 870);
    expect(await fb.audience(page)).toBe(870);
    expect(await fb.audience(profile)).toBeNull();
    const since = new Date(Date.now() - 1000);
    const text = unique();
    const outcome = await fb.publish(page, requestOf(text));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await fb.metrics(page, outcome.networkPostId)).toEqual({ likes: 9, comments: 4, reshares: 2, impressions: null });
    expect(await fb.findRecent(page, text, since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    expect(await fb.refresh(page)).toBeNull();
  });
});

describe('crash recovery', () => {
  // Each case reads a Page of its own, with no posts before.
  let fresh: ConnectorAccount;
  beforeEach(() => {
    const id = String(500_000 + Math.floor(Math.random() * 100_000));
    fake.users.get('fb-user-token')?.set(id, `page-token-${id}`);
    fresh = { ...profile, page: { id, accessToken: null, name: 'Recovery' } };
  });

  it('pages the Page posts 100 at a time with paging.cursors.after until it finds the tracked link, past 245 newer posts', async () => {
    const since = new Date(Date.now() - 2000);
    const link = 'https://acme.example/r/Fb_recover1';
    const outcome = await fb.publish(fresh, requestOf('Our caption', { link }));
    if (outcome.kind !== 'published') throw new Error('expected published');
    for (let i = 0; i < 245; i += 1) await fb.publish(fresh, requestOf(`Our caption ${i}`, { link: `https://acme.example/r/Fb_other${String(i).padStart(3, '0')}` }));
    fake.clear();
    expect(await fb.findRecent(fresh, 'Our caption', since, link)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    const reads = fake.requests.filter((r) => r.path.endsWith('/posts'));
    expect(reads.map((r) => r.query.get('limit'))).toEqual(['100', '100', '100']);
    expect(reads[0]?.query.get('after')).toBeNull();
    expect(reads[2]?.query.get('after')).toBeTruthy();
  });

  it('matches on the tracked link, not the caption, and stops when Graph names no next page', async () => {
    const since = new Date(Date.now() - 2000);
    await fb.publish(fresh, requestOf('Same words', { link: 'https://acme.example/r/Fb_someone' }));
    fake.clear();
    expect(await fb.findRecent(fresh, 'Same words', since, 'https://acme.example/r/Fb_mine000')).toBeNull();
    expect(fake.requests.filter((r) => r.path.endsWith('/posts'))).toHaveLength(1);
  });

  it('reads at most 32 pages', async () => {
    const since = new Date(Date.now() - 2000);
    fake.fail('GET', /\/posts$/, { status: 200, body: { data: [{ id: '1_1', message: 'other' }], paging: { cursors: { before: 'a', after: 'b' }, next: 'https://graph.facebook.com/next' } } }, 40);
    expect(await fb.findRecent(fresh, 'Lost', since, 'https://acme.example/r/Fb_lost000')).toBeNull();
    expect(fake.requests.filter((r) => r.path.endsWith('/posts'))).toHaveLength(32);
  });
});
