import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, PostType, SnippetResponse, SuggestImagesResponse } from '@chorus/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_IMAGE_MAX_BYTES } from '../commands/suggest-content.ts';
import { createTestContext, get, post, type TestContext } from '../test/app.ts';
import { buildPost, linkAttachment } from '../test/factories.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';

/**
 * GET /media/link-image: a linked page's images shown from our origin. The site is a local
 * http server on 127.0.0.4, the one non-public address this app may reach; 127.0.0.1 stays
 * refused, as a private address of our network would be.
 */
let t: TestContext;
let f: Tenants;
let site: Server;
let origin: string;
/** Paths the site was asked for. */
const asked: string[] = [];
let cover: Buffer;

beforeAll(async () => {
  cover = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
  const huge = Buffer.alloc(LINK_IMAGE_MAX_BYTES + 1024, 0);
  site = createServer((request, response) => {
    const path = request.url ?? '/';
    asked.push(path);
    if (path === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<html><head><meta property="og:image" content="/cover.png"></head><body>` +
          `<img src="/page.html"><img src="http://127.0.0.1:${(site.address() as AddressInfo).port}/cover.png"><img src="/huge.png"><img src="/broken.png"><img src="/drawing.svg"></body></html>`,
      );
    } else if (path === '/cover.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(cover);
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<p>not an image</p>');
    } else if (path === '/huge.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(huge);
    } else if (path === '/broken.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('<script>alert(1)</script>');
    } else if (path === '/drawing.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.4', resolve));
  origin = `http://127.0.0.4:${(site.address() as AddressInfo).port}`;
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.4' } });
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** The images and previews suggest-images offers for the article. */
async function offered(): Promise<SuggestImagesResponse> {
  const res = await post(t.app, 'acme', '/api/v1/post/suggest-images', { url: `${origin}/article` }, f.tokens.acmeUser);
  expect(res.statusCode).toBe(200);
  return SuggestImagesResponse.parse(res.json());
}

/** The preview offered for an image url. */
async function previewOf(image: string): Promise<string> {
  const body = await offered();
  const preview = body.previews[body.images.indexOf(image)];
  if (preview === undefined) throw new Error(`${image} was not offered`);
  return preview;
}

describe('POST /api/v1/post/suggest-images previews', () => {
  it('offers each image through our media route, signed, in the order of the images', async () => {
    const body = await offered();
    const loopback = `http://127.0.0.1:${new URL(origin).port}`;
    expect(body.images).toEqual([`${origin}/cover.png`, `${origin}/page.html`, `${loopback}/cover.png`, `${origin}/huge.png`, `${origin}/broken.png`, `${origin}/drawing.svg`]);
    expect(body.previews).toHaveLength(body.images.length);
    body.previews.forEach((preview, index) => {
      expect(preview).toMatch(/^\/media\/link-image\?url=[^&]+&sig=[\w-]{43}$/);
      expect(new URL(preview, 'http://x').searchParams.get('url')).toBe(body.images[index]);
    });
  });
});

describe('GET /media/link-image', () => {
  it('serves the site’s http image from our origin, decoded and re-encoded as JPEG', async () => {
    const preview = await previewOf(`${origin}/cover.png`);
    asked.length = 0;
    const res = await get(t.app, 'acme', preview, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    expect(asked).toEqual(['/cover.png']);
  });

  it('refuses an image on a private address (the SSRF guard) without asking it', async () => {
    // The page names the same image on 127.0.0.1, which the guard refuses like any address of ours.
    const preview = await previewOf(`http://127.0.0.1:${new URL(origin).port}/cover.png`);
    asked.length = 0;
    const refused = await get(t.app, 'acme', preview, f.tokens.acmeUser);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'url', message: 'This image cannot be read.' }] });
    // 127.0.0.1 is this very site: the guard stopped the request before it left.
    expect(asked).toEqual([]);
  });

  it.each([
    ['/page.html', 'This link is not an image.'],
    ['/drawing.svg', 'This link is not an image.'],
    ['/broken.png', 'This link is not an image.'],
    ['/huge.png', 'This image cannot be read.'],
  ])('refuses %s with a validation error on the url', async (path, message) => {
    const res = await get(t.app, 'acme', await previewOf(`${origin}${path}`), f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'url', message }] });
  });

  it('fetches only urls the server signed for the company, and only for a member of it', async () => {
    const preview = await previewOf(`${origin}/cover.png`);
    const sig = new URL(preview, 'http://x').searchParams.get('sig') ?? '';
    asked.length = 0;
    // Another url under a signature made for the cover, or no signature: not found, nothing fetched.
    expect((await get(t.app, 'acme', `/media/link-image?url=${encodeURIComponent(`${origin}/page.html`)}&sig=${sig}`, f.tokens.acmeUser)).statusCode).toBe(404);
    expect((await get(t.app, 'acme', `/media/link-image?url=${encodeURIComponent(`${origin}/cover.png`)}`, f.tokens.acmeUser)).statusCode).toBe(404);
    // No session, or a session of another company: 401.
    expect((await get(t.app, 'acme', preview)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', preview, f.tokens.globexUser)).statusCode).toBe(401);
    // Acme's signature is not Globex's.
    expect((await get(t.app, 'globex', preview, f.tokens.globexUser)).statusCode).toBe(404);
    expect(asked).toEqual([]);
  });
});

describe('GET /api/v3/post/{postId}/snippet previews', () => {
  it('shows a link post’s http image through the media route, and the image loads', async () => {
    const row = await buildPost(t.db, f.acme, { type: PostType.URL, url: `${origin}/article`, attachment: linkAttachment(`${origin}/article`) });
    const snippet = SnippetResponse.parse((await get(t.app, 'acme', `/api/v3/post/${row.id}/snippet`, f.tokens.acmeUser)).json());
    expect(snippet.image).toBe(`${origin}/cover.png`);
    expect(snippet.previews).toHaveLength(snippet.images.length);
    const res = await get(t.app, 'acme', snippet.previews[0] ?? '', f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
  });
});
