import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ErrorCode, SUGGESTION_PENDING_STATUS } from '@chorus/core';
import { expect, test } from './support/fixtures.ts';
import { wcagViolations } from './support/axe.ts';
import { expectFeed } from './support/sign-in.ts';
import { signInFreshUser, signUpFreshUser, skipOnboarding } from './support/fresh-user.ts';

async function freshMemberOnFeed(page: Page, baseURL: string | undefined, prefix: string): Promise<void> {
  const user = await signUpFreshUser(baseURL ?? '', prefix);
  await signInFreshUser(page, user);
  await skipOnboarding(page);
  await expectFeed(page);
}

test('suggest content from the top bar: submit waits for text, even with an image, then thanks, then suggest more', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'suggester');
  await page.getByRole('banner').getByRole('button', { name: 'Suggest content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest content' });
  const text = dialog.getByRole('textbox', { name: 'What would you like to share with the team?' });
  const send = dialog.getByRole('button', { name: 'Send suggestion' });
  await expect(send).toBeDisabled();
  await text.fill('   ');
  await expect(send).toBeDisabled();
  // An image does not stand in for the text (spec: disabled while the text is empty).
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('button', { name: 'Remove office.png' })).toBeVisible();
  await expect(send).toBeDisabled();
  expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

  await text.fill('Our new office opened today: worth a post!');
  await expect(send).toBeEnabled();
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/post/suggestion/mobile')), send.click()]);
  expect(response.status()).toBe(200);
  await expect(dialog.getByRole('status')).toHaveText('Thanks! Your suggestion was sent for review.');
  await dialog.getByRole('button', { name: 'Suggest more' }).click();
  await expect(dialog.getByRole('textbox', { name: 'What would you like to share with the team?' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
});

/**
 * A news page served on 127.0.0.2, the one non-public address the suite's server may fetch
 * (CHORUS_FETCH_ALLOW_ADDRESSES in playwright.config.ts): an article with an Open Graph image
 * and an inline photo. It notes who asked for what, to tell the server's fetches apart.
 */
async function startNewsPage(): Promise<{ server: Server; origin: string; requests: { path: string; browser: boolean }[] }> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
  const requests: { path: string; browser: boolean }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, browser: /Chrome/.test(request.headers['user-agent'] ?? '') });
    if (path === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><head><meta property="og:image" content="/cover.png"><title>Launch</title></head><body><img src="/photo.png"></body></html>');
    } else if (path === '/cover.png' || path === '/photo.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(png);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { server, origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, requests };
}

test('a pasted link offers its page’s images, and the chosen one goes with the suggestion', async ({ page, baseURL, context }) => {
  const news = await startNewsPage();
  try {
    await freshMemberOnFeed(page, baseURL, 'linker');
    await page.getByRole('banner').getByRole('button', { name: 'Suggest content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest content' });
    const text = dialog.getByRole('textbox', { name: 'What would you like to share with the team?' });
    const link = `${news.origin}/article`;

    // A real paste: the link goes through the clipboard into the text box.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((value) => navigator.clipboard.writeText(value), `Worth a read: ${link}`);
    await text.focus();
    const [looked] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/post/suggest-images')),
      page.keyboard.press('ControlOrMeta+V'),
    ]);
    expect(looked.status()).toBe(200);
    const offered = (await looked.json()) as { images: string[]; previews: string[] };
    expect(offered.images).toEqual([`${news.origin}/cover.png`, `${news.origin}/photo.png`]);
    expect(offered.previews).toEqual([expect.stringMatching(/^\/media\/link-image\?url=/), expect.stringMatching(/^\/media\/link-image\?url=/)]);
    await expect(text).toHaveValue(`Worth a read: ${link}`);

    const images = dialog.getByRole('group', { name: 'Images from the link' });
    // The page is served over http, which the CSP refuses for images: the previews come from
    // our own origin (the media route reads them), and they really load.
    const thumbs = images.locator('img');
    await expect(thumbs).toHaveCount(2);
    for (const thumb of await thumbs.all()) {
      await expect(thumb).toHaveAttribute('src', /^\/media\/link-image\?url=/);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    }
    expect(news.requests.filter((r) => r.browser)).toEqual([]);
    const second = images.getByRole('button', { name: 'Use image 2 from the link' });
    await expect(images.getByRole('button', { name: 'Use image 1 from the link' })).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(await wcagViolations(page, '[role="dialog"]')).toEqual([]);

    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/post/suggestion/mobile')),
      dialog.getByRole('button', { name: 'Send suggestion' }).click(),
    ]);
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toMatchObject({ status: SUGGESTION_PENDING_STATUS });
    await expect(dialog.getByRole('status')).toHaveText('Thanks! Your suggestion was sent for review.');
    // The server itself read the article, the two previews and then the chosen image; the browser asked the site for nothing.
    expect(news.requests.filter((r) => r.browser)).toEqual([]);
    expect(news.requests.map((r) => r.path).sort()).toEqual(['/article', '/cover.png', '/photo.png', '/photo.png']);
  } finally {
    await new Promise((resolve) => news.server.close(resolve));
  }
});

test('a link to a local address is refused by the SSRF guard, and the form says it cannot be read', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'prober');
  await page.getByRole('banner').getByRole('button', { name: 'Suggest content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest content' });
  const text = dialog.getByRole('textbox', { name: 'What would you like to share with the team?' });
  await text.focus();
  // The suite's own server on 127.0.0.1 is not on the allow-list.
  const internal = `http://127.0.0.1:${new URL(baseURL ?? '').port}/health`;
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/post/suggest-images')),
    page.evaluate((value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, internal),
  ]);
  // The guard's answer: a validation failure (201) on the url, never the page's content.
  expect(refused.request().postDataJSON()).toEqual({ url: internal });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'url' }] });
  const group = dialog.getByRole('group', { name: 'Images from the link' });
  await expect(group).toContainText("That link can't be read, so it offers no images.");
  await expect(group).not.toContainText('No images found on that page.');
});

test('/atom shows the suggest overlay over the feed and Escape closes it', async ({ page, baseURL }) => {
  await freshMemberOnFeed(page, baseURL, 'atom');
  await page.goto('/atom');
  const dialog = page.getByRole('dialog', { name: 'Suggest content' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send suggestion' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('/atom needs a session', async ({ page }) => {
  await page.goto('/atom');
  await expect(page).toHaveURL(/\/sign-in/);
});
