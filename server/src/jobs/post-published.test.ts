import type { NotifiedPost, Notifier, NotifyResult } from '@chorus/bot';
import { PostType } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildTopic, buildCompany, buildPost, imageMedia } from '../test/factories.ts';
import { startJobRunner, type JobRunner } from './job-runner.ts';
import { handlePostPublished } from './post-published.ts';

/** A Notifier that records calls: the Teams boundary, faked at our own port. */
class RecordingNotifier implements Notifier {
  readonly calls: { tenantId: string; post: NotifiedPost }[] = [];
  #waiters: (() => void)[] = [];

  async notifyNewPost(tenantId: string, post: NotifiedPost): Promise<NotifyResult> {
    this.calls.push({ tenantId, post });
    for (const wake of this.#waiters.splice(0)) wake();
    return { sent: 1, failed: 0 };
  }

  waitForCall(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification in time')), timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

const TENANT = 'a0000000-0000-4000-8000-00000000ac3e';
let t: TestContext;
let notifier: RecordingNotifier;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestContext();
  notifier = new RecordingNotifier();
  runner = await startJobRunner({ database: t.database, config: t.config, work: true, notifier, log: t.app.log });
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

describe('post-published job', () => {
  it('notifies the company Teams tenant through pg-boss', async () => {
    const acme = await buildCompany(t.db, { subdomain: 'acme', teamsTenantId: TENANT });
    const topic = await buildTopic(t.db, acme, 'News');
    const post = await buildPost(t.db, acme, { title: 'Big news', content: 'We did it.', type: PostType.IMAGE, media: imageMedia('big') }, { categories: [topic] });

    const called = notifier.waitForCall(20_000);
    await runner.enqueuePostPublished(post.id);
    await called;

    expect(notifier.calls).toEqual([
      {
        tenantId: TENANT,
        post: {
          id: post.id,
          title: 'Big news',
          summary: 'We did it.',
          // Teams fetches the picture without a session: a signed, expiring URL (finding 14).
          imageUrl: expect.stringMatching(/^http:\/\/acme\.localhost:3000\/media\/big-m\.jpg\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/) as string,
          topic: 'News',
        },
      },
    ]);
  });

  it('skips a company without a Teams tenant, and posts that are not live', async () => {
    const deps = { db: t.db, notifier, config: t.config };
    const globex = await buildCompany(t.db, { subdomain: 'globex' });
    const before = notifier.calls.length;
    expect(await handlePostPublished(deps, { postId: (await buildPost(t.db, globex)).id })).toBe('no-teams-tenant');
    const initech = await buildCompany(t.db, { subdomain: 'initech', teamsTenantId: 'c0000000-0000-4000-8000-000000000003' });
    const later = await buildPost(t.db, initech, { start: new Date(Date.now() + 3_600_000) });
    expect(await handlePostPublished(deps, { postId: later.id })).toBe('post-not-live');
    expect(await handlePostPublished(deps, { postId: 999_999 })).toBe('post-not-live');
    expect(notifier.calls.length).toBe(before);
  });

  it('returns the notifier result for a text post without an image', async () => {
    const initech = await buildCompany(t.db, { subdomain: 'initech2', teamsTenantId: 'c0000000-0000-4000-8000-000000000004' });
    const post = await buildPost(t.db, initech, { title: 'Plain' });
    const result = await handlePostPublished({ db: t.db, notifier, config: t.config }, { postId: post.id });
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(notifier.calls.at(-1)?.post).toMatchObject({ title: 'Plain', imageUrl: null, topic: null });
  });
});
