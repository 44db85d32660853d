/**
 * Finding 14: media was served with no session, on any host, under guessable names. A
 * company's media is now served only on its own host and only with a session there (the
 * pb_token cookie, which <img> requests carry); uploads get random 128-bit names; what must
 * be fetched without a session is linked through a signed, expiring URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_HEADER, PostType, SuggestionResponse, UserResponse } from '@chorus/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../server/src/db/schema.ts';
import { mediaSigningKey, signMediaUrl, verifyMediaSignature } from '../../server/src/lib/media-urls.ts';
import { createTestContext, hostOf, postForm, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

/** An image request as a browser sends it: the session, if any, in the pb_token cookie. */
function image(url: string, options: { host?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { host: options.host ?? hostOf('acme'), accept: 'image/*' };
  if (options.cookie) headers.cookie = `pb_token=${options.cookie}`;
  return t.app.inject({ method: 'GET', url, headers });
}

/** Suggests a picture through the API and answers the URLs it was stored under. */
async function uploadSuggestion(): Promise<{ original: string; medium: string; thumb: string }> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const form = new FormData();
  form.append('content', 'A picture');
  form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'blue.png');
  const res = await postForm(t.app, 'acme', '/api/v1/post/suggestion/mobile', form, f.tokens.acmeUser);
  expect(res.statusCode).toBe(200);
  const id = SuggestionResponse.parse(res.json()).id;
  const row = (await t.db.select().from(posts)).find((p) => p.id === id);
  const stored = row?.media.images[0];
  if (!stored) throw new Error('the suggestion has no image');
  return stored;
}

