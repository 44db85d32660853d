import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminPost,
  AdminPostActionResponse,
  AdminPostListResponse,
  ErrorCode,
  FeedResponse,
  PostStatus,
  PostType,
  Role,
  SUGGESTION_PENDING_STATUS,
  type AdminPostInput,
  type MediaImage,
} from '@chorus/core';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, postCategories, posts, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { DELETED_STATUS, DRAFT_STATUS, UNPUBLISHED_STATUS } from '../../lib/admin-post-states.ts';
import { createTestContext, get, post, postForm, send, type TestContext } from '../../test/app.ts';
import { buildPost, buildTopic, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const POSTS = '/api/v1/admin/posts';
const ACTIONS = '/api/v1/admin/posts/actions';
const IMAGES = '/api/v1/admin/posts/images';
const PREVIEW = '/api/v1/admin/posts/link-preview';
/** The fake site's loopback address, let through the SSRF guard for this app only. */
const SITE_HOST = '127.0.0.5';

let t: TestContext;
let f: Tenants;
let site: http.Server;
let siteUrl: string;
let creator: UserRow;
let creatorToken: string;
let managerToken: string;
let globexAdminToken: string;
let news: { id: number; name: string };
let careers: { id: number; name: string };
let globexTopic: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: SITE_HOST } });
  f = await buildTenants(t.db);
  creator = await buildUser(t.db, [{ company: f.acme, role: Role.CONTENT_CREATOR }], { firstName: 'Casey', lastName: 'Writer' });
  creatorToken = await sessionFor(t.db, creator);
  managerToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }], { firstName: 'Morgan', lastName: 'Manager' }));
  globexAdminToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]));
  news = await buildTopic(t.db, f.acme, 'News');
  careers = await buildTopic(t.db, f.acme, 'Careers');
  globexTopic = await buildTopic(t.db, f.globex, 'Globex news');
  const cover = await png(120);
  site = http.createServer((request, response) => {
    if (request.url === '/cover.jpg') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(cover);
    } else if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>Ignored title</title>
        <meta property="og:title" content="Solar &amp; wind: the year in review">
        <meta property="og:description" content="What we built in 2026.">
        <meta property="og:image" content="/cover.jpg">
        </head><body><img src="/logo.png"></body></html>`);
    } else if (request.url === '/plain') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><head><title> A plain page </title><meta name="description" content="Only the basics."></head></html>');
    } else {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<title>Not here</title>');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, SITE_HOST, resolve));
  siteUrl = `http://${SITE_HOST}:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await t.close();
});

function draft(overrides: Partial<AdminPostInput> = {}): AdminPostInput {
  return {
    title: 'Launch day',
    content: 'We shipped the new app',
    hashtags: [],
    url: null,
    images: [],
    networks: { twitter: true, facebook: true, linkedin: true },
    topic_ids: [],
    is_featured: false,
    is_reactions_enabled: true,
    is_comments_enabled: true,
    start: null,
    expiration: null,
    captions: { twitter: null, facebook: null, linkedin: null },
    ...overrides,
  };
}

function create(input: AdminPostInput, token = creatorToken, subdomain = 'acme') {
  return post(t.app, subdomain, POSTS, input, token);
}

function update(id: number, input: AdminPostInput, token = creatorToken, subdomain = 'acme') {
  return send(t.app, 'PUT', subdomain, `${POSTS}/${id}`, input, token);
}

function act(body: unknown, token = managerToken, subdomain = 'acme') {
  return post(t.app, subdomain, ACTIONS, body, token);
}

async function created(input: AdminPostInput): Promise<AdminPost> {
  const res = await create(input);
  expect(res.statusCode, res.body).toBe(200);
  return AdminPost.parse(res.json());
}

async function postCount(company: CompanyRow = f.acme): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(posts).where(eq(posts.companyId, company.id));
  return row?.n ?? 0;
}

async function auditOf(postId: number) {
  return t.db.select().from(auditLog).where(eq(auditLog.target, `post:${postId}`)).orderBy(asc(auditLog.id));
}

