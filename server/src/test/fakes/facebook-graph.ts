/**
 * A local stand-in for the Facebook Graph API (one version path, e.g. /v24.0) as the Facebook
 * connector uses it: a Page token for the person's user token, `/{page}/feed` (message, link,
 * attached_media; #506 for a repeated message), unpublished `/{page}/photos`, `/{page}/videos`
 * with a processing status, Page follower counts, a post's reactions, comments and shares, and
 * a Page's recent posts. Errors come in Graph's `{error: {message, type, code}}` shape. Faults
 * via `fail`.
 */
import { startNetworkFake, type FakeAnswer, type NetworkFake, type RecordedRequest } from './network-fake.ts';

/** A running fake Graph API. */
export interface FakeFacebookGraph extends NetworkFake {
  version: string;
  /** User tokens accepted, with the Pages each manages (page id to page token). */
  users: Map<string, Map<string, string>>;
  posts: { id: string; pageId: string; message: string; link: string | null; attached: string[]; created: Date }[];
  photos: Map<string, { pageId: string; published: boolean; bytes: number; url: string | null }>;
  videos: Map<string, { pageId: string; description: string; checksLeft: number; source: 'file_url' | 'upload' }>;
  /** Status checks a video stays processing (default 1). */
  processingChecks: number;
  followers: Map<string, number>;
}

const graphError = (status: number, code: number, message: string): FakeAnswer => ({ status, body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } } });

function param(request: RecordedRequest, name: string): string | null {
  return request.query.get(name) ?? request.form?.get(name) ?? request.parts?.get(name)?.data.toString() ?? null;
}

