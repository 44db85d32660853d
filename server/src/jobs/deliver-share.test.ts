import { Network } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, sandboxPosts, shares, socialAccounts, type CompanyRow, type PostRow, type ShareRow, type UserRow } from '../db/schema.ts';
import { storedTokens } from '../commands/social-link.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { shareOutcomeCount } from '../test/metrics.ts';
import { buildCompany, buildPost, buildUser } from '../test/factories.ts';
import { inArray } from 'drizzle-orm';
import { claimDueShares, claimShare, deliverDueShares, deliverShare, isFacebookProfileShare, recoverStalledShares, type DeliverShareDeps } from './deliver-share.ts';
import { PERSON_PACING } from './deliver-share-policy.ts';
import { connectorPublisher } from './deliver-share-publisher.ts';

let t: TestContext;
let company: CompanyRow;
let post: PostRow;
let deps: DeliverShareDeps;

async function linkedUser(network: number, pageId: string | null = null): Promise<UserRow> {
  const user = await buildUser(t.db, [{ company }]);
  const tokens = storedTokens(t.config, { accessToken: `sandbox-token-${user.id}`, refreshToken: null });
  await t.db.insert(socialAccounts).values({ userId: user.id, network, externalId: `ext-${user.id}`, username: `Person ${user.id}`, ...tokens, pageId });
  return user;
}

async function queuedShare(user: UserRow, network: number, values: Partial<typeof shares.$inferInsert> = {}): Promise<ShareRow> {
  const due = new Date(Date.now() - 1000);
  const [row] = await t.db
    .insert(shares)
    .values({ companyId: company.id, userId: user.id, postId: post.id, network, state: 'queued', content: `Queued caption ${Math.random()}`, scheduledAt: due, dueAt: due, timezone: 'UTC', ...values })
    .returning();
  if (!row) throw new Error('no share');
  return row;
}

async function shareById(id: number): Promise<ShareRow> {
  const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
  if (!row) throw new Error('share gone');
  return row;
}

async function eventKinds(shareId: number): Promise<string[]> {
  const rows = await t.db.select({ kind: events.kind, data: events.data }).from(events);
  return rows.filter((row) => row.data.shareId === shareId).map((row) => row.kind);
}

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  post = await buildPost(t.db, company);
  deps = { db: t.db, publisher: connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media }), leaseMs: 60_000 };
});

afterAll(async () => {
  await t.close();
});

describe('deliverShare on the sandbox network', () => {
  it('publishes a due share once, records the event', async () => {
    const user = await linkedUser(Network.TWITTER);
    const share = await queuedShare(user, Network.TWITTER);
    const counted = await shareOutcomeCount('twitter', 'published');
    expect(await deliverShare(deps, share.id)).toBe('published');
    // The outcome is counted once for the operators' metrics.
    expect(await shareOutcomeCount('twitter', 'published')).toBe(counted + 1);
    const row = await shareById(share.id);
    expect(row).toMatchObject({ state: 'published', attempts: 1 });
    expect(row.networkUrl).toContain('/sandbox/wall');
    expect(await eventKinds(share.id)).toEqual(['share_published']);
    const wall = await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, share.id));
    expect(wall.map((p) => p.text)).toEqual([share.content]);
  });

  it('leaves a share that is not due yet', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    const share = await queuedShare(user, Network.LINKEDIN, { dueAt: new Date(Date.now() + 60_000) });
    expect(await deliverShare(deps, share.id)).toBe('not-due');
    expect((await shareById(share.id)).state).toBe('queued');
  });

  it('lets exactly one of many workers take a share', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    const share = await queuedShare(user, Network.LINKEDIN);
    const results = await Promise.all(Array.from({ length: 8 }, () => deliverShare(deps, share.id)));
    expect(results.filter((r) => r === 'published')).toHaveLength(1);
    expect(results.filter((r) => r === 'not-due')).toHaveLength(7);
    expect(await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, share.id))).toHaveLength(1);
  });

  it('claims in one statement: a second claim of the same share gets nothing', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    const share = await queuedShare(user, Network.LINKEDIN);
    const first = await claimShare(t.db, share.id);
    expect(first?.state).toBe('publishing');
    expect(await claimShare(t.db, share.id)).toBeNull();
  });

  it('cancels a share whose network link is gone (310), never publishing it', async () => {
    const user = await buildUser(t.db, [{ company }]);
    const share = await queuedShare(user, Network.LINKEDIN);
    expect(await deliverShare(deps, share.id)).toBe('cancelled');
    expect(await shareById(share.id)).toMatchObject({ state: 'cancelled', errorCode: 310 });
    expect(await eventKinds(share.id)).toEqual(['share_cancelled']);
  });

  it('fails a share whose link needs relinking with the relink notice (418)', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    await t.db.update(socialAccounts).set({ isActive: false }).where(eq(socialAccounts.userId, user.id));
    const share = await queuedShare(user, Network.LINKEDIN);
    expect(await deliverShare(deps, share.id)).toBe('failed');
    expect(await shareById(share.id)).toMatchObject({ state: 'failed', errorCode: 418 });
    expect(await eventKinds(share.id)).toEqual(['share_failed', 'relink_needed']);
  });

  it('turns a Facebook profile share into a reminder and pages publish', async () => {
    const profile = await linkedUser(Network.FACEBOOK);
    const reminder = await queuedShare(profile, Network.FACEBOOK);
    expect(isFacebookProfileShare(reminder)).toBe(true);
    expect(await deliverShare(deps, reminder.id)).toBe('reminder');
    expect(await shareById(reminder.id)).toMatchObject({ state: 'unconfirmed', method: 'intent', errorReason: 'intent_open: reminder' });
    expect(await eventKinds(reminder.id)).toEqual(['share_reminder']);
    expect(await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, reminder.id))).toHaveLength(0);

    const pageOwner = await linkedUser(Network.FACEBOOK, 'page-1');
    const page = await queuedShare(pageOwner, Network.FACEBOOK, { pageId: 'page-1' });
    expect(await deliverShare(deps, page.id)).toBe('published');
  });
});