async function png(width = 40): Promise<Buffer> {
  return sharp({ create: { width, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
}

function imageForm(bytes: Buffer, type: string, name = 'photo.png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('POST /api/v1/admin/posts', () => {
  it('creates a draft written by the viewer, with its topics (main first) and a post.create audit row', async () => {
    const saved = await created(draft({ hashtags: ['#Launch', 'growth', 'launch'], topic_ids: [careers.id, news.id], captions: { twitter: 'Big day!', facebook: '  ', linkedin: null } }));
    expect(saved).toMatchObject({
      state: 'draft',
      title: 'Launch day',
      hashtags: ['Launch', 'growth'],
      topics: [careers, news],
      author: { id: creator.id, name: 'Casey Writer' },
      start: null,
      attachment: null,
      captions: { twitter: 'Big day!', facebook: null, linkedin: null },
    });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, saved.id));
    expect(row).toMatchObject({ status: DRAFT_STATUS, createdBy: creator.id, type: PostType.TEXT, startsOnPublish: true, companyId: f.acme.id });
    const topics = await t.db.select().from(postCategories).where(eq(postCategories.postId, saved.id)).orderBy(asc(postCategories.position));
    expect(topics.map((x) => [x.categoryId, x.position])).toEqual([
      [careers.id, 0],
      [news.id, 1],
    ]);
    const audit = await auditOf(saved.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `user:${creator.id}`, companyId: f.acme.id, action: 'post.create' });
    expect(audit[0]?.data).toMatchObject({ title: 'Launch day', hashtags: ['Launch', 'growth'], topic_ids: [careers.id, news.id], start: null, captions: { twitter: 'Big day!', facebook: null, linkedin: null } });
    // A member cannot read it: a draft is not in the library.
    expect((await get(t.app, 'acme', `/api/v4/post/${saved.id}`, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });

  const IMAGE: MediaImage = { original: '/media/x-o.jpg', medium: '/media/x-m.jpg', thumb: '/media/x-t.jpg' };
  it.each<[string, Partial<AdminPostInput>, string, string]>([
    ['an empty title', { title: '   ' }, 'title', 'titleEmpty'],
    ['a long title', { title: 'x'.repeat(201) }, 'title', 'titleLong'],
    ['a long text', { content: 'x'.repeat(5001) }, 'content', 'contentLong'],
    ['too many hashtags', { hashtags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'hashtags', 'hashtagsMany'],
    ['a bad hashtag', { hashtags: ['bad-tag'] }, 'hashtags', 'hashtagBad'],
    ['a link that is not http(s)', { url: 'ftp://files.example.com/a' }, 'url', 'urlBad'],
    ['too many images', { images: Array.from({ length: 5 }, () => IMAGE) }, 'images', 'imagesMany'],
    ['too many topics', { topic_ids: Array.from({ length: 11 }, (_, i) => i + 1) }, 'topic_ids', 'topicsMany'],
    ['an expiration before the start', { start: '2030-01-02T10:00:00Z', expiration: '2030-01-01T10:00:00Z' }, 'expiration', 'expiresBeforeStart'],
    ['a long Twitter caption', { captions: { twitter: 'x'.repeat(281), facebook: null, linkedin: null } }, 'captions.twitter', 'twitterLong'],
    ['a long LinkedIn caption', { captions: { twitter: null, facebook: null, linkedin: 'x'.repeat(3001) } }, 'captions.linkedin', 'linkedinLong'],
    ['a long Facebook caption', { captions: { twitter: null, facebook: 'x'.repeat(5001), linkedin: null } }, 'captions.facebook', 'facebookLong'],
    ['a Twitter caption pushed over by the hashtags that always go out', { hashtags: ['launch'], captions: { twitter: 'x'.repeat(275), facebook: null, linkedin: null } }, 'captions.twitter', 'twitterLong'],
  ])('refuses %s with its problem (201) and saves nothing', async (_name, overrides, path, message) => {
    const before = await postCount();
    const res = await create(draft(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    // A long text also makes the captions that start from it long: each problem is listed.
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await postCount()).toBe(before);
  });

  it("refuses another company's topic (topicUnknown) and an image not of the company's media (imageUnknown)", async () => {
    const before = await postCount();
    const theirs: MediaImage = { original: `/media/c/${f.globex.id}/a-original.jpg`, medium: `/media/c/${f.globex.id}/a-medium.jpg`, thumb: `/media/c/${f.globex.id}/a-thumb.jpg` };
    const res = await create(draft({ topic_ids: [news.id, globexTopic.id], images: [theirs] }));
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'topic_ids', message: 'topicUnknown' }, { path: 'images', message: 'imageUnknown' }] });
    for (const image of [
      { original: 'https://elsewhere.example/a.jpg', medium: 'https://elsewhere.example/a.jpg', thumb: 'https://elsewhere.example/a.jpg' },
      { original: `/media/c/${f.acme.id}/../${f.globex.id}/a.jpg`, medium: `/media/c/${f.acme.id}/b.jpg`, thumb: `/media/c/${f.acme.id}/c.jpg` },
    ]) {
      expect((await create(draft({ images: [image] }))).json().issues).toEqual([{ path: 'images', message: 'imageUnknown' }]);
    }
    expect(await postCount()).toBe(before);
  });

  it("stores a link's preview read from the page, and hands the editor its image from our origin", async () => {
    const saved = await created(draft({ url: ` ${siteUrl}/article ` }));
    expect(saved.url).toBe(`${siteUrl}/article`);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, saved.id));
    expect(row?.type).toBe(PostType.URL);
    expect(row?.attachment).toEqual({
      type: 'link',
      object: { url: `${siteUrl}/article`, domain: SITE_HOST, title: 'Solar & wind: the year in review', description: 'What we built in 2026.', image: `${siteUrl}/cover.jpg`, video_embed_url: null },
    });
    expect(saved.attachment?.object.image).toMatch(new RegExp(`^/media/link-image\\?url=${encodeURIComponent(`${siteUrl}/cover.jpg`).replace(/[.?]/g, '\\$&')}&sig=`));
  });

  it('refuses a link that does not open with 484 and saves nothing', async () => {
    const before = await postCount();
    for (const url of [`${siteUrl}/missing`, 'http://127.0.0.9:9/closed', 'http://10.0.0.1/intranet']) {
      const res = await create(draft({ url }));
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error).toBe(ErrorCode.LINK_UNREACHABLE);
    }
    expect(await postCount()).toBe(before);
  });
});

