/**
 * LinkedIn (the versioned REST API), as the person (`w_member_social`) or an organization page
 * they administer (`w_organization_social`):
 *
 * - a post is `POST /rest/posts` with `LinkedIn-Version: YYYYMM` and
 *   `X-Restli-Protocol-Version: 2.0.0`: author, commentary, PUBLIC visibility, main-feed
 *   distribution, lifecycleState PUBLISHED, and an article for a link or media for pictures
 *   and a video; the new post's URN comes back in the `x-restli-id` header;
 * - pictures: `POST /rest/images?action=initializeUpload`, then a PUT of the bytes to the given
 *   upload URL; a video: `POST /rest/videos?action=initializeUpload`, a PUT per part (each
 *   answer's ETag), `action=finalizeUpload`, then `GET /rest/videos/{urn}` until AVAILABLE;
 * - ordinary apps get no refresh token (tokens last 60 days): refresh gives null, and the
 *   link asks the person to relink before it lapses.
 *
 * Answers: 201 published; 422 DUPLICATE_POST a duplicate; 401 a relink; 429 waits for
 * Retry-After; other 4xx refused; a 5xx or a call that may have arrived is unconfirmed.
 */
import { ErrorCode } from '@chorus/core';
import { asRecord, CALL_TIMEOUT_MS, callNetwork, type CallInit, failedUpload, isRecoveredPost, NetworkCallError, num, retryAfterMs, RECOVERY_MAX_PAGES, str, unansweredPost, UPLOAD_TIMEOUT_MS, type NetworkAnswer } from '../http.ts';
import type { Connector, ConnectorAccount, ConnectorFetch, ConnectorMedia, PublishOutcome, PublishedMention, PublishRequest } from '../types.ts';

/** What the LinkedIn connector needs. */
export interface LinkedinConnectorOptions {
  fetch: ConnectorFetch;
  /** Time for an ordinary call (default CALL_TIMEOUT_MS); tests shorten it. */
  callTimeoutMs?: number;
  /** https://api.linkedin.com, or a local fake in tests. */
  baseUrl: string;
  /** The LinkedIn-Version header (YYYYMM). */
  version: string;
}

/** Posts per page of the author finder in crash recovery (LinkedIn's most is 100). */
const LINKEDIN_POSTS_PAGE = 100;
/** Wait between video status checks. */
const VIDEO_CHECK_MS = 5000;
/** Pictures per post (LinkedIn's multi-image limit is 20). */
const LINKEDIN_MAX_IMAGES = 20;

/** Characters LinkedIn's "little text format" reserves: unescaped, they cut the post short or vanish. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
/** A hashtag `#word` in the member's words (after the start or a space). */
const HASHTAG = /(^|\s)#([\p{L}\p{N}_]+)/gu;

function escapeLittleText(text: string): string {
  return text.replace(RESERVED, (c) => `\\${c}`);
}

/** Plain words as LinkedIn's little text format: reserved characters escaped, hashtags as its hashtag template. */
function littleText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    out += escapeLittleText(text.slice(last, match.index));
    const [, space, tag] = match;
    out += `${space ?? ''}{hashtag|\\#|${tag ?? ''}}`;
    last = match.index + match[0].length;
  }
  return out + escapeLittleText(text.slice(last));
}

/**
 * The caption as LinkedIn's commentary: the plain text escaped (so a caption's own `@[…](…)`
 * or `](` is words, never markup), hashtags as LinkedIn's hashtag template, and each mention
 * span written as `@[Name](urn)` with its name escaped. Spans that overlap or fall outside
 * the text are left as words.
 */
export function linkedinCommentary(text: string, mentions: readonly PublishedMention[] = []): string {
  let out = '';
  let at = 0;
  for (const span of [...mentions].sort((a, b) => a.start - b.start)) {
    if (span.start < at || span.length <= 0 || span.start + span.length > text.length || !/^urn:li:(?:person|organization):\d+$/.test(span.urn)) continue;
    out += littleText(text.slice(at, span.start));
    out += `@[${escapeLittleText(text.slice(span.start, span.start + span.length))}](${span.urn})`;
    at = span.start + span.length;
  }
  return out + littleText(text.slice(at));
}

