import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../test/factories.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security-headers.ts';
import { IMMUTABLE, REVALIDATE } from './static-sites.ts';
import { PAGE_COPIES_DIR, PAGE_COPIES_FILE, type PageCopiesManifest } from '@chorus/core';

const INDEX = '<!doctype html><title>web</title>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(2000))})`;

/** A build's text file with the copies the build's precompress step writes beside it. */
async function writePrecompressed(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

let t: TestContext;
let member: string;

beforeAll(async () => {
  t = await createTestContext();
  const acme = await buildCompany(t.db, { subdomain: 'acme' });
  member = await sessionFor(t.db, await buildUser(t.db, [{ company: acme }]));
  await mkdir(path.join(t.config.webDist, 'assets'), { recursive: true });
  await writePrecompressed(path.join(t.config.webDist, 'index.html'), INDEX);
  await writePrecompressed(path.join(t.config.webDist, 'assets', 'app.js'), APP_JS);
  // A file the build left uncompressed (too small, or an image).
  await writeFile(path.join(t.config.webDist, 'assets', 'small.js'), 'console.log(1)');
  await mkdir(path.join(t.config.tabDist, 'assets'), { recursive: true });
  await writePrecompressed(path.join(t.config.tabDist, 'assets', 'tab.js'), APP_JS);
  await writeFile(path.join(t.config.tabDist, 'index.html'), '<!doctype html><title>tab</title>');
  await mkdir(path.join(t.config.mediaDir, 'demo', 'acme'), { recursive: true });
  await writeFile(path.join(t.config.mediaDir, 'demo', 'acme', 'a.txt'), 'media');
  // Rebuilt now that the builds exist: the folders are looked at when the app is built.
  await t.app.close();
  t.app = await buildApp({ config: t.config, database: t.database, logger: false });
});
afterAll(() => t.close());

function page(url: string, accept = 'text/html', acceptEncoding?: string) {
  const headers: Record<string, string> = { host: 'acme.localhost:3000', accept };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return t.app.inject({ method: 'GET', url, headers });
}

describe('compression and caching of the builds', () => {
  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate, br;q=0', 'gzip', gunzipSync],
    ['gzip;q=0.5, br;q=0.9', 'br', brotliDecompressSync],
    ['*', 'gzip', gunzipSync],
  ])('sends the precompressed copy for Accept-Encoding "%s" (%s)', async (acceptEncoding, encoding, decompress) => {
    for (const url of ['/assets/app.js', '/tab/assets/tab.js']) {
      const res = await page(url, '*/*', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decompress(res.rawPayload).toString()).toBe(APP_JS);
    }
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await page('/assets/app.js', '*/*', acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(APP_JS);
    }
  });

  it('never compresses at request time: a file without copies goes out as it is', async () => {
    const res = await page('/assets/small.js', '*/*', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('does not serve the compressed copies under their own names', async () => {
    expect((await page('/assets/app.js.br', 'application/octet-stream')).statusCode).toBe(404);
  });

  it('lets browsers keep hashed files for a year, unasked', async () => {
    for (const [url, acceptEncoding] of [['/assets/app.js', 'br'], ['/assets/app.js', undefined], ['/assets/small.js', 'gzip'], ['/tab/assets/tab.js', 'gzip']] as const) {
      expect((await page(url, '*/*', acceptEncoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/topic/12', '/post/5'])('has %s revalidated on every use, compressed as accepted', async (url) => {
    const plain = await page(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
    const brotli = await page(url, 'text/html', 'gzip, deflate, br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(INDEX);
    const gzip = await page(url, 'text/html', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
  });
});

describe('static hosting', () => {
  it('serves the web app at / and its assets', async () => {
    expect((await page('/')).body).toContain('<title>web</title>');
    const asset = await page('/assets/app.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it.each(['/topic/12', '/settings?type_id=1', '/post/5'])('falls back to the web index for %s', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>web</title>');
  });

  it.each(['/tab', '/tab/', '/tab/post/5'])('serves the tab index for %s', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>tab</title>');
  });

  it('serves the company’s media files to its members (finding 14: not to anyone)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/demo/acme/a.txt', headers: { host: 'acme.localhost:3000', accept: '*/*', cookie: `pb_token=${member}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('media');
    expect((await page('/media/demo/acme/a.txt', '*/*')).statusCode).toBe(401);
  });

  it.each(['/api/v9/nothing', '/media/missing.jpg'])('answers unknown %s with a JSON 404, not the app', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 404 });
  });

  it('does not answer non-HTML requests with the app', async () => {
    expect((await page('/some/file.json', 'application/json')).statusCode).toBe(404);
  });

  it('sends the security headers, allowing Teams to frame the app', async () => {
    const res = await page('/');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(false));
    expect(contentSecurityPolicy(false)).toContain("frame-src 'self' https: http://127.0.0.1:* http://localhost:*");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-src 'self' https:;");
    expect(CONTENT_SECURITY_POLICY).toContain(
      "frame-ancestors 'self' https://teams.microsoft.com https://*.teams.microsoft.com https://*.cloud.microsoft https://*.office.com",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('page copies that name a page’s lazily loaded code', () => {
  const SIGN_IN = '<!doctype html><title>web</title><link rel="modulepreload" crossorigin href="/assets/sign-in.js">';
  const LIBRARY = '<!doctype html><title>web</title><link rel="modulepreload" crossorigin href="/assets/library.js">';
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dist: string;

  function pageOf(url: string, acceptEncoding?: string) {
    const headers: Record<string, string> = { host: 'acme.localhost:3000', accept: 'text/html' };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    return app.inject({ method: 'GET', url, headers });
  }

  beforeAll(async () => {
    dist = path.join(t.dir, 'web-with-copies');
    await mkdir(path.join(dist, PAGE_COPIES_DIR), { recursive: true });
    await writePrecompressed(path.join(dist, 'index.html'), INDEX);
    await writePrecompressed(path.join(dist, PAGE_COPIES_DIR, 'sign-in.html'), SIGN_IN);
    await writePrecompressed(path.join(dist, PAGE_COPIES_DIR, 'library.html'), LIBRARY);
    const manifest: PageCopiesManifest = {
      pages: [
        { paths: ['/sign-in', '/error'], file: `${PAGE_COPIES_DIR}/sign-in.html` },
        { paths: ['/topic', '/search'], file: `${PAGE_COPIES_DIR}/library.html` },
        // Listed, but the build did not write it: the server falls back to index.html.
        { paths: ['/settings'], file: `${PAGE_COPIES_DIR}/settings.html` },
      ],
    };
    await writeFile(path.join(dist, PAGE_COPIES_FILE), JSON.stringify(manifest));
    app = await buildApp({ config: { ...t.config, webDist: dist }, database: t.database, logger: false });
  });
  afterAll(() => app.close());

  it.each([
    ['/sign-in', SIGN_IN],
    ['/sign-in/email?next=%2Ftopic%2F1', SIGN_IN],
    ['/error?code=1', SIGN_IN],
    ['/topic/12', LIBRARY],
    ['/search?query=topic', LIBRARY],
    ['/', INDEX],
    ['/topics', INDEX],
    ['/sign-in-embed', INDEX],
    ['/settings', INDEX],
    ['/feed', INDEX],
  ])('sends %s the page that names its code', async (url, expected) => {
    const plain = await pageOf(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    expect(plain.headers['content-type']).toContain('text/html');
    expect(plain.body).toBe(expected);
    const brotli = await pageOf(url, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(expected);
  });

  it('sends index.html for every path when the list does not parse', async () => {
    await writeFile(path.join(dist, PAGE_COPIES_FILE), JSON.stringify({ pages: [{ paths: ['/sign-in'], file: '../../etc/passwd' }] }));
    try {
      expect((await pageOf('/sign-in')).body).toBe(INDEX);
      await writeFile(path.join(dist, PAGE_COPIES_FILE), '{');
      expect((await pageOf('/sign-in')).body).toBe(INDEX);
    } finally {
      await writeFile(path.join(dist, PAGE_COPIES_FILE), JSON.stringify({ pages: [{ paths: ['/sign-in'], file: `${PAGE_COPIES_DIR}/sign-in.html` }] }));
    }
    // A rebuild shows without a restart.
    expect((await pageOf('/sign-in')).body).toBe(SIGN_IN);
  });

  it('does not serve the list or the copies under their own names', async () => {
    for (const url of [`/${PAGE_COPIES_FILE}`, `/${PAGE_COPIES_DIR}/sign-in.html`]) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'acme.localhost:3000', accept: '*/*' } });
      expect(res.body).not.toBe(SIGN_IN);
      expect(res.body).not.toContain('"pages"');
    }
  });
});

describe('static hosting without builds', () => {
  it('answers 503 with how to build, for the web app and the tab', async () => {
    const app = await buildApp({ config: { ...t.config, webDist: path.join(t.dir, 'none'), tabDist: path.join(t.dir, 'none') }, database: t.database, logger: false });
    for (const url of ['/', '/feed', '/tab/']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'acme.localhost', accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    }
    await app.close();
  });
});
