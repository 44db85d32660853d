/**
 * Chorus as an installable web app (issue 53): each company's manifest and icon, the service
 * worker at the root, and the app opening offline from the worker's shell with a clear offline
 * state, then coming back when the connection does. The rest of the suite runs without the
 * worker (playwright.config.ts): this spec lets it run.
 */
import { request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACME_USER_STATE, companyOrigin } from './support/demo.ts';
import { expectFeed } from './support/sign-in.ts';

test.use({ serviceWorkers: 'allow' });

/** Requests to a company's site: Node does not resolve `*.localhost`, so the Host header picks the company. */
async function site(baseURL: string | undefined, subdomain: string) {
  const origin = new URL(companyOrigin(baseURL, subdomain));
  return request.newContext({ baseURL: `http://127.0.0.1:${origin.port}`, extraHTTPHeaders: { Host: origin.host } });
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('each company has a manifest and icons a browser can install from', async ({ page, baseURL }) => {
  await page.goto('/sign-in');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const acme = await site(baseURL, 'acme');
  const manifest = await acme.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(body).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(body.name).toMatch(/Acme/);
  expect(body.short_name.length).toBeLessThanOrEqual(12);
  expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const [src, size] of [['/app-icon/192.png', 192], ['/app-icon/512.png', 512], ['/app-icon/180.png', 180]] as const) {
    const icon = await acme.get(src);
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(pngSize(await icon.body())).toEqual({ width: size, height: size });
  }
  expect((await acme.get('/app-icon/64.png')).status()).toBe(400);
  await acme.dispose();
  const globex = await site(baseURL, 'globex');
  expect(((await (await globex.get('/manifest.webmanifest')).json()) as { name: string }).name).toMatch(/Globex/);
  await globex.dispose();
});

test.describe('signed in', () => {
  test.use({ storageState: ACME_USER_STATE });

  test('opens offline from the service worker and says so, then comes back', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await expectFeed(page);
    // The worker installs (keeping the shell) and takes the page over.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the service worker controls the page', timeout: 30_000 }).toBe(true);
    const acme = await site(baseURL, 'acme');
    expect((await acme.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
    await acme.dispose();

    await context.setOffline(true);
    await page.reload();
    const offline = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(offline).toBeVisible();
    await expect(offline).toContainText('carries on by itself when it is back.');

    // Back online, the page carries on where it waited: no reload needed.
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await expectFeed(page);
  });
});