describe('PUT /api/v1/admin/posts/:id', () => {
  it('saves an edit with a post.update audit row holding only the fields that changed', async () => {
    const saved = await created(draft({ topic_ids: [news.id] }));
    const res = await update(saved.id, draft({ title: 'Launch week', topic_ids: [news.id], is_featured: true }), managerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminPost.parse(res.json())).toMatchObject({ id: saved.id, title: 'Launch week', is_featured: true, author: { id: creator.id } });
    const audit = await auditOf(saved.id);
    expect(audit.map((row) => row.action)).toEqual(['post.create', 'post.update']);
    expect(audit[1]?.data).toEqual({ before: { title: 'Launch day', is_featured: false }, after: { title: 'Launch week', is_featured: true } });
    // Saving it again unchanged records nothing.
    expect((await update(saved.id, draft({ title: 'Launch week', topic_ids: [news.id], is_featured: true }))).statusCode).toBe(200);
    expect(await auditOf(saved.id)).toHaveLength(2);
  });

  it('reads the preview again only when the link changes, and clears it with the link', async () => {
    const saved = await created(draft({ url: `${siteUrl}/article` }));
    // The stored preview is kept, even while the page cannot be read.
    expect((await update(saved.id, draft({ url: `${siteUrl}/article`, title: 'Renamed' }))).json().attachment.object.title).toBe('Solar & wind: the year in review');
    const changed = AdminPost.parse((await update(saved.id, draft({ url: `${siteUrl}/plain` }))).json());
    expect(changed.attachment?.object).toMatchObject({ title: 'A plain page', description: 'Only the basics.', image: null });
    expect((await update(saved.id, draft({ url: `${siteUrl}/missing` }))).json().error).toBe(ErrorCode.LINK_UNREACHABLE);
    const [kept] = await t.db.select().from(posts).where(eq(posts.id, saved.id));
    expect(kept?.url).toBe(`${siteUrl}/plain`);
    const cleared = AdminPost.parse((await update(saved.id, draft({ url: '' }))).json());
    expect(cleared).toMatchObject({ url: null, attachment: null });
  });

  it('keeps the images a seeded post already shows, and refuses to edit a deleted post (403)', async () => {
    const seeded = await buildPost(t.db, f.acme, { type: PostType.IMAGE, media: { images: [{ original: '/media/demo/acme/a-o.jpg', medium: '/media/demo/acme/a-m.jpg', thumb: '/media/demo/acme/a-t.jpg' }], videos: [] } });
    const res = await update(seeded.id, draft({ images: seeded.media.images }));
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminPost.parse(res.json())).toMatchObject({ state: 'live', images: seeded.media.images });
    const gone = await buildPost(t.db, f.acme, { status: DELETED_STATUS, deletedAt: new Date(), deletedStatus: PostStatus.LIVE });
    expect((await update(gone.id, draft())).statusCode).toBe(403);
  });

  it("answers 404 for an unknown id and another company's post", async () => {
    const theirs = await buildPost(t.db, f.globex);
    expect((await update(theirs.id, draft())).json().error).toBe(ErrorCode.NOT_FOUND);
    expect((await update(999_999, draft())).json().error).toBe(ErrorCode.NOT_FOUND);
    expect((await get(t.app, 'acme', `${POSTS}/${theirs.id}`, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.NOT_FOUND);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, theirs.id));
    expect(row?.title).toBe(theirs.title);
  });
});

