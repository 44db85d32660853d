import { Role, TimelineResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConnector } from '../connectors/sandbox/sandbox-connector.ts';
import { shares, type ShareRow, type UserRow } from '../db/schema.ts';
import { createTestContext, get, type TestContext } from '../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../test/factories.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';
import { linkNetwork } from '../test/social-links.ts';
import { deliverShare } from './deliver-share.ts';
import { connectorPublisher } from './deliver-share-publisher.ts';
import { refreshShareMetrics, type ReadShareMetrics } from './share-metrics.ts';

let t: TestContext;
let f: Tenants;
let read: ReadShareMetrics;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  const publisher = connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media });
  read = (share) => publisher.metrics(share);
});
afterAll(async () => {
  await t.close();
});

async function shareRow(id: number): Promise<ShareRow> {
  const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
  if (!row) throw new Error('share gone');
  return row;
}

/** A member with LinkedIn linked (sandbox) whose share the worker published. */
async function publishedShare(): Promise<{ user: UserRow; share: ShareRow }> {
  const user = await buildUser(t.db, [{ company: f.acme, role: Role.USER }]);
  await linkNetwork(t.db, t.config, user, 'linkedin');
  const post = await buildPost(t.db, f.acme);
  const due = new Date(Date.now() - 1000);
  const [queued] = await t.db
    .insert(shares)
    .values({ companyId: f.acme.id, userId: user.id, postId: post.id, network: 3, state: 'queued', content: 'Numbers, please', scheduledAt: due, dueAt: due, timezone: 'UTC' })
    .returning();
  if (!queued) throw new Error('no share');
  const publisher = connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media });
  expect(await deliverShare({ db: t.db, publisher, leaseMs: 60_000 }, queued.id)).toBe('published');
  return { user, share: await shareRow(queued.id) };
}

/** Only this test's shares are due: the others were asked about just now. */
async function askedAboutEverythingElse(except: number): Promise<void> {
  const rows = await t.db.select({ id: shares.id }).from(shares);
  for (const row of rows) if (row.id !== except) await t.db.update(shares).set({ metricsAt: new Date() }).where(eq(shares.id, row.id));
}

describe('share metrics job', () => {
  it("stores the network's numbers of a published share, and My Shares shows them", async () => {
    const { user, share } = await publishedShare();
    await askedAboutEverythingElse(share.id);
    expect(share.networkPostId).not.toBeNull();
    const expected = await sandboxConnector({ db: t.db, config: t.config }, 'linkedin').metrics(
      { externalId: '', accessToken: '', refreshToken: null, tokenExpiresAt: null, page: null },
      share.networkPostId ?? '',
    );
    expect(expected).not.toBeNull();

    expect(await refreshShareMetrics(t.db, read)).toBe(1);
    const stored = await shareRow(share.id);
    expect(stored).toMatchObject({ likes: expected?.likes, comments: expected?.comments, reshares: expected?.reshares, impressions: expected?.impressions });
    expect(stored.metricsAt).not.toBeNull();

    const token = await sessionFor(t.db, user, f.acme);
    const page = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/shared', token)).json());
    expect(page.objects.find((item) => item.id === share.id)?.analytics).toEqual({ likes: expected?.likes, comments: expected?.comments, clickthroughs: 0, reshares: expected?.reshares });
  });

  it('asks again only when the share is due: hourly in its first day, then daily', async () => {
    const { share } = await publishedShare();
    await askedAboutEverythingElse(share.id);
    expect(await refreshShareMetrics(t.db, read)).toBe(1);
    // Asked just now: not again.
    expect(await refreshShareMetrics(t.db, read)).toBe(0);
    // Published today and asked 61 minutes ago: due.
    await t.db.update(shares).set({ metricsAt: new Date(Date.now() - 61 * 60_000) }).where(eq(shares.id, share.id));
    expect(await refreshShareMetrics(t.db, read)).toBe(1);
    // Published three days ago and asked two hours ago: not due; asked 25 hours ago: due.
    await t.db.update(shares).set({ publishedAt: new Date(Date.now() - 3 * 86_400_000), metricsAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(shares.id, share.id));
    expect(await refreshShareMetrics(t.db, read)).toBe(0);
    await t.db.update(shares).set({ metricsAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(shares.id, share.id));
    expect(await refreshShareMetrics(t.db, read)).toBe(1);
    // Published 31 days ago: no longer asked about.
    await t.db.update(shares).set({ publishedAt: new Date(Date.now() - 31 * 86_400_000), metricsAt: null }).where(eq(shares.id, share.id));
    expect(await refreshShareMetrics(t.db, read)).toBe(0);
  });

  it('keeps the numbers it had when the network says nothing or fails, and still marks the share asked', async () => {
    const { share } = await publishedShare();
    await askedAboutEverythingElse(share.id);
    await t.db.update(shares).set({ likes: 7, comments: 2, reshares: 1, impressions: 90, metricsAt: null }).where(eq(shares.id, share.id));
    expect(await refreshShareMetrics(t.db, async () => null)).toBe(1);
    expect(await shareRow(share.id)).toMatchObject({ likes: 7, comments: 2, reshares: 1, impressions: 90 });
    await t.db.update(shares).set({ metricsAt: null }).where(eq(shares.id, share.id));
    expect(
      await refreshShareMetrics(t.db, async () => {
        throw new Error('network down');
      }),
    ).toBe(1);
    const row = await shareRow(share.id);
    expect(row).toMatchObject({ likes: 7, comments: 2, reshares: 1, impressions: 90 });
    expect(row.metricsAt).not.toBeNull();
  });

  it('asks about a bounded batch per run, the ones asked about longest ago first', async () => {
    const first = await publishedShare();
    const second = await publishedShare();
    await askedAboutEverythingElse(-1);
    await t.db.update(shares).set({ metricsAt: new Date(Date.now() - 3 * 3_600_000) }).where(eq(shares.id, first.share.id));
    await t.db.update(shares).set({ metricsAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(shares.id, second.share.id));
    const asked: number[] = [];
    expect(await refreshShareMetrics(t.db, async (share) => (asked.push(share.id), null), 1)).toBe(1);
    expect(asked).toEqual([first.share.id]);
    expect(await refreshShareMetrics(t.db, async (share) => (asked.push(share.id), null), 1)).toBe(1);
    expect(asked).toEqual([first.share.id, second.share.id]);
  });
});