/** The public URL of a post. */
export function linkedinPostUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}`;
}

/** Who posts: the chosen organization page, or the person. */
export function linkedinAuthor(account: ConnectorAccount): string {
  if (account.page) return account.page.id.startsWith('urn:') ? account.page.id : `urn:li:organization:${account.page.id}`;
  return `urn:li:person:${account.externalId}`;
}

/** Maps an answer to POST /rest/posts. */
export function linkedinPostOutcome(answer: NetworkAnswer): PublishOutcome {
  if (answer.status === 201 || answer.status === 200) {
    const urn = answer.headers.get('x-restli-id') ?? str(answer.json.id);
    return urn ? { kind: 'published', networkPostId: urn, url: linkedinPostUrl(urn) } : { kind: 'unconfirmed', detail: 'LinkedIn answered without the new post URN.' };
  }
  const detail = str(answer.json.message) ?? `HTTP ${answer.status}`;
  if (answer.status === 422 && /DUPLICATE_POST|duplicate/i.test(answer.text)) return { kind: 'duplicate', detail };
  if (answer.status === 401) return { kind: 'relink', detail };
  if (answer.status === 429) return { kind: 'rate_limited', retryAfterMs: retryAfterMs(answer.headers), detail };
  if (answer.status >= 500) return { kind: 'unconfirmed', detail };
  return { kind: 'rejected', code: ErrorCode.UNKNOWN, detail };
}

type Step<T> = { ok: true; value: T } | { ok: false; outcome: PublishOutcome };

/** The LinkedIn connector. */
export function linkedinConnector(options: LinkedinConnectorOptions): Connector {
  const call = (url: string, init: CallInit = {}, timeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS): Promise<NetworkAnswer> => callNetwork(options.fetch, url, init, timeoutMs);
  const base = options.baseUrl;
  const headers = (account: ConnectorAccount, extra: Record<string, string> = {}): Record<string, string> => ({
    authorization: `Bearer ${account.accessToken}`,
    'linkedin-version': options.version,
    'x-restli-protocol-version': '2.0.0',
    accept: 'application/json',
    ...extra,
  });
  const json = { 'content-type': 'application/json' };

  async function step(call: () => Promise<NetworkAnswer>, what: 'image' | 'video'): Promise<Step<NetworkAnswer>> {
    try {
      const answer = await call();
      return answer.status >= 200 && answer.status < 300 ? { ok: true, value: answer } : { ok: false, outcome: failedUpload(answer, what) };
    } catch (error) {
      if (error instanceof NetworkCallError) return { ok: false, outcome: failedUpload(error, what) };
      throw error;
    }
  }

  async function uploadImage(account: ConnectorAccount, owner: string, image: ConnectorMedia): Promise<Step<string>> {
    const init = await step(() => call(`${base}/rest/images?action=initializeUpload`, { method: 'POST', headers: headers(account, json), body: JSON.stringify({ initializeUploadRequest: { owner } }) }), 'image');
    if (!init.ok) return init;
    const value = asRecord(init.value.json.value);
    const uploadUrl = str(value.uploadUrl);
    const urn = str(value.image);
    if (!uploadUrl || !urn) return { ok: false, outcome: { kind: 'retryable', detail: 'LinkedIn gave no image upload URL.' } };
    const put = await step(async () => call(uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': image.mimeType }, body: await image.read() }, UPLOAD_TIMEOUT_MS), 'image');
    return put.ok ? { ok: true, value: urn } : put;
  }

  async function uploadVideo(account: ConnectorAccount, owner: string, video: ConnectorMedia): Promise<Step<string>> {
    const init = await step(
      () =>
        call(`${base}/rest/videos?action=initializeUpload`, {
          method: 'POST',
          headers: headers(account, json),
          body: JSON.stringify({ initializeUploadRequest: { owner, fileSizeBytes: video.size, uploadCaptions: false, uploadThumbnail: false } }),
        }),
      'video',
    );
    if (!init.ok) return init;
    const value = asRecord(init.value.json.value);
    const urn = str(value.video);
    const instructions = Array.isArray(value.uploadInstructions) ? value.uploadInstructions.map(asRecord) : [];
    if (!urn || instructions.length === 0) return { ok: false, outcome: { kind: 'retryable', detail: 'LinkedIn gave no video upload instructions.' } };
    const data = await video.read();
    const etags: string[] = [];
    for (const part of instructions) {
      const uploadUrl = str(part.uploadUrl);
      const first = num(part.firstByte) ?? 0;
      const last = num(part.lastByte) ?? data.length - 1;
      if (!uploadUrl) return { ok: false, outcome: { kind: 'retryable', detail: 'LinkedIn gave a video part without an upload URL.' } };
      const put = await step(() => call(uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/octet-stream' }, body: data.subarray(first, last + 1) }, UPLOAD_TIMEOUT_MS), 'video');
      if (!put.ok) return put;
      etags.push(put.value.headers.get('etag') ?? '');
    }
    const finalize = await step(
      () =>
        call(`${base}/rest/videos?action=finalizeUpload`, {
          method: 'POST',
          headers: headers(account, json),
          body: JSON.stringify({ finalizeUploadRequest: { video: urn, uploadToken: str(value.uploadToken) ?? '', uploadedPartIds: etags } }),
        }),
      'video',
    );
    return finalize.ok ? { ok: true, value: urn } : finalize;
  }

  async function videoStatus(account: ConnectorAccount, urn: string): Promise<Step<string>> {
    const answer = await step(() => call(`${base}/rest/videos/${encodeURIComponent(urn)}`, { headers: headers(account) }), 'video');
    return answer.ok ? { ok: true, value: str(answer.value.json.status) ?? 'PROCESSING' } : answer;
  }

  async function createPost(account: ConnectorAccount, body: Record<string, unknown>): Promise<PublishOutcome> {
    try {
      return linkedinPostOutcome(await call(`${base}/rest/posts`, { method: 'POST', headers: headers(account, json), body: JSON.stringify(body) }));
    } catch (error) {
      if (error instanceof NetworkCallError) return unansweredPost(error);
      throw error;
    }
  }

  function postBody(author: string, request: Pick<PublishRequest, 'text' | 'mentions'>, content: Record<string, unknown> | null): Record<string, unknown> {
    return {
      author,
      commentary: linkedinCommentary(request.text, request.mentions),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...(content ? { content } : {}),
    };
  }

  /** A video's post once LinkedIn has it AVAILABLE; processing until then. */
  async function afterVideo(account: ConnectorAccount, body: Record<string, unknown>, urn: string): Promise<PublishOutcome> {
    const status = await videoStatus(account, urn);
    if (!status.ok) return status.outcome;
    if (status.value === 'AVAILABLE') return createPost(account, body);
    if (status.value === 'PROCESSING_FAILED') return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: 'LinkedIn could not process the video.' };
    return { kind: 'processing', networkPostId: null, poll: { state: { video: urn, body }, afterMs: VIDEO_CHECK_MS } };
  }

  return {
    network: 'linkedin',
    sandbox: false,
    async publish(account, request) {
      const author = linkedinAuthor(account);
      if (request.video) {
        const uploaded = await uploadVideo(account, author, request.video);
        if (!uploaded.ok) return uploaded.outcome;
        return afterVideo(account, postBody(author, request, { media: { id: uploaded.value } }), uploaded.value);
      }
      if (request.images.length > 0) {
        const ids: string[] = [];
        for (const image of request.images.slice(0, LINKEDIN_MAX_IMAGES)) {
          const uploaded = await uploadImage(account, author, image);
          if (!uploaded.ok) return uploaded.outcome;
          ids.push(uploaded.value);
        }
        const content = ids.length === 1 ? { media: { id: ids[0] } } : { multiImage: { images: ids.map((id) => ({ id })) } };
        return createPost(account, postBody(author, request, content));
      }
      if (request.link) {
        const article: Record<string, unknown> = { source: request.link, title: request.linkPreview?.title ?? request.link };
        if (request.linkPreview?.description) article.description = request.linkPreview.description;
        return createPost(account, postBody(author, request, { article }));
      }
      return createPost(account, postBody(author, request, null));
    },
    async poll(account, handle) {
      const urn = typeof handle.state.video === 'string' ? handle.state.video : null;
      const body = asRecord(handle.state.body);
      if (!urn || Object.keys(body).length === 0) return { kind: 'rejected', code: ErrorCode.VIDEO_UNAVAILABLE, detail: 'No upload to continue.' };
      return afterVideo(account, body, urn);
    },
    async audience(account) {
      // Followers of an organization page; a member's connection count needs a partner-only scope.
      if (!account.page) return null;
      try {
        const answer = await call(`${base}/rest/networkSizes/${encodeURIComponent(linkedinAuthor(account))}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`, { headers: headers(account) });
        return answer.status === 200 ? num(answer.json.firstDegreeSize) : null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async metrics(account, networkPostId) {
      try {
        const answer = await call(`${base}/rest/socialActions/${encodeURIComponent(networkPostId)}`, { headers: headers(account) });
        if (answer.status !== 200) return null;
        return {
          likes: num(asRecord(answer.json.likesSummary).totalLikes) ?? 0,
          comments: num(asRecord(answer.json.commentsSummary).aggregatedTotalComments) ?? 0,
          reshares: 0,
          impressions: null,
        };
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async findRecent(account, text, since, link = null, mentions = []) {
      // The author's posts newest first, 100 a page (start/count), until a page ends before
      // `since` or comes back short; the share is known by its tracked link.
      const commentary = linkedinCommentary(text, mentions);
      try {
        for (let page = 0; page < RECOVERY_MAX_PAGES; page += 1) {
          const url = `${base}/rest/posts?q=author&author=${encodeURIComponent(linkedinAuthor(account))}&start=${page * LINKEDIN_POSTS_PAGE}&count=${LINKEDIN_POSTS_PAGE}&sortBy=CREATED`;
          const answer = await call(url, { headers: headers(account, { 'x-restli-method': 'FINDER' }) });
          if (answer.status !== 200) return null;
          const elements = Array.isArray(answer.json.elements) ? answer.json.elements.map(asRecord) : [];
          const inWindow = elements.filter((post) => (num(post.createdAt) ?? 0) >= since.getTime());
          const found = inWindow.find((post) => {
            const article = str(asRecord(asRecord(post.content).article).source);
            const published = str(post.commentary) ?? '';
            // The commentary comes back in the little text format: its links read unescaped.
            const plain = published.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
            return isRecoveredPost(text, link, commentary, { text: published, links: article === null ? [plain] : [plain, article] });
          });
          const urn = found ? str(found.id) : null;
          if (urn) return { networkPostId: urn, url: linkedinPostUrl(urn) };
          if (elements.length < LINKEDIN_POSTS_PAGE || inWindow.length < elements.length) return null;
        }
        return null;
      } catch (error) {
        if (error instanceof NetworkCallError) return null;
        throw error;
      }
    },
    async refresh() {
      return null;
    },
  };
}