describe('GET /api/v1/admin/posts/:id', () => {
  it('reads a suggestion too, with who suggested it', async () => {
    const suggestion = await buildPost(t.db, f.acme, { status: SUGGESTION_PENDING_STATUS, suggestedBy: f.acmeUser.id });
    const res = await get(t.app, 'acme', `${POSTS}/${suggestion.id}`, creatorToken);
    expect(AdminPost.parse(res.json())).toMatchObject({ id: suggestion.id, state: 'draft', suggested_by: { id: f.acmeUser.id, name: 'Sam Rivera' }, author: null });
  });
});

describe('POST /api/v1/admin/posts/link-preview', () => {
  it('reads the Open Graph preview, its image signed for our origin', async () => {
    const res = await post(t.app, 'acme', PREVIEW, { url: `${siteUrl}/article` }, creatorToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'link', object: { url: `${siteUrl}/article`, domain: SITE_HOST, title: 'Solar & wind: the year in review', description: 'What we built in 2026.', video_embed_url: null } });
    expect(body.object.image).toMatch(/^\/media\/link-image\?url=.*&sig=/);
    // The media route serves what it signed, from our origin, re-encoded.
    const served = await get(t.app, 'acme', body.object.image, creatorToken);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('falls back to the title tag and the meta description', async () => {
    const res = await post(t.app, 'acme', PREVIEW, { url: `${siteUrl}/plain` }, creatorToken);
    expect(res.json().object).toMatchObject({ title: 'A plain page', description: 'Only the basics.', image: null });
  });

  it.each(['not a link', 'ftp://files.example.com/a', 'http://169.254.169.254/latest/meta-data', 'http://127.0.0.9:9/closed'])('answers 484 for %s', async (url) => {
    const res = await post(t.app, 'acme', PREVIEW, { url }, creatorToken);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(ErrorCode.LINK_UNREACHABLE);
  });

  it('answers 484 for a page that does not answer 2xx', async () => {
    expect((await post(t.app, 'acme', PREVIEW, { url: `${siteUrl}/missing` }, creatorToken)).json().error).toBe(ErrorCode.LINK_UNREACHABLE);
  });
});

describe('POST /api/v1/admin/posts/images', () => {
  it("stores a decoded copy in three sizes in the company's folder, usable on a post", async () => {
    const res = await postForm(t.app, 'acme', IMAGES, imageForm(await png(), 'image/png'), creatorToken);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json<MediaImage>();
    for (const url of [image.original, image.medium, image.thumb]) expect(url).toMatch(new RegExp(`^/media/c/${f.acme.id}/[0-9a-f]{32}-(original|medium|thumb)\\.jpg$`));
    const served = await get(t.app, 'acme', image.thumb, creatorToken);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    const saved = await created(draft({ images: [image] }));
    const [row] = await t.db.select().from(posts).where(eq(posts.id, saved.id));
    expect(row?.type).toBe(PostType.IMAGE);
    // Another company may not put it on its posts.
    expect((await create(draft({ images: [image] }), globexAdminToken, 'globex')).json().issues).toEqual([{ path: 'images', message: 'imageUnknown' }]);
  });

  it('refuses a file that is not an image we take (485), whatever type it claims', async () => {
    for (const [bytes, type] of [
      [Buffer.from('just some text'), 'text/plain'],
      [Buffer.from('just some text'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ] as const) {
      const res = await postForm(t.app, 'acme', IMAGES, imageForm(bytes, type), creatorToken);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toBe(ErrorCode.IMAGE_INVALID);
    }
  });

  it('refuses an image over 10 MB (486)', async () => {
    const res = await postForm(t.app, 'acme', IMAGES, imageForm(Buffer.alloc(10 * 1024 * 1024 + 1), 'image/png'), creatorToken);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(ErrorCode.IMAGE_TOO_LARGE);
  });

  it('refuses a member (403) and no session (401)', async () => {
    expect((await postForm(t.app, 'acme', IMAGES, imageForm(await png(), 'image/png'), f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await postForm(t.app, 'acme', IMAGES, imageForm(await png(), 'image/png'))).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/posts', () => {
  let listCompany: CompanyRow;
  let token: string;
  let author: UserRow;
  let topic: { id: number; name: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // A company of its own, so the other tests' posts do not move the counts.
    const { buildCompany } = await import('../../test/factories.ts');
    listCompany = await buildCompany(t.db, { subdomain: 'initech', name: 'Initech' });
    const admin = await buildUser(t.db, [{ company: listCompany, role: Role.ADMIN }], { firstName: 'Ada', lastName: 'Admin' });
    author = await buildUser(t.db, [{ company: listCompany, role: Role.CONTENT_CREATOR }], { firstName: 'bea', lastName: 'Author' });
    token = await sessionFor(t.db, admin);
    topic = await buildTopic(t.db, listCompany, 'Energy');
    const hour = 60 * 60 * 1000;
    const build = async (key: string, values: Partial<typeof posts.$inferInsert>, hoursAgo: number, categories: { id: number }[] = []) => {
      ids[key] = (await buildPost(t.db, listCompany, { title: key, ...values }, { hoursAgo, categories })).id;
    };
    await build('Solar draft', { status: DRAFT_STATUS, createdBy: author.id, content: 'Panels on the roof', twitter: false }, 6, [topic]);
    await build('Wind live', { createdBy: admin.id, shareCount: 9, facebook: false }, 5);
    await build('Scheduled item', { start: new Date(Date.now() + 24 * hour), createdBy: author.id }, 4, [topic]);
    await build('expired item', { expiration: new Date(Date.now() - hour), shareCount: 3 }, 3);
    await build('Unpublished item', { status: UNPUBLISHED_STATUS, content: 'solar again' }, 2);
    await build('Deleted item', { status: DELETED_STATUS, deletedAt: new Date(), deletedStatus: PostStatus.LIVE }, 1);
    await build('Suggested item', { status: SUGGESTION_PENDING_STATUS }, 0.5);
  });

  async function list(query: string, as = token) {
    const res = await get(t.app, 'initech', `${POSTS}?${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return AdminPostListResponse.parse(res.json());
  }
  const titlesOf = (body: AdminPostListResponse) => body.objects.map((p) => p.title);

  it('lists every state but deleted, newest first, and never suggestions', async () => {
    const body = await list('');
    expect(titlesOf(body)).toEqual(['Unpublished item', 'expired item', 'Scheduled item', 'Wind live', 'Solar draft']);
    expect(body.objects.map((p) => p.state)).toEqual(['unpublished', 'expired', 'scheduled', 'live', 'draft']);
    expect(body).toMatchObject({ num_results: 5, total_pages: 1, page_num: 1 });
    expect(body.objects[4]).toMatchObject({ author: { id: author.id, name: 'bea Author' }, topics: [topic], networks: { twitter: false, facebook: true, linkedin: true } });
  });

  it.each<[string, string[]]>([
    ['state=deleted', ['Deleted item']],
    ['state=draft', ['Solar draft']],
    ['state=live', ['Wind live']],
    ['state=scheduled', ['Scheduled item']],
    ['state=expired', ['expired item']],
    ['state=unpublished', ['Unpublished item']],
    ['query=SOLAR', ['Unpublished item', 'Solar draft']],
    ['query=pane', ['Solar draft']],
    ['query=solar&state=draft', ['Solar draft']],
    ['topic_id=TOPIC', ['Scheduled item', 'Solar draft']],
    ['network=1', ['Unpublished item', 'expired item', 'Scheduled item', 'Wind live']],
    ['network=2', ['Unpublished item', 'expired item', 'Scheduled item', 'Solar draft']],
    ['author_id=AUTHOR', ['Scheduled item', 'Solar draft']],
    ['sort=oldest', ['Solar draft', 'Wind live', 'Scheduled item', 'expired item', 'Unpublished item']],
    ['sort=title', ['expired item', 'Scheduled item', 'Solar draft', 'Unpublished item', 'Wind live']],
    ['sort=shares', ['Wind live', 'expired item', 'Unpublished item', 'Scheduled item', 'Solar draft']],
    ['sort=start', ['Scheduled item', 'Unpublished item', 'expired item', 'Wind live', 'Solar draft']],
  ])('filters and sorts: %s', async (query, expected) => {
    expect(titlesOf(await list(query.replace('TOPIC', String(topic.id)).replace('AUTHOR', String(author.id))))).toEqual(expected);
  });

  it('pages', async () => {
    const second = await list('results_per_page=2&page_num=2');
    expect(titlesOf(second)).toEqual(['Scheduled item', 'Wind live']);
    expect(second).toMatchObject({ num_results: 5, total_pages: 3, page_num: 2 });
    expect(titlesOf(await list('results_per_page=2&page_num=4'))).toEqual([]);
    expect((await get(t.app, 'initech', `${POSTS}?results_per_page=500`, token)).statusCode).toBe(400);
  });

  it('lists the authors of the company by name', async () => {
    const res = await get(t.app, 'initech', `${POSTS}/authors`, token);
    expect(res.json()).toEqual({ objects: [{ id: expect.any(Number), name: 'Ada Admin' }, { id: author.id, name: 'bea Author' }] });
  });

  it('refuses members (403) and no session (401); a session of another company answers 401 here', async () => {
    const member = await sessionFor(t.db, await buildUser(t.db, [{ company: listCompany }]));
    expect((await get(t.app, 'initech', POSTS, member)).statusCode).toBe(403);
    expect((await get(t.app, 'initech', `${POSTS}/authors`, member)).statusCode).toBe(403);
    expect((await get(t.app, 'initech', POSTS)).statusCode).toBe(401);
    expect((await get(t.app, 'initech', POSTS, f.tokens.acmeAdmin)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/admin/posts/actions', () => {
  async function actOn(action: string, ids: number[], extra: Record<string, unknown> = {}) {
    const res = await act({ action, ids, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return AdminPostActionResponse.parse(res.json());
  }
  async function stateOf(id: number) {
    return AdminPost.parse((await get(t.app, 'acme', `${POSTS}/${id}`, managerToken)).json()).state;
  }
  async function feedTitles(): Promise<string[]> {
    const res = await get(t.app, 'acme', '/api/v4/post/feed?latest=50', f.tokens.acmeUser);
    return FeedResponse.parse(res.json()).latest.map((p) => p.title);
  }

  it('publishes a draft: it goes live at once, shows in the member feed, and is announced by the announce job', async () => {
    const saved = await created(draft({ title: 'Fresh news for everyone' }));
    expect(await feedTitles()).not.toContain('Fresh news for everyone');
    const result = await actOn('publish', [saved.id]);
    expect(result).toEqual({ done: [saved.id], skipped: [] });
    expect(await stateOf(saved.id)).toBe('live');
    expect(await feedTitles()).toContain('Fresh news for everyone');
    const [row] = await t.db.select().from(posts).where(eq(posts.id, saved.id));
    expect(row).toMatchObject({ status: PostStatus.LIVE, startsOnPublish: false, announcedAt: null });
    expect(row?.start.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.target, `post:${saved.id}`)).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'post.publish', actor: expect.stringMatching(/^user:\d+$/), data: { title: 'Fresh news for everyone', before: 'draft', after: 'live' } });
    expect((await actOn('publish', [saved.id])).skipped).toEqual([{ id: saved.id, reason: 'already' }]);
  });

  it('publishes a draft with a start ahead as scheduled, keeping its start', async () => {
    const start = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const saved = await created(draft({ start }));
    await actOn('publish', [saved.id]);
    expect(AdminPost.parse((await get(t.app, 'acme', `${POSTS}/${saved.id}`, managerToken)).json())).toMatchObject({ state: 'scheduled', start });
  });

  it('unpublishes, expires, deletes and restores, each skipping what it cannot do', async () => {
    const live = await buildPost(t.db, f.acme, { title: 'Live one' });
    const other = await buildPost(t.db, f.acme, { title: 'Live two' });
    const drafted = await buildPost(t.db, f.acme, { status: DRAFT_STATUS });
    const theirs = await buildPost(t.db, f.globex);

    expect(await actOn('unpublish', [live.id, drafted.id, theirs.id, 999_999])).toEqual({
      done: [live.id],
      skipped: [
        { id: drafted.id, reason: 'invalid' },
        { id: theirs.id, reason: 'not-found' },
        { id: 999_999, reason: 'not-found' },
      ],
    });
    expect(await stateOf(live.id)).toBe('unpublished');
    expect(await feedTitles()).not.toContain('Live one');
    expect((await actOn('unpublish', [live.id])).skipped).toEqual([{ id: live.id, reason: 'already' }]);
    expect((await actOn('expire', [live.id])).skipped).toEqual([{ id: live.id, reason: 'invalid' }]);

    expect((await actOn('expire', [other.id])).done).toEqual([other.id]);
    expect(await stateOf(other.id)).toBe('expired');
    expect(await feedTitles()).not.toContain('Live two');
    expect((await actOn('expire', [other.id])).skipped).toEqual([{ id: other.id, reason: 'already' }]);

    expect((await actOn('restore', [other.id])).skipped).toEqual([{ id: other.id, reason: 'not-deleted' }]);
    expect((await actOn('delete', [live.id, other.id])).done).toEqual([live.id, other.id]);
    const [deleted] = await t.db.select().from(posts).where(eq(posts.id, live.id));
    expect(deleted).toMatchObject({ status: DELETED_STATUS, deletedStatus: UNPUBLISHED_STATUS });
    expect(deleted?.deletedAt).not.toBeNull();
    expect((await actOn('delete', [live.id])).skipped).toEqual([{ id: live.id, reason: 'already' }]);
    expect((await actOn('publish', [live.id])).skipped).toEqual([{ id: live.id, reason: 'deleted' }]);
    expect((await actOn('move-topic', [live.id], { topic_id: news.id })).skipped).toEqual([{ id: live.id, reason: 'deleted' }]);

    // Restored to what it was; past the restore window it is not.
    await t.db.update(posts).set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) }).where(eq(posts.id, other.id));
    expect(await actOn('restore', [live.id, other.id])).toEqual({ done: [live.id], skipped: [{ id: other.id, reason: 'restore-expired' }] });
    expect(await stateOf(live.id)).toBe('unpublished');
    const [restored] = await t.db.select().from(posts).where(eq(posts.id, live.id));
    expect(restored).toMatchObject({ deletedAt: null, deletedStatus: null });
    expect((await actOn('publish', [live.id])).done).toEqual([live.id]);
    expect(await feedTitles()).toContain('Live one');

    const actions = (await auditOf(live.id)).map((row) => [row.action, row.data.before, row.data.after]);
    expect(actions).toEqual([
      ['post.unpublish', 'live', 'unpublished'],
      ['post.delete', 'unpublished', 'deleted'],
      ['post.restore', 'deleted', 'unpublished'],
      ['post.publish', 'unpublished', 'live'],
    ]);
  });

  it("moves posts to one topic of the company, refusing another company's topic (201)", async () => {
    const one = await buildPost(t.db, f.acme, {}, { categories: [news, careers] });
    const two = await buildPost(t.db, f.acme, {}, { categories: [careers] });
    expect(await actOn('move-topic', [one.id, two.id], { topic_id: careers.id })).toEqual({ done: [one.id], skipped: [{ id: two.id, reason: 'already' }] });
    expect(AdminPost.parse((await get(t.app, 'acme', `${POSTS}/${one.id}`, managerToken)).json()).topics).toEqual([careers]);
    const [audit] = await auditOf(one.id);
    expect(audit?.data).toMatchObject({ before: 'live', after: 'live', topics: { before: [news.id, careers.id], after: [careers.id] } });
    for (const body of [{ action: 'move-topic', ids: [one.id], topic_id: globexTopic.id }, { action: 'move-topic', ids: [one.id] }]) {
      expect((await act(body)).json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'topic_id', message: 'topicUnknown' }] });
    }
  });

  it('leaves suggestions and drafts expired since they were saved alone (invalid)', async () => {
    const suggestion = await buildPost(t.db, f.acme, { status: SUGGESTION_PENDING_STATUS });
    const stale = await buildPost(t.db, f.acme, { status: DRAFT_STATUS, expiration: new Date(Date.now() - 1000) });
    expect((await actOn('publish', [suggestion.id, stale.id])).skipped).toEqual([
      { id: suggestion.id, reason: 'invalid' },
      { id: stale.id, reason: 'invalid' },
    ]);
  });

  it('refuses content creators and members (403), bad bodies (201), and skips every post for another company', async () => {
    const live = await buildPost(t.db, f.acme);
    for (const token of [creatorToken, f.tokens.acmeUser]) expect((await act({ action: 'delete', ids: [live.id] }, token)).statusCode).toBe(403);
    expect((await act({ action: 'delete', ids: [live.id] }, '')).statusCode).toBe(401);
    for (const body of [{ action: 'erase', ids: [live.id] }, { action: 'delete', ids: [] }, { action: 'delete', ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      expect((await act(body)).statusCode).toBe(400);
    }
    expect(await act({ action: 'delete', ids: [live.id] }, globexAdminToken, 'globex').then((res) => res.json())).toEqual({ done: [], skipped: [{ id: live.id, reason: 'not-found' }] });
    const [row] = await t.db.select().from(posts).where(and(eq(posts.id, live.id), eq(posts.status, PostStatus.LIVE)));
    expect(row).toBeDefined();
  });
});

describe('who may write', () => {
  it('lets a content creator create and edit, and refuses a member (403) and no session (401)', async () => {
    const saved = await created(draft());
    expect((await update(saved.id, draft({ title: 'By the creator' }))).statusCode).toBe(200);
    expect((await create(draft(), f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await update(saved.id, draft(), f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await get(t.app, 'acme', `${POSTS}/${saved.id}`, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await create(draft(), '')).statusCode).toBe(401);
    expect((await post(t.app, 'acme', PREVIEW, { url: `${siteUrl}/article` }, f.tokens.acmeUser)).statusCode).toBe(403);
  });
});
