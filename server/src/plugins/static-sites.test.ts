import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildCompany } from '../test/factories.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security-headers.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await buildCompany(t.db, { subdomain: 'acme' });
  await mkdir(path.join(t.config.webDist, 'assets'), { recursive: true });
  await writeFile(path.join(t.config.webDist, 'index.html'), '<!doctype html><title>web</title>');
  await writeFile(path.join(t.config.webDist, 'assets', 'app.js'), 'console.log(1)');
  await mkdir(t.config.tabDist, { recursive: true });
  await writeFile(path.join(t.config.tabDist, 'index.html'), '<!doctype html><title>tab</title>');
  await mkdir(path.join(t.config.mediaDir, 'demo'), { recursive: true });
  await writeFile(path.join(t.config.mediaDir, 'demo', 'a.txt'), 'media');
  // Rebuilt now that the builds exist: the folders are looked at when the app is built.
  await t.app.close();
  t.app = await buildApp({ config: t.config, database: t.database, logger: false });
});
afterAll(() => t.close());

function page(url: string, accept = 'text/html') {
  return t.app.inject({ method: 'GET', url, headers: { host: 'acme.localhost:3000', accept } });
}

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

  it('serves media files', async () => {
    const res = await page('/media/demo/a.txt', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('media');
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