/** Starts the fake Graph API on 127.0.0.1. */
export async function startFakeFacebookGraph(version = 'v24.0'): Promise<FakeFacebookGraph> {
  let fake: FakeFacebookGraph | null = null;
  const state = {
    version,
    users: new Map<string, Map<string, string>>(),
    posts: [] as FakeFacebookGraph['posts'],
    photos: new Map<string, { pageId: string; published: boolean; bytes: number; url: string | null }>(),
    videos: new Map<string, { pageId: string; description: string; checksLeft: number; source: 'file_url' | 'upload' }>(),
    processingChecks: 1,
    followers: new Map<string, number>(),
  };
  let n = 100;

  function handle(request: RecordedRequest): FakeAnswer {
    const self = fake ?? state;
    const prefix = `/${self.version}/`;
    if (!request.path.startsWith(prefix)) return graphError(400, 2635, `You are calling a deprecated version of the Ads API. Please update to the latest version: ${self.version}.`);
    const [node = '', edge = null, ...rest] = request.path.slice(prefix.length).split('/');
    if (rest.length > 0) return graphError(400, 100, 'Unknown path components');
    const token = param(request, 'access_token') ?? '';
    const pageTokens = new Map<string, string>();
    for (const pages of self.users.values()) for (const [pageId, pageToken] of pages) pageTokens.set(pageToken, pageId);
    const userPages = self.users.get(token);
    const tokenPage = pageTokens.get(token);
    if (!userPages && tokenPage === undefined) return graphError(400, 190, 'Error validating access token: Session has expired on Tuesday, 25-Nov-26 10:00:00 PST.');

    if (request.method === 'GET' && edge === null && param(request, 'fields') === 'access_token') {
      const pageToken = userPages?.get(node);
      return pageToken ? { status: 200, body: { access_token: pageToken, id: node } } : graphError(400, 100, `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`);
    }
    const asPage = (pageId: string): FakeAnswer | null => (tokenPage === pageId ? null : graphError(403, 200, '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission'));

    if (request.method === 'POST' && edge === 'feed') {
      const refused = asPage(node);
      if (refused) return refused;
      const message = param(request, 'message') ?? '';
      const attached: string[] = [];
      for (let i = 0; param(request, `attached_media[${i}]`) !== null; i += 1) {
        const fbid = (JSON.parse(param(request, `attached_media[${i}]`) ?? '{}') as { media_fbid?: string }).media_fbid ?? '';
        const photo = self.photos.get(fbid);
        if (!photo || photo.published || photo.pageId !== node) return graphError(400, 100, '(#100) Invalid attached_media');
        attached.push(fbid);
      }
      if (self.posts.some((p) => p.pageId === node && p.message === message)) return graphError(400, 506, '(#506) Duplicate status message');
      const id = `${node}_${++n}`;
      self.posts.push({ id, pageId: node, message, link: param(request, 'link'), attached, created: new Date() });
      return { status: 200, body: { id } };
    }
    if (request.method === 'POST' && edge === 'photos') {
      const refused = asPage(node);
      if (refused) return refused;
      const source = request.parts?.get('source');
      const url = param(request, 'url');
      if (!source && !url) return graphError(400, 324, '(#324) Requires upload file');
      const id = String(++n);
      self.photos.set(id, { pageId: node, published: param(request, 'published') !== 'false', bytes: source?.data.length ?? 0, url });
      return { status: 200, body: { id } };
    }
    if (request.method === 'POST' && edge === 'videos') {
      const refused = asPage(node);
      if (refused) return refused;
      const source = request.parts?.get('source');
      const fileUrl = param(request, 'file_url');
      if (!source && !fileUrl) return graphError(400, 352, '(#352) Sorry, the video file you selected is in a format that we don\'t support.');
      const id = String(++n);
      self.videos.set(id, { pageId: node, description: param(request, 'description') ?? '', checksLeft: self.processingChecks, source: source ? 'upload' : 'file_url' });
      return { status: 200, body: { id } };
    }
    if (request.method === 'GET' && edge === 'posts') {
      // Newest first from `since` (epoch seconds), `limit` at most 100 (default 25), cursor
      // paging: paging.cursors.before/after, and paging.next only while more remain.
      const since = Number(param(request, 'since') ?? 0) * 1000;
      const limit = Number(param(request, 'limit') ?? 25);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return graphError(400, 100, '(#100) The limit parameter must be between 1 and 100');
      const after = param(request, 'after');
      const offset = after === null ? 0 : Number(Buffer.from(after, 'base64url').toString('utf8').replace(/^after-/, ''));
      if (!Number.isInteger(offset) || offset < 0) return graphError(400, 100, '(#100) Invalid cursor');
      const wantsAttachments = (param(request, 'fields') ?? '').includes('attachments');
      // Graph keeps a post's time to the second.
      const theirs = self.posts.filter((p) => p.pageId === node && Math.floor(p.created.getTime() / 1000) * 1000 >= since).reverse();
      const page = theirs.slice(offset, offset + limit);
      const data = page.map((p) => ({
        id: p.id,
        message: p.message,
        created_time: p.created.toISOString().replace(/\.\d{3}Z$/, '+0000'),
        ...(wantsAttachments && p.link !== null ? { attachments: { data: [{ unshimmed_url: p.link, url: `https://l.facebook.com/l.php?u=${encodeURIComponent(p.link)}`, type: 'share' }] } } : {}),
      }));
      const cursor = (n: number): string => Buffer.from(`after-${n}`).toString('base64url');
      const more = offset + limit < theirs.length;
      const next = new URL(`https://graph.facebook.com${request.path}`);
      for (const [key, value] of request.query) next.searchParams.set(key, value);
      next.searchParams.set('after', cursor(offset + limit));
      return { status: 200, body: { data, ...(page.length > 0 ? { paging: { cursors: { before: cursor(offset), after: cursor(offset + page.length) }, ...(more ? { next: next.href } : {}) } } : {}) } };
    }
    if (request.method === 'GET' && edge === null) {
      const fields = param(request, 'fields') ?? '';
      const video = self.videos.get(node);
      if (video && fields === 'status') {
        const processing = video.checksLeft > 0;
        if (processing) video.checksLeft -= 1;
        return { status: 200, body: { id: node, status: { video_status: processing ? 'processing' : 'ready', processing_progress: processing ? 50 : 100 } } };
      }
      if (fields.includes('followers_count')) return { status: 200, body: { id: node, followers_count: self.followers.get(node) ?? 0, fan_count: self.followers.get(node) ?? 0 } };
      if (fields.includes('reactions')) return { status: 200, body: { id: node, reactions: { data: [], summary: { total_count: 9 } }, comments: { data: [], summary: { total_count: 4 } }, shares: { count: 2 } } };
    }
    return graphError(400, 100, `Unsupported ${request.method} request.`);
  }

  const started = await startNetworkFake(handle);
  fake = Object.assign(started, state);
  return fake;
}
