/**
 * Facebook (Graph API, configured version), posting to a Page with the Page's token, which
 * Graph gives for the person's long-lived user token (`GET /{page-id}?fields=access_token`):
 *
 * - a post is `POST /{page-id}/feed` (form: message, link), answered `{id}`;
 * - pictures go up unpublished first (`POST /{page-id}/photos`, published=false) and are
 *   attached with `attached_media[i]={"media_fbid": id}`;
 * - a video is `POST /{page-id}/videos` (file_url when it has a public URL, else the bytes as
 *   `source`), then `GET /{video-id}?fields=status` until ready.
 *
 * A personal profile cannot be posted to through the API (Facebook removed publish_actions),
 * so a publish without a page is refused: the share command uses the share dialog instead.
 * Errors come as `{error: {code, message}}`: 190 (token) asks for a relink, 506 and 368
 * (duplicate, or blocked as repeated content) are duplicates, 4, 17, 32 and 613 are rate limits.
 */
import { ErrorCode } from '@chorus/core';
import { asRecord, CALL_TIMEOUT_MS, callNetwork, type CallInit, failedUpload, isRecoveredPost, multipart, NetworkCallError, num, RECOVERY_MAX_PAGES, retryAfterMs, str, unansweredPost, UPLOAD_TIMEOUT_MS, type NetworkAnswer } from '../http.ts';
import type { Connector, ConnectorAccount, ConnectorFetch, ConnectorMedia, PublishOutcome } from '../types.ts';

/** What the Facebook connector needs. */
export interface FacebookConnectorOptions {
  fetch: ConnectorFetch;
  /** Time for an ordinary call (default CALL_TIMEOUT_MS); tests shorten it. */
  callTimeoutMs?: number;
  /** https://graph.facebook.com, or a local fake in tests. */
  baseUrl: string;
  /** The Graph API version, such as v24.0. */
  version: string;
}

/** Why a personal profile is refused (the share command shows the share dialog instead). */
export const FACEBOOK_PROFILE_REFUSAL = 'Facebook lets apps post only to Pages: a personal profile is shared through the Facebook share dialog.';

const RELINK_CODES = new Set([190, 102]);
const DUPLICATE_CODES = new Set([506, 368]);
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Posts per page of a Page's posts in crash recovery (Graph's most is 100). */
const FACEBOOK_POSTS_PAGE = 100;
/** Wait between video status checks. */
const VIDEO_CHECK_MS = 5000;
/** Pictures attached to one feed post. */
const FACEBOOK_MAX_IMAGES = 10;

/** The public URL of a Page post or video. */
export function facebookPostUrl(id: string): string {
  return `https://www.facebook.com/${id}`;
}

/** Maps a Graph error answer; null when the answer is a success. */
export function facebookErrorOutcome(answer: NetworkAnswer, whileCreating: boolean): PublishOutcome | null {
  if (answer.status >= 200 && answer.status < 300 && !('error' in answer.json)) return null;
  const error = asRecord(answer.json.error);
  const code = num(error.code);
  const detail = str(error.message) ?? `HTTP ${answer.status}`;
  if ((code !== null && RELINK_CODES.has(code)) || answer.status === 401) return { kind: 'relink', detail };
  if (code !== null && DUPLICATE_CODES.has(code)) return { kind: 'duplicate', detail };
  if ((code !== null && RATE_LIMIT_CODES.has(code)) || answer.status === 429) return { kind: 'rate_limited', retryAfterMs: retryAfterMs(answer.headers), detail };
  if (answer.status >= 500) return whileCreating ? { kind: 'unconfirmed', detail } : { kind: 'retryable', detail };
  return { kind: 'rejected', code: ErrorCode.UNKNOWN, detail };
}

type Step<T> = { ok: true; value: T } | { ok: false; outcome: PublishOutcome };

