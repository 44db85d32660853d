/**
 * Media in an S3-compatible bucket: the store's own operations against a local server that
 * speaks the S3 wire protocol (signed requests, path-style), then the app writing an upload
 * there and serving it back through /media with the same access rules as the local folder,
 * and a share reading the post's image from the bucket.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ShareResponse } from '@chorus/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFor } from '../../server/src/commands/share-now.ts';
import { storeImage } from '../../server/src/commands/suggest-content.ts';
import { sandboxPosts, shares } from '../../server/src/db/schema.ts';
import { S3MediaStore, createMediaStore } from '../../server/src/lib/media-store.ts';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { linkNetwork } from '../../server/src/test/social-links.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3.ts';

let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

function store(overrides: { secretAccessKey?: string; prefix?: string; bucket?: string } = {}): S3MediaStore {
  return new S3MediaStore({
    bucket: overrides.bucket ?? s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: overrides.secretAccessKey ?? s3.secretAccessKey },
    prefix: overrides.prefix ?? '',
  });
}

async function text(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3MediaStore against an S3-compatible server', () => {
  it('puts, heads, gets and deletes an object (path-style, signed)', async () => {
    const bucket = store();
    await bucket.put('demo/acme/logo.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(s3.objects.get('demo/acme/logo.svg')).toEqual({ body: Buffer.from('<svg/>'), contentType: 'image/svg+xml' });
    expect(await bucket.has('demo/acme/logo.svg')).toBe(true);
    expect(await bucket.head('demo/acme/logo.svg')).toEqual({ size: 6, contentType: 'image/svg+xml' });
    const object = await bucket.get('demo/acme/logo.svg');
    expect(object).toMatchObject({ contentType: 'image/svg+xml', size: 6 });
    expect(await text(object?.body ?? process.stdin)).toBe('<svg/>');
    await bucket.delete('demo/acme/logo.svg');
    expect(await bucket.has('demo/acme/logo.svg')).toBe(false);
    expect(await bucket.head('demo/acme/logo.svg')).toBeNull();
    expect(await bucket.get('demo/acme/logo.svg')).toBeNull();
    bucket.close();
  });

  it('keys under the configured prefix', async () => {
    const bucket = store({ prefix: 'tenant-a/' });
    await bucket.put('c/1/x.jpg', Buffer.from('x'), 'image/jpeg');
    expect([...s3.objects.keys()]).toContain('tenant-a/c/1/x.jpg');
    bucket.close();
  });

  it('fails loudly with a wrong secret or an unknown bucket, never as a missing file', async () => {
    const wrong = store({ secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('c/1/y.jpg', Buffer.from('y'), 'image/jpeg')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrong.has('c/1/x.jpg')).rejects.toThrow();
    wrong.close();
    const missing = store({ bucket: 'no-such-bucket' });
    await expect(missing.put('c/1/z.jpg', Buffer.from('z'), 'image/jpeg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    missing.close();
  });

  it('refuses keys that climb out of the media tree', async () => {
    const bucket = store();
    await expect(bucket.put('../secret', Buffer.from('s'), 'text/plain')).rejects.toThrow('not a media key');
    await expect(bucket.get('c//x')).rejects.toThrow('not a media key');
    bucket.close();
  });
});

describe('the app with media in the bucket', () => {
  let t: TestContext;
  let f: Tenants;

  beforeAll(async () => {
    t = await createTestContext({
      env: {
        CHORUS_S3_BUCKET: s3.bucket,
        CHORUS_S3_ENDPOINT: s3.endpoint,
        CHORUS_S3_FORCE_PATH_STYLE: 'on',
        CHORUS_S3_ACCESS_KEY_ID: s3.accessKeyId,
        CHORUS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    f = await buildTenants(t.db);
  });
  afterAll(() => t.close());

  it('is configured from the environment', () => {
    expect(createMediaStore(t.config).kind).toBe('s3');
    expect(t.config.mediaStore).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', prefix: '' });
  });

  it('writes an uploaded image to the bucket and serves it to the company only', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = await storeImage(createMediaStore(t.config), f.acme.id, png);
    const key = image.medium.replace(/^\/media\//, '');
    expect(s3.objects.get(key)?.contentType).toBe('image/jpeg');
    expect(await t.app.inject({ method: 'GET', url: image.medium, headers: { host: 'acme.localhost:3000' } })).toMatchObject({ statusCode: 401 });

    const served = await get(t.app, 'acme', image.medium, f.tokens.acmeUser);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect(served.rawPayload.equals(s3.objects.get(key)?.body ?? Buffer.alloc(0))).toBe(true);
    // Another company's host does not serve it.
    expect((await get(t.app, 'globex', image.medium, f.tokens.globexUser)).statusCode).toBe(404);
  });

  it('answers 404 for a file the bucket does not have', async () => {
    const res = await get(t.app, 'acme', `/media/c/${f.acme.id}/0123456789abcdef0123456789abcdef-medium.jpg`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
  });

  it("reads a share's image from the bucket, not the local media folder", async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#993366' } }).png().toBuffer();
    const image = await storeImage(t.app.chorus.media, f.acme.id, png);
    const key = image.original.replace(/^\/media\//, '');
    expect(existsSync(path.join(t.config.mediaDir, key))).toBe(false);
    const row = await buildPost(t.db, f.acme, { media: { images: [image], videos: [] } });

    const media = await mediaFor({ config: t.config, media: t.app.chorus.media }, f.acme, row);
    expect(media.video).toBeNull();
    expect(media.images).toHaveLength(1);
    const [shared] = media.images;
    const stored = s3.objects.get(key)?.body ?? Buffer.alloc(0);
    expect(shared).toMatchObject({ path: image.original, mimeType: 'image/jpeg', size: stored.byteLength });
    expect((await shared?.read())?.equals(stored)).toBe(true);

    // Shared now, the image goes with the post (the sandbox wall keeps what was published).
    const user = await buildUser(t.db, [{ company: f.acme, role: 3 }]);
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const res = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'From the bucket', channel_id: 9 }, await sessionFor(t.db, user, f.acme));
    expect(ShareResponse.parse(res.json()).share?.state).toBe('published');
    // (drizzle's operators are the server's; the root tests filter rows here.)
    const share = (await t.db.select().from(shares)).find((s) => s.postId === row.id);
    const wall = (await t.db.select().from(sandboxPosts)).find((w) => w.shareId === share?.id);
    expect(wall?.media).toEqual([{ kind: 'image', url: image.original, mimeType: 'image/jpeg' }]);
  });
});
