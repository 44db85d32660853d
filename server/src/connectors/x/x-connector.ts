/**
 * X (API v2), as the person who linked the account (OAuth 2.0 user token):
 *
 * - a post is `POST /2/tweets` `{text, media: {media_ids}}`, answered 201 `{data: {id, text}}`;
 * - pictures go up in one request each (`POST /2/media/upload`, multipart `media` and
 *   `media_category=tweet_image`); a video goes through the chunked upload
 *   (`/2/media/upload/initialize` with JSON, `/2/media/upload/{id}/append` multipart segments,
 *   `/2/media/upload/{id}/finalize`), then `GET /2/media/upload?command=STATUS&media_id=` while
 *   X processes it; the post is made once it has succeeded (a `processing` outcome in between);
 * - followers from `/2/users/me?user.fields=public_metrics`, a post's numbers from
 *   `/2/tweets/{id}?tweet.fields=public_metrics`;
 * - tokens are refreshed at `/2/oauth2/token` (refresh_token grant, HTTP Basic with the app's
 *   id and secret). X refresh tokens are single use: the registry stores the new pair first.
 *
 * Answers: 201 published; 403 naming duplicate content is a duplicate; 401 wants a relink;
 * 429 waits for Retry-After or x-rate-limit-reset; other 4xx are refused for good; a 5xx or a
 * call that may have arrived is unconfirmed (never re-sent); a refused connection is retryable.
 */
import { ErrorCode } from '@chorus/core';
import { asRecord, CALL_TIMEOUT_MS, callNetwork, type CallInit, chunksOf, failedUpload, isRecoveredPost, multipart, RECOVERY_MAX_PAGES, NetworkCallError, num, retryAfterMs, str, unansweredPost, UPLOAD_TIMEOUT_MS, type NetworkAnswer } from '../http.ts';
import { RefreshRefusedError, type Connector, type ConnectorAccount, type ConnectorFetch, type ConnectorMedia, type PublishOutcome } from '../types.ts';

/** What the X connector needs: the guarded fetch, the API base and the app's OAuth client. */
export interface XConnectorOptions {
  fetch: ConnectorFetch;
  /** Time for an ordinary call (default CALL_TIMEOUT_MS); tests shorten it. */
  callTimeoutMs?: number;
  /** https://api.x.com, or a local fake in tests. */
  baseUrl: string;
  client: { clientId: string; clientSecret: string };
}

/** Bytes per APPEND segment (X accepts up to 5 MB per segment). */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;
/** Pictures per post. */
const X_MAX_IMAGES = 4;
/** X's rate-limit reset header: epoch seconds. */
const RESET_HEADER = 'x-rate-limit-reset';
/** Posts per timeline page in crash recovery (X allows 5 to 100). */
const X_TIMELINE_PAGE = 100;
/** Wait before the first status check when X names none. */
const DEFAULT_CHECK_AFTER_MS = 5000;

/** The public URL of a post (X redirects it to the author's own path). */
export function xPostUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}

type Step<T> = { ok: true; value: T } | { ok: false; outcome: PublishOutcome };

/** Maps an answer to POST /2/tweets. */
export function xPostOutcome(answer: NetworkAnswer): PublishOutcome {
  if (answer.status === 201 || answer.status === 200) {
    const id = str(asRecord(answer.json.data).id);
    return id ? { kind: 'published', networkPostId: id, url: xPostUrl(id) } : { kind: 'unconfirmed', detail: 'X answered without the new post id.' };
  }
  const detail = str(answer.json.detail) ?? str(answer.json.title) ?? `HTTP ${answer.status}`;
  if (answer.status === 403 && /duplicate content/i.test(answer.text)) return { kind: 'duplicate', detail };
  if (answer.status === 401) return { kind: 'relink', detail };
  if (answer.status === 429) return { kind: 'rate_limited', retryAfterMs: retryAfterMs(answer.headers, RESET_HEADER), detail };
  if (answer.status >= 500) return { kind: 'unconfirmed', detail };
  return { kind: 'rejected', code: ErrorCode.UNKNOWN, detail };
}