/** The Facebook connector. */
export function facebookConnector(options: FacebookConnectorOptions): Connector {
  const call = (url: string, init: CallInit = {}, timeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS): Promise<NetworkAnswer> => callNetwork(options.fetch, url, init, timeoutMs);
  const graph = `${options.baseUrl}/${options.version}`;
  const form = (params: Record<string, string>): { headers: Record<string, string>; body: string } => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });

  /** A Graph call before the post exists, or a read: no answer means nothing was published. */
  async function step(call: () => Promise<NetworkAnswer>, what: 'image' | 'video'): Promise<Step<NetworkAnswer>> {
    try {
      const answer = await call();
      const failed = facebookErrorOutcome(answer, false);
      return failed ? { ok: false, outcome: failed.kind === 'rejected' ? failedUpload(answer, what) : failed } : { ok: true, value: answer };
    } catch (error) {
      if (error instanceof NetworkCallError) return { ok: false, outcome: failedUpload(error, what) };
      throw error;
    }
  }

  async function pageToken(account: ConnectorAccount, pageId: string): Promise<Step<string>> {
    if (account.page?.accessToken) return { ok: true, value: account.page.accessToken };
    const url = `${graph}/${encodeURIComponent(pageId)}?fields=access_token&access_token=${encodeURIComponent(account.accessToken)}`;
    const answer = await step(() => call(url, { headers: { accept: 'application/json' } }), 'image');
    // Refused, or no token: the person no longer manages the Page, or the link lacks the Page
    // permissions. Linking again (and choosing the Page again) is the way out.
    const refused: PublishOutcome = { kind: 'relink', detail: 'Facebook gives no token for this Page: link Facebook again and choose the Page.' };
    if (!answer.ok) return { ok: false, outcome: answer.outcome.kind === 'rejected' ? refused : answer.outcome };
    const token = str(answer.value.json.access_token);
    return token ? { ok: true, value: token } : { ok: false, outcome: refused };
  }

  async function uploadPhoto(pageId: string, token: string, image: ConnectorMedia): Promise<Step<string>> {
    const upload = async (): Promise<NetworkAnswer> => {
      if (image.publicUrl) return call(`${graph}/${encodeURIComponent(pageId)}/photos`, { method: 'POST', ...form({ url: image.publicUrl, published: 'false', access_token: token }) }, UPLOAD_TIMEOUT_MS);
      const body = multipart([
        { name: 'published', value: 'false' },
        { name: 'access_token', value: token },
        { name: 'source', filename: 'image', contentType: image.mimeType, data: await image.read() },
      ]);
      return call(`${graph}/${encodeURIComponent(pageId)}/photos`, { method: 'POST', headers: { 'content-type': body.contentType, accept: 'application/json' }, body: body.body }, UPLOAD_TIMEOUT_MS);
    };
    const answer = await step(upload, 'image');
    if (!answer.ok) return answer;
    const id = str(answer.value.json.id);
    return id ? { ok: true, value: id } : { ok: false, outcome: { kind: 'retryable', detail: 'Facebook answered the photo upload without an id.' } };
  }

  async function videoState(token: string, videoId: string): Promise<PublishOutcome> {
    const url = `${graph}/${encodeURIComponent(videoId)}?fields=status&access_token=${encodeURIComponent(token)}`;
    const answer = await step(() => call(url, { headers: { accept: 'application/json' } }), 'video');
    if (!answer.ok) return answer.outcome;
    const status = str(asRecord(answer.value.json.status).video_status);
    if (status === 'ready') return { kind: 'published', networkPostId: videoId, url: facebookPostUrl(videoId) };
    if (status === 'error') return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: 'Facebook could not process the video.' };
    return { kind: 'processing', networkPostId: videoId, poll: { state: { videoId }, afterMs: VIDEO_CHECK_MS } };
  }

  async function created(call: () => Promise<NetworkAnswer>): Promise<PublishOutcome> {
    try {
      const answer = await call();
      const failed = facebookErrorOutcome(answer, true);
      if (failed) return failed;
      const id = str(answer.json.id) ?? str(answer.json.post_id);
      return id ? { kind: 'published', networkPostId: id, url: facebookPostUrl(id) } : { kind: 'unconfirmed', detail: 'Facebook answered without the new post id.' };
    } catch (error) {
      if (error instanceof NetworkCallError) return unansweredPost(error);
      throw error;
    }
  }

  return {
    network: 'facebook',
    sandbox: false,
    async publish(account, request) {
      if (!account.page) return { kind: 'rejected', code: ErrorCode.UNKNOWN, detail: FACEBOOK_PROFILE_REFUSAL };
      const pageId = account.page.id;
      const token = await pageToken(account, pageId);
      if (!token.ok) return token.outcome;
      if (request.video) {
        const video = request.video;
        const upload = async (): Promise<NetworkAnswer> => {
          if (video.publicUrl) return call(`${graph}/${encodeURIComponent(pageId)}/videos`, { method: 'POST', ...form({ file_url: video.publicUrl, description: request.text, access_token: token.value }) }, UPLOAD_TIMEOUT_MS);
          const body = multipart([
            { name: 'description', value: request.text },
            { name: 'access_token', value: token.value },
            { name: 'source', filename: 'video', contentType: video.mimeType, data: await video.read() },
          ]);
          return call(`${graph}/${encodeURIComponent(pageId)}/videos`, { method: 'POST', headers: { 'content-type': body.contentType, accept: 'application/json' }, body: body.body }, UPLOAD_TIMEOUT_MS);
        };
        const outcome = await created(upload);
        if (outcome.kind !== 'published') return outcome;
        // The video post exists once Graph answered; it shows when processing is done.
        return videoState(token.value, outcome.networkPostId);
      }
      const params: Record<string, string> = { message: request.text, access_token: token.value };
      if (request.images.length > 0) {
        const ids: string[] = [];
        for (const image of request.images.slice(0, FACEBOOK_MAX_IMAGES)) {
          const photo = await uploadPhoto(pageId, token.value, image);
          if (!photo.ok) return photo.outcome;
          ids.push(photo.value);
        }
        ids.forEach((id, index) => {
          params[`attached_media[${index}]`] = JSON.stringify({ media_fbid: id });
        });
      } else if (request.link) {
        params.link = request.link;
      }
      return created(() => call(`${graph}/${encodeURIComponent(pageId)}/feed`, { method: 'POST', ...form(params) }));
    },
    async poll(account, handle) {
      const videoId = typeof handle.state.videoId === 'string' ? handle.state.videoId : null;
      if (!videoId || !account.page) return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: 'No upload to continue.' };
      const token = await pageToken(account, account.page.id);
      if (!token.ok) return token.outcome;
      return videoState(token.value, videoId);
    },
    async audience(account) {
      if (!account.page) return null;
      const token = await pageToken(account, account.page.id);
      if (!token.ok) return null;
      try {
        const answer = await call(`${graph}/${encodeURIComponent(account.page.id)}?fields=followers_count,fan_count&access_token=${encodeURIComponent(token.value)}`, { headers: { accept: 'application/json' } });
        return answer.status === 200 ? (num(answer.json.followers_count) ?? num(answer.json.fan_count)) : null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async metrics(account, networkPostId) {
      if (!account.page) return null;
      const token = await pageToken(account, account.page.id);
      if (!token.ok) return null;
      const fields = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';
      try {
        const answer = await call(`${graph}/${encodeURIComponent(networkPostId)}?fields=${encodeURIComponent(fields)}&access_token=${encodeURIComponent(token.value)}`, { headers: { accept: 'application/json' } });
        if (answer.status !== 200) return null;
        return {
          likes: num(asRecord(asRecord(answer.json.reactions).summary).total_count) ?? 0,
          comments: num(asRecord(asRecord(answer.json.comments).summary).total_count) ?? 0,
          reshares: num(asRecord(answer.json.shares).count) ?? 0,
          impressions: null,
        };
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async findRecent(account, text, since, link = null) {
      if (!account.page) return null;
      const token = await pageToken(account, account.page.id);
      if (!token.ok) return null;
      // The Page's posts since `since`, 100 a page, following paging.cursors.after while Graph
      // names a next page; the share is known by its tracked link (the post's link attachment).
      const first = `${graph}/${encodeURIComponent(account.page.id)}/posts?fields=${encodeURIComponent('id,message,created_time,attachments{unshimmed_url}')}&since=${Math.floor(since.getTime() / 1000)}&limit=${FACEBOOK_POSTS_PAGE}&access_token=${encodeURIComponent(token.value)}`;
      let after: string | null = null;
      try {
        for (let page = 0; page < RECOVERY_MAX_PAGES; page += 1) {
          const url = after === null ? first : `${first}&after=${encodeURIComponent(after)}`;
          const answer = await call(url, { headers: { accept: 'application/json' } });
          if (answer.status !== 200) return null;
          const posts = Array.isArray(answer.json.data) ? answer.json.data.map(asRecord) : [];
          const found = posts.find((post) => {
            const attachments = asRecord(post.attachments).data;
            const links = Array.isArray(attachments) ? attachments.map((a) => str(asRecord(a).unshimmed_url)).filter((u): u is string => u !== null) : [];
            return isRecoveredPost(text, link, text, { text: str(post.message) ?? '', links });
          });
          const id = found ? str(found.id) : null;
          if (id) return { networkPostId: id, url: facebookPostUrl(id) };
          const paging = asRecord(answer.json.paging);
          after = str(paging.next) === null ? null : str(asRecord(paging.cursors).after);
          if (after === null) return null;
        }
        return null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async refresh() {
      // Long-lived user tokens are not refreshed by API, and Page tokens from them do not lapse.
      return null;
    },
  };
}
