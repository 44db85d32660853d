/**
 * A local stand-in for the X API v2 as the X connector uses it: the OAuth 2.0 token endpoint
 * (refresh grant with HTTP Basic client auth; refresh tokens are single use, as X's are),
 * POST /2/tweets (with X's duplicate-content refusal), the one-shot image upload, the chunked
 * video upload (initialize, append, finalize, STATUS while processing), /2/users/me with public
 * metrics, a post's public metrics, and a user's recent posts (paged as X pages them). Faults
 * are armed with `fail`. Posts are recorded when their request arrives, before the answer (which
 * `latencyMs` delays), as a real network has them even if the caller dies waiting: the delivery
 * crash test and the delivery bench kill workers mid-call. Accounts made straight in the
 * database use the fixed token `fakeXToken(externalId)`; others get theirs from `issueTokens`.
 */
import { randomBytes } from 'node:crypto';
import { startNetworkFake, type FakeAnswer, type NetworkFake, type RecordedRequest } from './network-fake.ts';

interface XMedia {
  kind: 'image' | 'video';
  totalBytes: number;
  segments: Map<number, Buffer>;
  state: 'uploading' | 'processing' | 'succeeded' | 'failed';
  checksLeft: number;
}

/** A running fake X API. */
export interface FakeXApi extends NetworkFake {
  clientId: string;
  clientSecret: string;
  /** Issues an access and refresh token pair for a user (as the OAuth consent would). */
  issueTokens(userId: string): { accessToken: string; refreshToken: string };
  /** Posts made through the API, oldest first. */
  posts: FakeXPost[];
  /** Posts the person made themselves (not through Chorus): on their timeline, not in `posts`. */
  own: FakeXPost[];
  /** Posts refused as duplicate content (X's 403): a second send of the same text, kept so a test sees it was tried. */
  refused: FakeXPost[];
  /** Records a post the person made themselves, now. */
  postAs(userId: string, text: string): void;
  /** Resolves once at least `count` posts have arrived through the API. */
  waitForPosts(count: number): Promise<void>;
  media: Map<string, XMedia>;
  /** STATUS checks a video stays in_progress before it succeeds (default 1). */
  processingChecks: number;
  /** Makes the next video's processing fail. */
  failNextVideo: boolean;
  followers: Map<string, number>;
}

/** One post the fake took. */
export interface FakeXPost {
  id: string;
  userId: string;
  text: string;
  mediaIds: string[];
  created: Date;
}

/** The fixed bearer token of an account made straight in the database (its X user id is `externalId`). */
export function fakeXToken(externalId: string): string {
  return `x-token-${externalId}`;
}

const FIXED_TOKEN = /^x-token-(.+)$/;

const unauthorized: FakeAnswer = { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };

/** One post as the timeline pager sees it. */
export interface XTimelinePost {
  id: string;
  text: string;
  created: Date;
}

const URL_IN_TEXT = /https?:\/\/[^\s]+/g;

/**
 * One page of `GET /2/users/:id/tweets` as X's API v2 answers it: posts newest first from
 * `start_time` (and before `end_time`), `max_results` 5 to 100 (default 10, else 400),
 * `pagination_token` from the previous page's `meta.next_token`, `meta` with `result_count`,
 * `newest_id`, `oldest_id` and `next_token` while more remain (an empty page is `{meta:
 * {result_count: 0}}`, no `data`). Links in the text come back as t.co links, the original in
 * `entities.urls[].expanded_url` when `tweet.fields` names `entities`. `posts` is oldest first.
 */
