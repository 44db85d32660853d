/**
 * A local stand-in for LinkedIn's versioned REST API as the LinkedIn connector uses it: the
 * Posts API (`LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0` required, the new URN in
 * `x-restli-id`, 422 DUPLICATE_POST for a repeated post), the Images API (initializeUpload,
 * then a PUT to the upload URL), the Videos API (initializeUpload with 4 MB parts, PUT per part
 * answering an ETag, finalizeUpload checking the ETags, status PROCESSING then AVAILABLE),
 * organization follower counts, social actions and an author's posts. Faults via `fail`.
 */
import { randomBytes } from 'node:crypto';
import { startNetworkFake, type FakeAnswer, type NetworkFake, type RecordedRequest } from './network-fake.ts';

/** LinkedIn splits video uploads into parts of this size. */
export const LINKEDIN_PART_BYTES = 4 * 1024 * 1024;

interface LiAsset {
  kind: 'image' | 'video';
  size: number;
  parts: Map<number, { etag: string; data: Buffer | null }>;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  checksLeft: number;
}

/** A running fake LinkedIn API. */
export interface FakeLinkedinApi extends NetworkFake {
  /** Access tokens accepted, with the person id they belong to. */
  tokens: Map<string, string>;
  posts: { urn: string; body: Record<string, unknown>; createdAt: number }[];
  assets: Map<string, LiAsset>;
  /** Status checks a video stays PROCESSING (default 1). */
  processingChecks: number;
  followers: Map<string, number>;
  /** Organizations the Organization Lookup API knows, by id (`GET /rest/organizations/{id}`). */
  organizations: Map<string, string>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer => ({ status, body, headers });

/** Starts the fake LinkedIn API on 127.0.0.1. */
export async function startFakeLinkedinApi(): Promise<FakeLinkedinApi> {
  let fake: FakeLinkedinApi | null = null;
  const state = { tokens: new Map<string, string>(), posts: [] as FakeLinkedinApi['posts'], assets: new Map<string, LiAsset>(), processingChecks: 1, followers: new Map<string, number>(), organizations: new Map<string, string>() };
  let base = '';
  let n = 0;

  function handle(request: RecordedRequest): FakeAnswer {
    const self = fake ?? state;
    const { method, path } = request;
    const upload = /^\/upload\/(image|video)\/(\d+)(?:\/(\d+))?$/.exec(path);
    if (method === 'PUT' && upload) {
      const urn = `urn:li:${upload[1] ?? ''}:${upload[2] ?? ''}`;
      const asset = self.assets.get(urn);
      if (!asset) return json(404, { message: 'Unknown upload' });
      const index = Number(upload[3] ?? 0);
      const etag = `etag-${randomBytes(6).toString('hex')}`;
      asset.parts.set(index, { etag, data: request.raw });
      if (asset.kind === 'image') asset.status = 'AVAILABLE';
      return { status: 201, headers: { etag } };
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const person = self.tokens.get(token);
    if (person === undefined) return json(401, { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
    if (!/^\d{6}$/.test(String(request.headers['linkedin-version'] ?? ''))) return json(426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version  is not active' });
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') return json(400, { status: 400, message: 'Rest.li protocol 2.0.0 is required' });
    const action = request.query.get('action');

    const organization = /^\/rest\/organizations\/(\d+)$/.exec(path);
    if (method === 'GET' && organization) {
      const id = organization[1] ?? '';
      const name = self.organizations.get(id);
      if (name === undefined) return json(404, { status: 404, serviceErrorCode: 100, code: 'RESOURCE_NOT_FOUND', message: `Organization ${id} not found` });
      return json(200, { id: Number(id), localizedName: name, vanityName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), primaryOrganizationType: 'NONE', locations: [] });
    }

    if (method === 'POST' && path === '/rest/images' && action === 'initializeUpload') {
      const id = ++n;
      const urn = `urn:li:image:${id}`;
      self.assets.set(urn, { kind: 'image', size: 0, parts: new Map(), status: 'WAITING_UPLOAD', checksLeft: 0 });
      return json(200, { value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${base}/upload/image/${id}`, image: urn } });
    }
    if (method === 'POST' && path === '/rest/videos' && action === 'initializeUpload') {
      const body = (request.json ?? {}) as { initializeUploadRequest?: { owner?: string; fileSizeBytes?: number } };
      const size = body.initializeUploadRequest?.fileSizeBytes ?? 0;
      if (!body.initializeUploadRequest?.owner || size <= 0) return json(400, { status: 400, message: 'owner and fileSizeBytes are required' });
      const id = ++n;
      const urn = `urn:li:video:${id}`;
      self.assets.set(urn, { kind: 'video', size, parts: new Map(), status: 'WAITING_UPLOAD', checksLeft: self.processingChecks });
      const uploadInstructions = [];
      for (let first = 0, part = 0; first < size; first += LINKEDIN_PART_BYTES, part += 1) {
        uploadInstructions.push({ uploadUrl: `${base}/upload/video/${id}/${part}`, firstByte: first, lastByte: Math.min(size, first + LINKEDIN_PART_BYTES) - 1 });
      }
      return json(200, { value: { uploadUrlsExpireAt: Date.now() + 3_600_000, video: urn, uploadInstructions, uploadToken: '' } });
    }
    if (method === 'POST' && path === '/rest/videos' && action === 'finalizeUpload') {
      const body = (request.json ?? {}) as { finalizeUploadRequest?: { video?: string; uploadedPartIds?: string[] } };
      const asset = self.assets.get(body.finalizeUploadRequest?.video ?? '');
      if (!asset) return json(400, { status: 400, message: 'Unknown video' });
      const etags = [...asset.parts.entries()].sort(([a], [b]) => a - b).map(([, p]) => p.etag);
      const size = [...asset.parts.values()].reduce((sum, p) => sum + (p.data?.length ?? 0), 0);
      if (JSON.stringify(etags) !== JSON.stringify(body.finalizeUploadRequest?.uploadedPartIds ?? []) || size !== asset.size) return json(400, { status: 400, message: 'Uploaded parts do not match' });
      asset.status = 'PROCESSING';
      return json(200, {});
    }
    const video = /^\/rest\/videos\/(.+)$/.exec(path);
    if (method === 'GET' && video) {
      const urn = decodeURIComponent(video[1] ?? '');
      const asset = self.assets.get(urn);
      if (!asset) return json(404, { status: 404, message: 'Not found' });
      if (asset.status === 'PROCESSING') {
        if (asset.checksLeft <= 0) asset.status = 'AVAILABLE';
        else asset.checksLeft -= 1;
      }
      return json(200, { id: urn, status: asset.status, owner: `urn:li:person:${person}` });
    }
    if (method === 'POST' && path === '/rest/posts') {
      const body = (request.json ?? {}) as Record<string, unknown>;
      if (typeof body.author !== 'string' || typeof body.commentary !== 'string' || body.lifecycleState !== 'PUBLISHED' || body.visibility !== 'PUBLIC' || typeof body.distribution !== 'object') {
        return json(422, { status: 422, message: 'ERROR :: /author :: field is required but not found and has no default value' });
      }
      const content = (body.content ?? {}) as { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };
      const media = [content.media?.id, ...(content.multiImage?.images ?? []).map((i) => i.id)].filter((id): id is string => typeof id === 'string');
      if (media.some((id) => self.assets.get(id)?.status !== 'AVAILABLE')) return json(400, { status: 400, message: 'Media asset is not available' });
      if (self.posts.some((p) => p.body.author === body.author && p.body.commentary === body.commentary)) {
        return json(422, { errorDetailType: 'com.linkedin.common.error.BadRequest', message: 'Duplicate post is detected', errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] }, status: 422 });
      }
      const urn = `urn:li:share:${7_000_000_000 + ++n}`;
      self.posts.push({ urn, body, createdAt: Date.now() });
      return { status: 201, headers: { 'x-restli-id': urn } };
    }
    if (method === 'GET' && path === '/rest/posts' && request.query.get('q') === 'author') {
      // The Posts API finder pages with start and count (default 10, at most 100), newest first.
      const author = request.query.get('author');
      const start = Number(request.query.get('start') ?? 0);
      const count = Number(request.query.get('count') ?? 10);
      if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 100) return json(400, { status: 400, code: 'PARAM_INVALID', message: `Invalid param. Please see errorDetails for more information.` });
      const theirs = self.posts.filter((p) => p.body.author === author).reverse();
      const elements = theirs.slice(start, start + count).map((p) => ({ id: p.urn, author: p.body.author, commentary: p.body.commentary, createdAt: p.createdAt, lastModifiedAt: p.createdAt, lifecycleState: 'PUBLISHED', visibility: p.body.visibility, ...(p.body.content ? { content: p.body.content } : {}) }));
      const links = start + count < theirs.length ? [{ type: 'application/json', rel: 'next', href: `/rest/posts?q=author&author=${encodeURIComponent(author ?? '')}&start=${start + count}&count=${count}` }] : [];
      return json(200, { elements, paging: { start, count, links } });
    }
    const sizes = /^\/rest\/networkSizes\/(.+)$/.exec(path);
    if (method === 'GET' && sizes) return json(200, { firstDegreeSize: self.followers.get(decodeURIComponent(sizes[1] ?? '')) ?? 0 });
    const social = /^\/rest\/socialActions\/(.+)$/.exec(path);
    if (method === 'GET' && social) return json(200, { target: decodeURIComponent(social[1] ?? ''), likesSummary: { totalLikes: 11, likedByCurrentUser: false }, commentsSummary: { aggregatedTotalComments: 3, totalFirstLevelComments: 3 } });
    return json(404, { status: 404, message: `No route ${method} ${path}` });
  }

  const started = await startNetworkFake(handle);
  base = started.baseUrl;
  fake = Object.assign(started, state);
  return fake;
}
