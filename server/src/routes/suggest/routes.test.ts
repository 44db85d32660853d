import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ErrorCode, PostType, SUGGESTION_PENDING_STATUS, SuggestionResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesOfPage, suggestImagesFor } from '../../commands/suggest-content.ts';
import { posts } from '../../db/schema.ts';
import { createTestContext, get, post, postForm, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let page: http.Server;
let pagePort: number;
const PAGE_HOST = '127.0.0.3';

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  page = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head>
      <meta property="og:image" content="https://cdn.example.com/og.jpg">
      <meta content="/twitter.png" name="twitter:image">
      </head><body><img src="photo.jpg" alt=""><img src='https://cdn.example.com/og.jpg'><img src="javascript:alert(1)"></body></html>`);
  });
  await new Promise<void>((resolve) => page.listen(0, PAGE_HOST, resolve));
  pagePort = (page.address() as AddressInfo).port;
});
afterAll(async () => {
  page.closeAllConnections();
  await new Promise((resolve) => page.close(resolve));
  await t.close();
});

function multipart(form: FormData, token?: string, subdomain = 'acme') {
  return postForm(t.app, subdomain, '/api/v1/post/suggestion/mobile', form, token);
}

describe('imagesOfPage and suggestImagesFor', () => {
  it('lists Open Graph, twitter:image, then img tags, absolute and without repeats', () => {
    const html = '<meta property="og:image" content="/a.jpg"><meta name="twitter:image" content="b.png"><img src="/a.jpg"><img src="data:image/png;base64,xx"><img src="c.gif">';
    expect(imagesOfPage(html, 'https://news.example.org/story/1')).toEqual([
      'https://news.example.org/a.jpg',
      'https://news.example.org/story/b.png',
      'https://news.example.org/story/c.gif',
    ]);
  });

  it('reads a page served locally when its address is allow-listed', async () => {
    const images = await suggestImagesFor(`http://${PAGE_HOST}:${pagePort}/article`, { allowAddresses: [PAGE_HOST] });
    expect(images).toEqual(['https://cdn.example.com/og.jpg', `http://${PAGE_HOST}:${pagePort}/twitter.png`, `http://${PAGE_HOST}:${pagePort}/photo.jpg`]);
  });
});

describe('POST /api/v1/post/suggest-images', () => {
  it('refuses a page on a local address (the SSRF guard) with 201', async () => {
    const res = await post(t.app, 'acme', '/api/v1/post/suggest-images', { url: `http://${PAGE_HOST}:${pagePort}/article` }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'url' }] });
  });

  it.each([{ url: 'ftp://example.com/x' }, { url: 'not a url' }, {}])('refuses %j (201)', async (body) => {
    const res = await post(t.app, 'acme', '/api/v1/post/suggest-images', body, f.tokens.acmeUser);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session of the host company (401)', async () => {
    expect((await post(t.app, 'acme', '/api/v1/post/suggest-images', { url: 'https://example.com/' })).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/post/suggest-images', { url: 'https://example.com/' }, f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/post/suggestion/mobile', () => {
  it('stores text as a pending post suggested by the user, hidden from the library', async () => {
    const form = new FormData();
    form.append('content', 'Read this https://example.org/story great piece');
    const res = await multipart(form, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const body = SuggestionResponse.parse(res.json());
    expect(body.status).toBe(SUGGESTION_PENDING_STATUS);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, body.id));
    expect(row).toMatchObject({ companyId: f.acme.id, suggestedBy: f.acmeUser.id, status: SUGGESTION_PENDING_STATUS, url: 'https://example.org/story', type: PostType.URL });
    expect((await get(t.app, 'acme', `/api/v4/post/${body.id}`, f.tokens.acmeUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });

  it('accepts images with the text, decoding and re-encoding each as JPEG', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const form = new FormData();
    form.append('content', 'Our new logo');
    form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
    const res = await multipart(form, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, SuggestionResponse.parse(res.json()).id));
    const image = row?.media.images[0];
    expect(row?.type).toBe(PostType.IMAGE);
    // In the company's folder, under a random 128-bit name (finding 14).
    expect(image?.original).toMatch(new RegExp(`^/media/c/${f.acme.id}/[0-9a-f]{32}-original\\.jpg$`));
    const stored = await readFile(path.join(t.config.mediaDir, (image?.original ?? '').replace(/^\/media\//, '')));
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
  });

  it.each(['', '  \n '])('refuses images without text %j (201): the text is required', async (content) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const form = new FormData();
    form.append('content', content);
    form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'green.png');
    const res = await multipart(form, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'content' }] });
    const noText = new FormData();
    noText.append('media_url', 'https://example.com/a.jpg');
    expect((await multipart(noText, f.tokens.acmeUser)).json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'content' }] });
  });

  it('refuses a file that is not an image, an empty suggestion and a local media_url (201)', async () => {
    const junk = new FormData();
    junk.append('content', 'hello');
    junk.append('media', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    expect((await multipart(junk, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    const empty = new FormData();
    empty.append('content', '   ');
    expect((await multipart(empty, f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    const local = new FormData();
    local.append('content', 'A local picture');
    local.append('media_url', `http://${PAGE_HOST}:${pagePort}/a.jpg`);
    expect((await multipart(local, f.tokens.acmeUser)).json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'media' }] });
    const json = await post(t.app, 'acme', '/api/v1/post/suggestion/mobile', { content: 'json' }, f.tokens.acmeUser);
    expect(json.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session (401); a globex user suggests into globex only', async () => {
    const form = new FormData();
    form.append('content', 'Globex idea');
    expect((await multipart(form)).statusCode).toBe(401);
    expect((await multipart(form, f.tokens.globexUser)).statusCode).toBe(401);
    const res = await multipart(form, f.tokens.globexUser, 'globex');
    const [row] = await t.db.select().from(posts).where(eq(posts.id, SuggestionResponse.parse(res.json()).id));
    expect(row?.companyId).toBe(f.globex.id);
  });
});
