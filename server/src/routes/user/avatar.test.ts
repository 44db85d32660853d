import { AUTH_HEADER, AVATAR_MAX_BYTES, ErrorCode, UserResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAvatars, users, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

/** A multipart body with one file part. */
function multipart(field: string, fileName: string, mime: string, bytes: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----chorus${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(app: FastifyInstance, userId: number, file: { field?: string; name: string; mime: string; bytes: Buffer }, token?: string, subdomain = 'acme') {
  const body = multipart(file.field ?? 'picture', file.name, file.mime, file.bytes);
  const headers: Record<string, string> = { host: hostOf(subdomain), 'content-type': body.contentType };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'POST', url: `/api/v1/user/${userId}/picture`, headers, payload: body.payload });
}

function remove(app: FastifyInstance, userId: number, token?: string) {
  const headers: Record<string, string> = { host: hostOf('acme') };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'DELETE', url: `/api/v1/user/${userId}/picture`, headers });
}

/** A solid-colour picture of the given size. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

async function freshUser(): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(t.db, [{ company: f.acme }]);
  return { user, token: await sessionFor(t.db, user) };
}

async function storedAvatar(userId: number) {
  const [row] = await t.db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row;
}

describe('POST /api/v1/user/{id}/picture', () => {
  it('stores a re-encoded JPEG, points picture_images.avatar at it and serves it to colleagues', async () => {
    const { user, token } = await freshUser();
    const res = await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(300, 400) }, token);
    expect(res.statusCode).toBe(200);
    const presented = UserResponse.parse(res.json());
    // The version is a random 128-bit name, so the URL cannot be guessed (finding 14).
    expect(presented.picture_images.avatar).toMatch(new RegExp(`^/api/v1/user/${user.id}/avatar\\?original=1&v=[0-9a-f]{32}$`));

    const served = await get(t.app, 'acme', presented.picture_images.avatar ?? '', f.tokens.acmeUser);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 400]);
  });

  it('gives a new version on each upload, so caches never show the old picture', async () => {
    const { user, token } = await freshUser();
    const first = UserResponse.parse((await upload(t.app, user.id, { name: 'a.jpg', mime: 'image/jpeg', bytes: await picture(200, 200, 'jpeg') }, token)).json());
    const second = UserResponse.parse((await upload(t.app, user.id, { name: 'b.jpeg', mime: 'image/jpeg', bytes: await picture(250, 250, 'jpeg') }, token)).json());
    expect(second.picture_images.avatar).not.toBe(first.picture_images.avatar);
    expect((await storedAvatar(user.id))?.width).toBe(250);
  });

  it('strips EXIF metadata and applies the orientation', async () => {
    const { user, token } = await freshUser();
    const withExif = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Hidden', ImageDescription: 'home address' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withExif).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.exif?.toString('latin1')).toContain('Secret Owner');

    const res = await upload(t.app, user.id, { name: 'photo.JPG', mime: 'image/jpeg', bytes: withExif }, token);
    expect(res.statusCode).toBe(200);
    const stored = await storedAvatar(user.id);
    expect(stored).toBeDefined();
    const image = stored?.image ?? Buffer.alloc(0);
    const meta = await sharp(image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image.toString('latin1')).not.toContain('Secret Owner');
    expect(image.toString('latin1')).not.toContain('Exif');
    // Orientation 6 turns the 200x300 picture a quarter: it is stored upright, 300x200.
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it.each([
    ['a GIF', 'me.gif', 'image/gif', () => picture(200, 200, 'gif')],
    ['a WebP named .png', 'me.png', 'image/png', () => picture(200, 200, 'webp')],
    ['text named .jpg', 'me.jpg', 'image/jpeg', () => Promise.resolve(Buffer.from('not an image at all'))],
    ['a PNG sent as a PDF', 'me.pdf', 'application/pdf', () => picture(200, 200)],
  ])('refuses %s with 480', async (_label, name, mime, bytes) => {
    const { user, token } = await freshUser();
    const res = await upload(t.app, user.id, { name, mime, bytes: await bytes() }, token);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: ErrorCode.AVATAR_TYPE, message: 'That file type is not supported. Please use a .jpg or .png' });
    expect(await storedAvatar(user.id)).toBeUndefined();
  });

  it('refuses a file over 4 MB with 481', async () => {
    const { user, token } = await freshUser();
    // Random pixels do not compress: 1300x1300x3 bytes of noise make a PNG over 4 MB.
    const noise = Buffer.alloc(1300 * 1300 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(Math.random() * 256);
    const big = await sharp(noise, { raw: { width: 1300, height: 1300, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(AVATAR_MAX_BYTES);
    const res = await upload(t.app, user.id, { name: 'big.png', mime: 'image/png', bytes: big }, token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ErrorCode.AVATAR_TOO_LARGE, message: 'That file is too large, do not use a file larger than 4 Megabytes' });
    expect(await storedAvatar(user.id)).toBeUndefined();
  });

  it.each([
    ['too small', 149, 200],
    ['too short', 200, 149],
    ['too wide', 601, 400],
    ['too tall', 400, 801],
  ])('refuses a picture %s with 482', async (_label, width, height) => {
    const { user, token } = await freshUser();
    const res = await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(width, height) }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: ErrorCode.AVATAR_DIMENSIONS, message: "That image size isn't supported. Please use an image between 150x150 and 600x800 pixels." });
    expect(await storedAvatar(user.id)).toBeUndefined();
  });

  it.each([
    [150, 150],
    [600, 800],
  ])('accepts the bounds, %dx%d', async (width, height) => {
    const { user, token } = await freshUser();
    const res = await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(width, height) }, token);
    expect(res.statusCode).toBe(200);
  });

  it('refuses an upload without a picture field with 201', async () => {
    const { user, token } = await freshUser();
    const res = await upload(t.app, user.id, { field: 'photo', name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('lets nobody set another member’s picture', async () => {
    const res = await upload(t.app, f.acmeUser.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(403);
    expect(await storedAvatar(f.acmeUser.id)).toBeUndefined();
  });

  it('refuses a user of another company', async () => {
    const res = await upload(t.app, f.acmeUser.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    const own = await upload(t.app, f.globexUser.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, f.tokens.globexUser);
    expect(own.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const res = await upload(t.app, f.acmeUser.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/{id}/avatar and DELETE /api/v1/user/{id}/picture', () => {
  it('serves only to members of the same company, and the cookie session works for <img>', async () => {
    const { user, token } = await freshUser();
    const url = UserResponse.parse((await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, token)).json()).picture_images.avatar ?? '';
    const byCookie = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('acme'), cookie: `pb_token=${f.tokens.acmeAdmin}` } });
    expect(byCookie.statusCode).toBe(200);
    expect((await get(t.app, 'acme', url)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', url, f.tokens.globexUser)).statusCode).toBe(401);
    // multi belongs to both companies, but on globex's host acme-only people are not found.
    expect((await get(t.app, 'globex', url, f.tokens.multiGlobex)).statusCode).toBe(404);
  });

  it('answers 404 for a member without a picture', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.acmeAdmin.id}/avatar?original=1`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
  });

  it('removes the picture', async () => {
    const { user, token } = await freshUser();
    const url = UserResponse.parse((await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, token)).json()).picture_images.avatar ?? '';
    const res = await remove(t.app, user.id, token);
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).picture_images.avatar).toBeNull();
    expect(await storedAvatar(user.id)).toBeUndefined();
    const [row] = await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
    expect(row?.avatar).toBeNull();
    expect((await get(t.app, 'acme', url, token)).statusCode).toBe(404);
  });

  it('lets nobody remove another member’s picture, nor another company', async () => {
    const { user, token } = await freshUser();
    await upload(t.app, user.id, { name: 'me.png', mime: 'image/png', bytes: await picture(200, 200) }, token);
    expect((await remove(t.app, user.id, f.tokens.acmeAdmin)).statusCode).toBe(403);
    expect((await remove(t.app, user.id, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await remove(t.app, user.id)).statusCode).toBe(401);
    expect(await storedAvatar(user.id)).toBeDefined();
  });
});
