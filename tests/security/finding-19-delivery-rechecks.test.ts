/**
 * Finding 19: queued and scheduled shares were published at their time without the checks share
 * now runs. The delivery job now asks checkShare again before it publishes: a post made
 * internal, expired, unpublished or deleted, a prohibited term the company added that the
 * caption contains, a deactivated member or an unlinked network end the share `cancelled` with
 * its translated reason and a `share_cancelled` event, and nothing reaches the network.
 */
import { ErrorCode, Network, PostStatus } from '@chorus/core';
import { eq } from '../../server/src/test/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../../server/src/commands/social-link.ts';
import { companies, companyCompliance, events, posts, sandboxPosts, shares, socialAccounts, users, type CompanyRow, type PostRow, type ShareRow, type UserRow } from '../../server/src/db/schema.ts';
import { deliverShare, type DeliverShareDeps } from '../../server/src/jobs/deliver-share.ts';
import { connectorPublisher } from '../../server/src/jobs/deliver-share-publisher.ts';
import { presentTimelinePost } from '../../server/src/presenters/timeline.ts';
import { createTestContext, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser } from '../../server/src/test/factories.ts';

let t: TestContext;
let company: CompanyRow;
let deps: DeliverShareDeps;

async function linkedUser(): Promise<UserRow> {
  const user = await buildUser(t.db, [{ company }]);
  const tokens = storedTokens(t.config, { accessToken: `sandbox-token-${user.id}`, refreshToken: null });
  await t.db.insert(socialAccounts).values({ userId: user.id, network: Network.TWITTER, externalId: `ext-${user.id}`, username: `Person ${user.id}`, ...tokens });
  return user;
}

async function queued(user: UserRow, post: PostRow, content = `Queued caption ${Math.random()}`): Promise<ShareRow> {
  const due = new Date(Date.now() - 1000);
  const [row] = await t.db
    .insert(shares)
    .values({ companyId: company.id, userId: user.id, postId: post.id, network: Network.TWITTER, state: 'queued', content, scheduledAt: due, dueAt: due, timezone: 'UTC' })
    .returning();
  if (!row) throw new Error('no share');
  return row;
}

async function shareById(id: number): Promise<ShareRow | undefined> {
  const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
  return row;
}

async function expectCancelled(share: ShareRow, code: number, reason: string): Promise<void> {
  expect(await deliverShare(deps, share.id)).toBe('cancelled');
  const row = await shareById(share.id);
  expect(row).toMatchObject({ state: 'cancelled', errorCode: code, networkPostId: null });
  if (!row) return;
  const [post] = await t.db.select().from(posts).where(eq(posts.id, row.postId));
  if (post) expect(presentTimelinePost(row, post, 0, 'en-US').reason).toBe(reason);
  const kinds = (await t.db.select().from(events)).filter((e) => e.data.shareId === share.id).map((e) => e.kind);
  expect(kinds).toEqual(['share_cancelled']);
  expect(await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, share.id))).toEqual([]);
}

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  deps = { db: t.db, publisher: connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media }), leaseMs: 60_000 };
});

afterAll(async () => {
  await t.close();
});

describe('finding 19: delivery runs share now checks again', () => {
  it('publishes a share that still passes (the control)', async () => {
    const share = await queued(await linkedUser(), await buildPost(t.db, company));
    expect(await deliverShare(deps, share.id)).toBe('published');
  });

  it('cancels when the post became internal', async () => {
    const post = await buildPost(t.db, company);
    const share = await queued(await linkedUser(), post);
    await t.db.update(posts).set({ twitter: false, facebook: false, linkedin: false }).where(eq(posts.id, post.id));
    await expectCancelled(share, ErrorCode.NETWORK_DISABLED_FOR_POST, 'Sharing this post to the network is no longer allowed, so it was not published.');
  });

  it('cancels when the post expired', async () => {
    const post = await buildPost(t.db, company);
    const share = await queued(await linkedUser(), post);
    await t.db.update(posts).set({ expiration: new Date(Date.now() - 500) }).where(eq(posts.id, post.id));
    await expectCancelled(share, ErrorCode.POST_EXPIRED, 'The post is no longer available to share, so it was not published.');
  });

  it('cancels when the post was unpublished', async () => {
    const post = await buildPost(t.db, company);
    const share = await queued(await linkedUser(), post);
    await t.db.update(posts).set({ status: PostStatus.SHARED }).where(eq(posts.id, post.id));
    await expectCancelled(share, ErrorCode.POST_UNAVAILABLE, 'The post is no longer available to share, so it was not published.');
  });

  it('never publishes a share whose post was deleted', async () => {
    const post = await buildPost(t.db, company);
    const share = await queued(await linkedUser(), post);
    await t.db.delete(posts).where(eq(posts.id, post.id));
    // The share goes with its post; if it were kept, the check would cancel it (662).
    expect(await deliverShare(deps, share.id)).toBe('not-due');
    expect(await t.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, share.id))).toEqual([]);
  });

  it('cancels when the company added a prohibited term the caption contains', async () => {
    const other = await buildCompany(t.db);
    const saved = company;
    company = other;
    try {
      const post = await buildPost(t.db, company);
      const share = await queued(await linkedUser(), post, 'Our quarterly guaranteed returns are here');
      await t.db.update(companies).set({ featureToggles: { ...company.featureToggles, compliance_enabled: true } }).where(eq(companies.id, company.id));
      await t.db.insert(companyCompliance).values({ companyId: company.id, prohibited: ['guaranteed returns'] });
      await expectCancelled(share, ErrorCode.REPHRASE, 'The caption contains words your company asks you to rephrase, so it was not published.');
    } finally {
      company = saved;
    }
  });

  it('cancels when the member was deactivated', async () => {
    const user = await linkedUser();
    const share = await queued(user, await buildPost(t.db, company));
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    await expectCancelled(share, ErrorCode.ACCOUNT_DEACTIVATED, 'Your account can no longer share for this company, so it was not published.');
  });

  it('cancels when the network was unlinked', async () => {
    const user = await linkedUser();
    const share = await queued(user, await buildPost(t.db, company));
    await t.db.delete(socialAccounts).where(eq(socialAccounts.userId, user.id));
    await expectCancelled(share, ErrorCode.NETWORK_NOT_LINKED, 'The network is no longer linked, so it was not published. Link it again to share.');
  });
});