export function xTimelinePage(posts: readonly XTimelinePost[], query: URLSearchParams): FakeAnswer {
  const invalid = (message: string): FakeAnswer => ({ status: 400, body: { errors: [{ parameters: {}, message }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' } });
  const maxText = query.get('max_results');
  const max = maxText === null ? 10 : Number(maxText);
  if (!Number.isInteger(max) || max < 5 || max > 100) return invalid(`The \`max_results\` query parameter value [${maxText ?? ''}] is not between 5 and 100`);
  const start = query.get('start_time');
  const end = query.get('end_time');
  const since = start === null ? 0 : Date.parse(start);
  const until = end === null ? Number.POSITIVE_INFINITY : Date.parse(end);
  if (Number.isNaN(since) || Number.isNaN(until)) return invalid('Invalid start_time or end_time');
  const fields = new Set((query.get('tweet.fields') ?? '').split(',').filter((f) => f !== ''));
  const window = posts.filter((p) => p.created.getTime() >= since && p.created.getTime() < until).reverse();
  const token = query.get('pagination_token');
  let offset = 0;
  if (token !== null) {
    const decoded = /^page-(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    if (!decoded) return invalid(`The \`pagination_token\` query parameter value [${token}] is not valid`);
    offset = Number(decoded[1]);
  }
  const page = window.slice(offset, offset + max);
  if (page.length === 0) return { status: 200, body: { meta: { result_count: 0 } } };
  const data = page.map((p) => {
    const urls: { start: number; end: number; url: string; expanded_url: string; display_url: string }[] = [];
    let text = '';
    let last = 0;
    for (const match of p.text.matchAll(URL_IN_TEXT)) {
      const short = `https://t.co/${Buffer.from(match[0]).toString('base64url').slice(-10)}`;
      text += p.text.slice(last, match.index);
      urls.push({ start: text.length, end: text.length + short.length, url: short, expanded_url: match[0], display_url: match[0].replace(/^https?:\/\//, '') });
      text += short;
      last = match.index + match[0].length;
    }
    text += p.text.slice(last);
    return {
      id: p.id,
      text,
      edit_history_tweet_ids: [p.id],
      ...(fields.has('created_at') ? { created_at: p.created.toISOString() } : {}),
      ...(fields.has('entities') && urls.length > 0 ? { entities: { urls } } : {}),
    };
  });
  const more = offset + max < window.length;
  return {
    status: 200,
    body: {
      data,
      meta: { result_count: data.length, newest_id: page[0]?.id, oldest_id: page.at(-1)?.id, ...(more ? { next_token: Buffer.from(`page-${offset + max}`).toString('base64url') } : {}) },
    },
  };
}

function snowflake(): string {
  return `18${BigInt(`0x${randomBytes(7).toString('hex')}`).toString().padStart(17, '0').slice(0, 17)}`;
}

/** Starts the fake X API on 127.0.0.1; `latencyMs` delays each answer to a post. */
export async function startFakeXApi(options: { latencyMs?: number } = {}): Promise<FakeXApi> {
  const tokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  let fake: FakeXApi | null = null;
  const state = {
    clientId: 'x-client',
    clientSecret: 'x-secret',
    posts: [] as FakeXPost[],
    own: [] as FakeXPost[],
    refused: [] as FakeXPost[],
    media: new Map<string, XMedia>(),
    processingChecks: 1,
    failNextVideo: false,
    followers: new Map<string, number>(),
  };
  const issueTokens = (userId: string): { accessToken: string; refreshToken: string } => {
    const pair = { accessToken: `x-at-${randomBytes(8).toString('hex')}`, refreshToken: `x-rt-${randomBytes(8).toString('hex')}` };
    tokens.set(pair.accessToken, userId);
    refreshTokens.set(pair.refreshToken, userId);
    return pair;
  };

  const waiters: { count: number; resolve: () => void }[] = [];
  const postAs = (userId: string, text: string): void => {
    (fake ?? state).own.push({ id: snowflake(), userId, text, mediaIds: [], created: new Date() });
  };
  const waitForPosts = (count: number): Promise<void> =>
    (fake ?? state).posts.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }));

  async function handle(request: RecordedRequest): Promise<FakeAnswer> {
    const self = fake ?? state;
    const { path, method } = request;
    if (method === 'POST' && path === '/2/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${self.clientId}:${self.clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== basic) return { status: 401, body: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' } };
      const form = request.form ?? new URLSearchParams();
      const refresh = form.get('refresh_token') ?? '';
      const userId = refreshTokens.get(refresh);
      if (form.get('grant_type') !== 'refresh_token' || userId === undefined) return { status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } };
      refreshTokens.delete(refresh);
      const pair = issueTokens(userId);
      return { status: 200, body: { token_type: 'bearer', expires_in: 7200, access_token: pair.accessToken, refresh_token: pair.refreshToken, scope: 'tweet.read tweet.write users.read media.write offline.access' } };
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const userId = tokens.get(bearer) ?? FIXED_TOKEN.exec(bearer)?.[1];
    if (userId === undefined) return unauthorized;

    if (method === 'POST' && path === '/2/tweets') {
      const body = (request.json ?? {}) as { text?: string; media?: { media_ids?: string[] } };
      const text = body.text ?? '';
      const mediaIds = body.media?.media_ids ?? [];
      if (text === '' && mediaIds.length === 0) return { status: 400, body: { title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' } };
      if (mediaIds.some((id) => self.media.get(id)?.state !== 'succeeded')) {
        return { status: 400, body: { errors: [{ message: 'Your media IDs are invalid.' }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'https://api.twitter.com/2/problems/invalid-request' } };
      }
      if (self.posts.some((p) => p.userId === userId && p.text === text)) {
        self.refused.push({ id: '', userId, text, mediaIds, created: new Date() });
        return { status: 403, body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 } };
      }
      const id = snowflake();
      self.posts.push({ id, userId, text, mediaIds, created: new Date() });
      for (const waiter of waiters.filter((w) => self.posts.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      return { status: 201, body: { data: { id, text, edit_history_tweet_ids: [id] } } };
    }
    if (method === 'POST' && path === '/2/media/upload') {
      const media = request.parts?.get('media');
      if (!media || request.parts?.get('media_category')?.data.toString() !== 'tweet_image') return { status: 400, body: { title: 'Invalid Request', detail: 'media and media_category are required' } };
      const id = snowflake();
      self.media.set(id, { kind: 'image', totalBytes: media.data.length, segments: new Map([[0, media.data]]), state: 'succeeded', checksLeft: 0 });
      return { status: 200, body: { data: { id, media_key: `3_${id}`, size: media.data.length, expires_after_secs: 86400, image: { image_type: media.contentType } } } };
    }
    if (method === 'POST' && path === '/2/media/upload/initialize') {
      const body = (request.json ?? {}) as { media_type?: string; total_bytes?: number; media_category?: string };
      if (typeof body.total_bytes !== 'number' || !body.media_type) return { status: 400, body: { title: 'Invalid Request', detail: 'total_bytes and media_type are required' } };
      const id = snowflake();
      self.media.set(id, { kind: 'video', totalBytes: body.total_bytes, segments: new Map(), state: 'uploading', checksLeft: self.processingChecks });
      return { status: 200, body: { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } } };
    }
    const step = /^\/2\/media\/upload\/(\d+)\/(append|finalize)$/.exec(path);
    if (method === 'POST' && step) {
      const media = self.media.get(step[1] ?? '');
      if (!media) return { status: 400, body: { title: 'Invalid Request', detail: 'Unknown media id' } };
      if (step[2] === 'append') {
        const index = Number(request.parts?.get('segment_index')?.data.toString());
        const chunk = request.parts?.get('media');
        if (!chunk || !Number.isInteger(index)) return { status: 400, body: { title: 'Invalid Request', detail: 'segment_index and media are required' } };
        media.segments.set(index, chunk.data);
        return { status: 200, body: { data: { expires_at: Math.floor(Date.now() / 1000) + 86400 } } };
      }
      const size = [...media.segments.values()].reduce((n, b) => n + b.length, 0);
      if (size !== media.totalBytes) return { status: 400, body: { title: 'Invalid Request', detail: `File size mismatch: ${size} of ${media.totalBytes}` } };
      media.state = 'processing';
      return { status: 200, body: { data: { id: step[1], media_key: `7_${step[1]}`, size, expires_after_secs: 86400, processing_info: { state: 'pending', check_after_secs: 1 } } } };
    }
    if (method === 'GET' && path === '/2/media/upload' && request.query.get('command') === 'STATUS') {
      const id = request.query.get('media_id') ?? '';
      const media = self.media.get(id);
      if (!media) return { status: 400, body: { title: 'Invalid Request', detail: 'Unknown media id' } };
      if (media.state === 'processing') {
        if (self.failNextVideo) {
          self.failNextVideo = false;
          media.state = 'failed';
        } else if (media.checksLeft <= 0) media.state = 'succeeded';
        else media.checksLeft -= 1;
      }
      const info =
        media.state === 'processing' ? { state: 'in_progress', check_after_secs: 1, progress_percent: 50 } : media.state === 'failed' ? { state: 'failed', progress_percent: 100, error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } } : { state: 'succeeded', progress_percent: 100 };
      return { status: 200, body: { data: { id, media_key: `7_${id}`, processing_info: info } } };
    }
    if (method === 'GET' && path === '/2/users/me') {
      return { status: 200, body: { data: { id: userId, name: 'Pat Poster', username: 'patposter', public_metrics: { followers_count: self.followers.get(userId) ?? 0, following_count: 12, tweet_count: self.posts.length, listed_count: 0 } } } };
    }
    const tweet = /^\/2\/tweets\/(\d+)$/.exec(path);
    if (method === 'GET' && tweet) {
      const post = self.posts.find((p) => p.id === tweet[1]);
      if (!post) return { status: 200, body: { errors: [{ title: 'Not Found Error', detail: `Could not find tweet with id: [${tweet[1] ?? ''}].` }] } };
      return { status: 200, body: { data: { id: post.id, text: post.text, public_metrics: { retweet_count: 3, reply_count: 2, like_count: 7, quote_count: 1, bookmark_count: 0, impression_count: 420 } } } };
    }
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(path);
    if (method === 'GET' && timeline) {
      const who = decodeURIComponent(timeline[1] ?? '');
      const theirs = [...self.posts, ...self.own].filter((p) => p.userId === who).sort((a, b) => a.created.getTime() - b.created.getTime());
      return xTimelinePage(theirs, request.query);
    }
    return { status: 404, body: { title: 'Not Found Error', detail: `No route ${method} ${path}` } };
  }

  const base = await startNetworkFake(handle);
  fake = Object.assign(base, state, { issueTokens, postAs, waitForPosts });
  return fake;
}