/** The X connector. */
export function xConnector(options: XConnectorOptions): Connector {
  const call = (url: string, init: CallInit = {}, timeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS): Promise<NetworkAnswer> => callNetwork(options.fetch, url, init, timeoutMs);
  const base = options.baseUrl;
  const bearer = (account: ConnectorAccount, extra: Record<string, string> = {}): Record<string, string> => ({ authorization: `Bearer ${account.accessToken}`, accept: 'application/json', ...extra });

  async function upload(send: () => Promise<NetworkAnswer>, what: 'image' | 'video'): Promise<Step<NetworkAnswer>> {
    let answer: NetworkAnswer;
    try {
      answer = await send();
    } catch (error) {
      if (error instanceof NetworkCallError) return { ok: false, outcome: failedUpload(error, what) };
      throw error;
    }
    return answer.status >= 200 && answer.status < 300 ? { ok: true, value: answer } : { ok: false, outcome: failedUpload(answer, what, RESET_HEADER) };
  }

  async function uploadImage(account: ConnectorAccount, image: ConnectorMedia): Promise<Step<string>> {
    const body = multipart([
      { name: 'media', filename: 'image', contentType: image.mimeType, data: await image.read() },
      { name: 'media_category', value: 'tweet_image' },
      { name: 'media_type', value: image.mimeType },
    ]);
    const step = await upload(() => call(`${base}/2/media/upload`, { method: 'POST', headers: bearer(account, { 'content-type': body.contentType }), body: body.body }, UPLOAD_TIMEOUT_MS), 'image');
    if (!step.ok) return step;
    const id = str(asRecord(step.value.json.data).id);
    return id ? { ok: true, value: id } : { ok: false, outcome: { kind: 'retryable', detail: 'X answered the image upload without a media id.' } };
  }

  /** The chunked video upload up to FINALIZE: the media id and its processing state. */
  async function uploadVideo(account: ConnectorAccount, video: ConnectorMedia): Promise<Step<{ id: string; processing: Record<string, unknown> | null }>> {
    const init = await upload(
      () =>
        call(`${base}/2/media/upload/initialize`, {
          method: 'POST',
          headers: bearer(account, { 'content-type': 'application/json' }),
          body: JSON.stringify({ media_type: video.mimeType, total_bytes: video.size, media_category: 'tweet_video' }),
        }),
      'video',
    );
    if (!init.ok) return init;
    const id = str(asRecord(init.value.json.data).id);
    if (!id) return { ok: false, outcome: { kind: 'retryable', detail: 'X answered the video upload without a media id.' } };
    const data = await video.read();
    const segments = chunksOf(data, X_CHUNK_BYTES);
    for (const [index, segment] of segments.entries()) {
      const body = multipart([
        { name: 'segment_index', value: String(index) },
        { name: 'media', filename: 'chunk', contentType: 'application/octet-stream', data: segment },
      ]);
      const appended = await upload(() => call(`${base}/2/media/upload/${encodeURIComponent(id)}/append`, { method: 'POST', headers: bearer(account, { 'content-type': body.contentType }), body: body.body }, UPLOAD_TIMEOUT_MS), 'video');
      if (!appended.ok) return appended;
    }
    const finalized = await upload(() => call(`${base}/2/media/upload/${encodeURIComponent(id)}/finalize`, { method: 'POST', headers: bearer(account) }), 'video');
    if (!finalized.ok) return finalized;
    const info = asRecord(asRecord(finalized.value.json.data).processing_info);
    return { ok: true, value: { id, processing: Object.keys(info).length > 0 ? info : null } };
  }

  async function createPost(account: ConnectorAccount, text: string, mediaIds: readonly string[]): Promise<PublishOutcome> {
    const body: Record<string, unknown> = { text };
    if (mediaIds.length > 0) body.media = { media_ids: mediaIds };
    try {
      const answer = await call(`${base}/2/tweets`, { method: 'POST', headers: bearer(account, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
      return xPostOutcome(answer);
    } catch (error) {
      if (error instanceof NetworkCallError) return unansweredPost(error);
      throw error;
    }
  }

  /** A processing video's next step: wait, post, or give up. */
  function afterProcessing(account: ConnectorAccount, text: string, mediaIds: string[], info: Record<string, unknown>): Promise<PublishOutcome> | PublishOutcome {
    const state = str(info.state);
    if (state === 'succeeded') return createPost(account, text, mediaIds);
    if (state === 'failed') return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: str(asRecord(info.error).message) ?? 'X could not process the video.' };
    const after = num(info.check_after_secs);
    return { kind: 'processing', networkPostId: null, poll: { state: { mediaIds, text }, afterMs: after === null ? DEFAULT_CHECK_AFTER_MS : after * 1000 } };
  }

  return {
    network: 'twitter',
    sandbox: false,
    async publish(account, request) {
      const mediaIds: string[] = [];
      for (const image of request.images.slice(0, X_MAX_IMAGES)) {
        const step = await uploadImage(account, image);
        if (!step.ok) return step.outcome;
        mediaIds.push(step.value);
      }
      if (request.video) {
        const step = await uploadVideo(account, request.video);
        if (!step.ok) return step.outcome;
        mediaIds.push(step.value.id);
        if (step.value.processing) return afterProcessing(account, request.text, mediaIds, step.value.processing);
      }
      return createPost(account, request.text, mediaIds);
    },
    async poll(account, handle) {
      const mediaIds = Array.isArray(handle.state.mediaIds) ? handle.state.mediaIds.filter((id): id is string => typeof id === 'string') : [];
      const text = typeof handle.state.text === 'string' ? handle.state.text : '';
      const videoId = mediaIds.at(-1);
      if (videoId === undefined) return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: 'No upload to continue.' };
      const url = new URL(`${base}/2/media/upload`);
      url.searchParams.set('command', 'STATUS');
      url.searchParams.set('media_id', videoId);
      const status = await upload(() => call(url.href, { headers: bearer(account) }), 'video');
      if (!status.ok) return status.outcome;
      return afterProcessing(account, text, mediaIds, asRecord(asRecord(status.value.json.data).processing_info));
    },
    async audience(account) {
      try {
        const answer = await call(`${base}/2/users/me?user.fields=public_metrics`, { headers: bearer(account) });
        return answer.status === 200 ? num(asRecord(asRecord(answer.json.data).public_metrics).followers_count) : null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async metrics(account, networkPostId) {
      try {
        const answer = await call(`${base}/2/tweets/${encodeURIComponent(networkPostId)}?tweet.fields=public_metrics`, { headers: bearer(account) });
        if (answer.status !== 200) return null;
        const m = asRecord(asRecord(answer.json.data).public_metrics);
        return { likes: num(m.like_count) ?? 0, comments: num(m.reply_count) ?? 0, reshares: (num(m.retweet_count) ?? 0) + (num(m.quote_count) ?? 0), impressions: num(m.impression_count) };
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async findRecent(account, text, since) {
      // X rewrites links to t.co: the tracked link is compared with entities.urls[].expanded_url,
      // and a caption without one only before its first link. The timeline is read 100 posts a
      // page, newest first, following meta.next_token until the window since `since` is read.
      const head = text.split(/https?:\/\//)[0]?.trim() ?? '';
      let token: string | null = null;
      try {
        for (let page = 0; page < RECOVERY_MAX_PAGES; page += 1) {
          const url = new URL(`${base}/2/users/${encodeURIComponent(account.externalId)}/tweets`);
          url.searchParams.set('start_time', since.toISOString());
          url.searchParams.set('max_results', String(X_TIMELINE_PAGE));
          url.searchParams.set('exclude', 'retweets,replies');
          url.searchParams.set('tweet.fields', 'created_at,entities');
          if (token !== null) url.searchParams.set('pagination_token', token);
          const answer = await call(url.href, { headers: bearer(account) });
          if (answer.status !== 200) return null;
          const posts = Array.isArray(answer.json.data) ? answer.json.data.map(asRecord) : [];
          const found = posts.find((post) => {
            const urls = asRecord(post.entities).urls;
            const links = Array.isArray(urls) ? urls.map((u) => str(asRecord(u).expanded_url)).filter((u): u is string => u !== null) : [];
            return isRecoveredPost(text, null, head, { text: str(post.text) ?? '', links });
          });
          const id = found ? str(found.id) : null;
          if (id) return { networkPostId: id, url: xPostUrl(id) };
          token = str(asRecord(answer.json.meta).next_token);
          if (token === null) return null;
        }
        return null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async refresh(account) {
      if (account.refreshToken === null) return null;
      const basic = Buffer.from(`${encodeURIComponent(options.client.clientId)}:${encodeURIComponent(options.client.clientSecret)}`).toString('base64');
      const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: account.refreshToken, client_id: options.client.clientId });
      const answer = await call(`${base}/2/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const accessToken = str(answer.json.access_token);
      if (answer.status === 200 && accessToken) {
        const expiresIn = num(answer.json.expires_in);
        return { accessToken, refreshToken: str(answer.json.refresh_token), expiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000) };
      }
      const reason = str(answer.json.error_description) ?? str(answer.json.error) ?? `HTTP ${answer.status}`;
      // 400 invalid_request / invalid_grant and 401: the refresh token is spent or revoked.
      if (answer.status === 400 || answer.status === 401) throw new RefreshRefusedError(`X refused the refresh token: ${reason}`);
      throw new Error(`X token refresh failed: ${reason}`);
    },
  };
}
