/**
 * Native video (type 7 with native_video_enabled): the share answers 669 while the network
 * processes the video, and the poll job (pg-boss, worker role) moves it to published with its
 * events. The app runs as the API role does, sending jobs to a worker in this process.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, PostType, ShareResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { events, posts, sandboxPosts, shares } from '../../db/schema.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { createTestContext, post, type TestContext } from '../../test/app.ts';
import { buildPost } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;
let runner: JobRunner;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  runner = await startJobRunner({ database: t.database, config: t.config, work: true, notifier: null, log: t.app.log });
  app = await buildApp({ logger: false, config: t.config, database: t.database, jobs: runner });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runner.stop();
  await t.close();
});

/** Waits for the share to leave `publishing` (the job's work), up to 20 s. */
async function settled(shareId: number) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await t.db.select().from(shares).where(eq(shares.id, shareId));
    if (row && row.state !== 'publishing') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`share ${shareId} still publishing`);
}

describe('native video shares', () => {
  it('answer 669 while processing, then the job publishes the share, counts it and records the video events', async () => {
    const folder = path.join(t.config.mediaDir, 'c', String(f.acme.id));
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'clip.mp4'), Buffer.alloc(2048, 1));
    const row = await buildPost(t.db, f.acme, {
      type: PostType.NATIVE_VIDEO,
      url: null,
      media: { images: [], videos: [{ mp4: `/media/c/${f.acme.id}/clip.mp4`, mov: null, poster: null }] },
    });
    await linkNetwork(t.db, t.config, f.acmeUser, 'linkedin');

    const res = await post(app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'Our video' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const body = ShareResponse.parse(res.json());
    expect(body).toMatchObject({ error: ErrorCode.VIDEO_SHARE_IN_PROGRESS, share: { state: 'publishing' }, shares: { num_results: 0 } });
    const [wall] = await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, body.share?.id ?? 0));
    expect(wall?.media).toEqual([{ kind: 'video', url: `/media/c/${f.acme.id}/clip.mp4`, mimeType: 'video/mp4' }]);

    const done = await settled(body.share?.id ?? 0);
    expect(done).toMatchObject({ state: 'published', networkPostId: String(wall?.id) });
    expect(done.networkUrl).toContain('/sandbox/wall?network=linkedin');
    const [counted] = await t.db.select().from(posts).where(eq(posts.id, row.id));
    expect(counted?.linkedinShares).toBe(1);
    const kinds = (await t.db.select().from(events).where(eq(events.postId, row.id))).map((e) => e.kind).sort();
    expect(kinds).toEqual(['share_published', 'video_share_processing', 'video_share_succeeded']);
  });

  it('answer 664 when the video file is missing', async () => {
    const row = await buildPost(t.db, f.acme, { type: PostType.NATIVE_VIDEO, media: { images: [], videos: [{ mp4: '/media/c/0/missing.mp4', mov: null, poster: null }] } });
    await linkNetwork(t.db, t.config, f.acmeAdmin, 'linkedin');
    const res = await post(app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'Gone' }, f.tokens.acmeAdmin);
    expect(res.json().error).toBe(ErrorCode.VIDEO_UNAVAILABLE);
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);
  });
});