describe('deliverDueShares: batches of due shares', () => {
  it('takes each due share of the network once across concurrent batches, oldest first, and leaves other networks and later shares', async () => {
    const due: ShareRow[] = [];
    for (let i = 0; i < 6; i += 1) {
      const user = await linkedUser(Network.TWITTER);
      due.push(await queuedShare(user, Network.TWITTER, { dueAt: new Date(Date.now() - 10_000 + i) }));
    }
    const later = await queuedShare(await linkedUser(Network.TWITTER), Network.TWITTER, { dueAt: new Date(Date.now() + 60_000) });
    const other = await queuedShare(await linkedUser(Network.LINKEDIN), Network.LINKEDIN);

    const [first, second] = await Promise.all([claimDueShares(t.db, Network.TWITTER, 4), claimDueShares(t.db, Network.TWITTER, 4)]);
    const taken = [...(first ?? []), ...(second ?? [])].map((row) => row.id);
    expect(taken.sort((a, b) => a - b)).toEqual(due.map((row) => row.id));
    expect((await shareById(later.id)).state).toBe('queued');
    expect((await shareById(other.id)).state).toBe('queued');
    // Back to queued: the engine publishes them in batches.
    await t.db.update(shares).set({ state: 'queued', publishingAt: null, attempts: 0 }).where(inArray(shares.id, taken));
    expect(await deliverDueShares(deps, 'twitter', { batch: 4, max: 100 })).toBe(6);
    for (const row of due) expect(await shareById(row.id)).toMatchObject({ state: 'published', attempts: 1 });
    expect(await t.db.select().from(sandboxPosts).where(inArray(sandboxPosts.shareId, taken))).toHaveLength(6);
    expect(await deliverDueShares(deps, 'twitter', { batch: 4, max: 100 })).toBe(0);
  });

  it("moves a share past its person's LinkedIn daily limit to when the window frees, and says so", async () => {
    const rule = PERSON_PACING.linkedin;
    if (rule === undefined) throw new Error('LinkedIn has a pacing rule');
    const user = await linkedUser(Network.LINKEDIN);
    const oldest = new Date(Date.now() - 60 * 60_000);
    // The day's limit is already used, the oldest of those an hour ago.
    const posts = await Promise.all(Array.from({ length: rule.limit }, () => buildPost(t.db, company)));
    await t.db.insert(shares).values(
      posts.map((p, i) => ({ companyId: company.id, userId: user.id, postId: p.id, network: Network.LINKEDIN, state: 'published' as const, content: 'x', publishingAt: new Date(oldest.getTime() + i * 1000), timezone: 'UTC' })),
    );
    const share = await queuedShare(user, Network.LINKEDIN);
    expect(await deliverShare(deps, share.id)).toBe('paced');
    const row = await shareById(share.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, publishingAt: null });
    expect(row.dueAt?.getTime()).toBe(oldest.getTime() + rule.windowMs);
    expect(await eventKinds(share.id)).toEqual(['share_delayed']);
  });
});

describe('recoverStalledShares', () => {
  it('marks a stalled share published when the network has it, and unconfirmed with a reason when not; never re-sends', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    // The worker that published `sent` died before recording it; `lost` died before the call.
    // (One queued share per post and network: `lost` is queued once `sent` has left the queue.)
    const sent = await queuedShare(user, Network.LINKEDIN);
    expect(await deliverShare(deps, sent.id)).toBe('published');
    const lost = await queuedShare(user, Network.LINKEDIN);
    const longAgo = new Date(Date.now() - 120_000);
    await t.db.update(shares).set({ state: 'publishing', publishingAt: longAgo, networkPostId: null }).where(eq(shares.id, sent.id));
    await t.db.delete(events);
    await t.db.update(shares).set({ state: 'publishing', publishingAt: longAgo, attempts: 1 }).where(eq(shares.id, lost.id));

    expect(await recoverStalledShares(deps)).toBe(2);
    expect(await shareById(sent.id)).toMatchObject({ state: 'published' });
    expect((await shareById(sent.id)).networkPostId).not.toBeNull();
    expect(await shareById(lost.id)).toMatchObject({ state: 'unconfirmed' });
    expect((await shareById(lost.id)).errorReason).toMatch(/^unconfirmed: the worker stopped/);
    expect(await eventKinds(sent.id)).toEqual(['share_published']);
    expect(await eventKinds(lost.id)).toEqual(['share_unconfirmed']);
    const wall = await t.db.select().from(sandboxPosts).where(and(eq(sandboxPosts.externalId, `ext-${user.id}`)));
    expect(wall).toHaveLength(1);
    // Settled rows are not settled again.
    expect(await recoverStalledShares(deps)).toBe(0);
  });

  it('leaves a share a live worker is still publishing (within the lease)', async () => {
    const user = await linkedUser(Network.LINKEDIN);
    const share = await queuedShare(user, Network.LINKEDIN);
    await t.db.update(shares).set({ state: 'publishing', publishingAt: new Date() }).where(eq(shares.id, share.id));
    expect(await recoverStalledShares(deps)).toBe(0);
    expect((await shareById(share.id)).state).toBe('publishing');
  });
});