describe('finding 14: who gets a media file', () => {
  it('serves acme’s uploads only on acme’s host, to a member', async () => {
    const { medium } = await uploadSuggestion();
    const served = await image(medium, { cookie: f.tokens.acmeUser });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');

    // No session on acme's host: 401. Globex's host, even for someone who belongs to both: not found.
    expect((await image(medium)).statusCode).toBe(401);
    expect((await image(medium, { host: hostOf('globex'), cookie: f.tokens.multiGlobex })).statusCode).toBe(404);
    expect((await image(medium, { host: hostOf('globex') })).statusCode).toBe(404);
    expect((await image(medium, { host: 'localhost:3000' })).statusCode).toBe(404);
    expect((await image(medium, { host: 'evil.example' })).statusCode).toBe(404);
    // A globex session carried to acme's host is no session there.
    expect((await image(medium, { cookie: f.tokens.globexUser })).statusCode).toBe(401);
  });

  it('serves seeded demo media and older suggestion images only on their company’s host', async () => {
    await mkdir(path.join(t.config.mediaDir, 'demo', 'acme'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'demo', 'acme', 'post-1-medium.jpg'), 'demo');
    expect((await image('/media/demo/acme/post-1-medium.jpg', { cookie: f.tokens.acmeUser })).statusCode).toBe(200);
    expect((await image('/media/demo/acme/post-1-medium.jpg', { host: hostOf('globex'), cookie: f.tokens.multiGlobex })).statusCode).toBe(404);

    // Suggestion images stored before names were per company belong to the company whose post shows them.
    await mkdir(path.join(t.config.mediaDir, 'suggestions'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'suggestions', 'old-medium.jpg'), 'old');
    const url = '/media/suggestions/old-medium.jpg';
    expect((await image(url, { cookie: f.tokens.acmeUser })).statusCode).toBe(404);
    await buildPost(t.db, f.acme, { type: PostType.IMAGE, media: { images: [{ original: '/media/suggestions/old-original.jpg', medium: url, thumb: '/media/suggestions/old-thumb.jpg' }], videos: [] } });
    expect((await image(url, { cookie: f.tokens.acmeUser })).statusCode).toBe(200);
    expect((await image(url, { host: hostOf('globex'), cookie: f.tokens.multiGlobex })).statusCode).toBe(404);
  });

  it('serves the company’s branding images on its host without a session (the sign-in page shows them)', async () => {
    await mkdir(path.join(t.config.mediaDir, 'demo', 'initech'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'demo', 'initech', 'logo.png'), 'logo');
    await writeFile(path.join(t.config.mediaDir, 'demo', 'initech', 'post-2-medium.jpg'), 'post');
    await buildCompany(t.db, { subdomain: 'initech', logo: '/media/demo/initech/logo.png' });
    const res = await image('/media/demo/initech/logo.png', { host: hostOf('initech') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // Only the branding: the company's other media still needs a session, and other hosts get nothing.
    expect((await image('/media/demo/initech/post-2-medium.jpg', { host: hostOf('initech') })).statusCode).toBe(401);
    expect((await image('/media/demo/initech/logo.png')).statusCode).toBe(404);
  });

  it('refuses paths that leave a company folder', async () => {
    for (const url of ['/media/c/../c/1/x.jpg', '/media/demo/acme/../globex/logo.png', '/media/c/%2e%2e/x.jpg']) {
      expect([400, 404]).toContain((await image(url, { cookie: f.tokens.acmeUser })).statusCode);
    }
  });
});

describe('finding 14: upload names', () => {
  it('names suggestion images with 128 random bits in the company folder, a new name each time', async () => {
    const first = await uploadSuggestion();
    const second = await uploadSuggestion();
    const name = new RegExp(`^/media/c/${f.acme.id}/([0-9a-f]{32})-(original|medium|thumb)\\.jpg$`);
    for (const url of [first.original, first.medium, first.thumb, second.original]) expect(url).toMatch(name);
    expect(name.exec(first.original)?.[1]).not.toBe(name.exec(second.original)?.[1]);
  });

  it('versions avatars with 128 random bits instead of the upload time', async () => {
    const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#aa3355' } }).png().toBuffer();
    const boundary = '----chorusfinding14';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${f.acmeUser.id}/picture`,
      headers: { host: hostOf('acme'), 'content-type': `multipart/form-data; boundary=${boundary}`, [AUTH_HEADER]: f.tokens.acmeUser },
      payload,
    });
    const avatar = UserResponse.parse(res.json()).picture_images.avatar ?? '';
    expect(avatar).toMatch(new RegExp(`^/api/v1/user/${f.acmeUser.id}/avatar\\?original=1&v=[0-9a-f]{32}$`));
    expect(avatar).not.toMatch(/v=\d+$/);
  });
});

describe('finding 14: signed URLs', () => {
  it('serves a signed URL without a session, on any host, until it expires', async () => {
    const { medium } = await uploadSuggestion();
    const key = mediaSigningKey(t.config);
    const signed = signMediaUrl(key, medium, new Date(Date.now() + 60 * 60 * 1000));
    for (const host of [hostOf('acme'), hostOf('globex'), 'teams-proxy.example']) {
      const res = await image(signed, { host });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
    // After its expiry the same signature is refused.
    const expires = Number(new URL(signed, 'http://x').searchParams.get('exp'));
    const sig = new URL(signed, 'http://x').searchParams.get('sig');
    expect(verifyMediaSignature(key, medium, String(expires), sig, expires * 1000 - 1)).toBe(true);
    expect(verifyMediaSignature(key, medium, String(expires), sig, expires * 1000)).toBe(false);
  });

  it('refuses an expired or tampered signed URL', async () => {
    const { medium, thumb } = await uploadSuggestion();
    const key = mediaSigningKey(t.config);
    const expired = signMediaUrl(key, medium, new Date(Date.now() - 1000));
    expect((await image(expired, { host: hostOf('globex') })).statusCode).toBe(404);

    const good = new URL(signMediaUrl(key, medium, new Date(Date.now() + 60 * 60 * 1000)), 'http://x');
    const exp = good.searchParams.get('exp') ?? '';
    const sig = good.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${medium}?exp=${exp}&sig=${flipped}`,
      `${medium}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${thumb}?exp=${exp}&sig=${sig}`,
      `${medium}?exp=${exp}`,
      `${medium}?sig=${sig}`,
    ];
    for (const url of tampered) expect((await image(url, { host: hostOf('globex') })).statusCode).toBe(404);
    // Another server's key signs nothing here.
    const foreign = signMediaUrl(Buffer.alloc(32, 7), medium, new Date(Date.now() + 60 * 60 * 1000));
    expect((await image(foreign, { host: hostOf('globex') })).statusCode).toBe(404);
  });

  it('derives the signing key from CHORUS_SECRET_KEY: the same for every process with that key, another for another key', async () => {
    const key = mediaSigningKey(t.config);
    expect(key).toHaveLength(32);
    const secret = randomBytes(32);
    const one = { ...t.config, secretKeys: { current: secret, previous: [] } };
    const two = { ...t.config, secretKeys: { current: Buffer.from(secret), previous: [] } };
    const other = { ...t.config, secretKeys: { current: randomBytes(32), previous: [] } };
    expect(mediaSigningKey(one).equals(mediaSigningKey(two))).toBe(true);
    expect(mediaSigningKey(one).equals(mediaSigningKey(other))).toBe(false);
    expect(mediaSigningKey(one).equals(secret)).toBe(false);
  });
});
