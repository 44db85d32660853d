/**
 * Crash recovery against the real connectors and the local fakes of X, LinkedIn and Facebook
 * (issue 52): a share the network took, whose worker died before recording it, is found again
 * although its author posted 145 times since (past the first page of each network's timeline),
 * and is recorded published with the network's post id; it is never sent twice.
 */
import { Network } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../commands/social-link.ts';
import { shares, socialAccounts, type CompanyRow, type PostRow, type UserRow } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildCompany, buildPost, buildUser } from '../test/factories.ts';
import { startFakeFacebookGraph, type FakeFacebookGraph } from '../test/fakes/facebook-graph.ts';
import { startFakeLinkedinApi, type FakeLinkedinApi } from '../test/fakes/linkedin-api.ts';
import { startFakeXApi, type FakeXApi } from '../test/fakes/x-api.ts';
import { deliverShare, recoverStalledShares, type DeliverShareDeps } from './deliver-share.ts';
import { connectorPublisher } from './deliver-share-publisher.ts';

/** Posts the author makes on their own after the share: past a page of 100 (and X's old 20). */
const OWN_POSTS = 145;

let t: TestContext;
let x: FakeXApi;
let li: FakeLinkedinApi;
let fb: FakeFacebookGraph;
let company: CompanyRow;
let post: PostRow;
let deps: DeliverShareDeps;

beforeAll(async () => {
  [x, li, fb] = await Promise.all([startFakeXApi(), startFakeLinkedinApi(), startFakeFacebookGraph('v24.0')]);
  t = await createTestContext({
    env: {
      X_CLIENT_ID: x.clientId,
      X_CLIENT_SECRET: x.clientSecret,
      X_API_BASE_URL: x.baseUrl,
      LINKEDIN_CLIENT_ID: 'li-client',
      LINKEDIN_CLIENT_SECRET: 'li-secret',
      LINKEDIN_API_BASE_URL: li.baseUrl,
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_GRAPH_BASE_URL: fb.baseUrl,
      CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1',
    },
  });
  company = await buildCompany(t.db);
  post = await buildPost(t.db, company, { url: 'https://example.com/recovered-story' });
  deps = { db: t.db, publisher: connectorPublisher({ db: t.db, config: t.config, media: t.app.chorus.media }), leaseMs: 60_000 };
});

afterAll(async () => {
  await t.close();
  await Promise.all([x.close(), li.close(), fb.close()]);
});

async function linked(network: number, externalId: string, accessToken: string, pageId: string | null = null): Promise<UserRow> {
  const user = await buildUser(t.db, [{ company }]);
  await t.db.insert(socialAccounts).values({ userId: user.id, network, externalId, username: externalId, ...storedTokens(t.config, { accessToken, refreshToken: null }), pageId, pages: pageId === null ? [] : [{ id: pageId, name: 'Acme Page', picture: null }] });
  return user;
}

/** Publishes a share, then forgets it was recorded (the worker died), then the author posts on. */
async function crashedAfterPublishing(user: UserRow, network: number, postOwn: () => void, pageId: string | null = null): Promise<{ id: number; networkPostId: string | null }> {
  const due = new Date(Date.now() - 1000);
  const [row] = await t.db.insert(shares).values({ companyId: company.id, userId: user.id, postId: post.id, network, state: 'queued', content: 'Worth a read', scheduledAt: due, dueAt: due, timezone: 'UTC', pageId }).returning();
  if (!row) throw new Error('no share');
  expect(await deliverShare(deps, row.id)).toBe('published');
  const [published] = await t.db.select().from(shares).where(eq(shares.id, row.id));
  for (let i = 0; i < OWN_POSTS; i += 1) postOwn();
  await t.db.update(shares).set({ state: 'publishing', publishingAt: new Date(Date.now() - 120_000), networkPostId: null, networkUrl: null }).where(eq(shares.id, row.id));
  return { id: row.id, networkPostId: published?.networkPostId ?? null };
}

async function recovered(id: number) {
  expect(await recoverStalledShares(deps)).toBe(1);
  const [row] = await t.db.select().from(shares).where(eq(shares.id, id));
  return row;
}

describe('recovery with 145 newer posts of the author', () => {
  it('X: pages the timeline back to the share', async () => {
    const tokens = x.issueTokens('x-recovered');
    const user = await linked(Network.TWITTER, 'x-recovered', tokens.accessToken);
    let n = 0;
    const share = await crashedAfterPublishing(user, Network.TWITTER, () => x.posts.push({ id: String(1_900_000_000_000_000_000n + BigInt((n += 1))), userId: 'x-recovered', text: `My own post ${n}`, mediaIds: [], created: new Date() }));
    const sent = x.posts.filter((p) => p.userId === 'x-recovered' && p.text.startsWith('Worth a read')).length;
    expect(await recovered(share.id)).toMatchObject({ state: 'published', networkPostId: share.networkPostId });
    expect(x.posts.filter((p) => p.userId === 'x-recovered' && p.text.startsWith('Worth a read'))).toHaveLength(sent);
  });

  it('LinkedIn: pages the author finder back to the share', async () => {
    li.tokens.set('li-recovered-token', 'li-recovered');
    const user = await linked(Network.LINKEDIN, 'li-recovered', 'li-recovered-token');
    let n = 0;
    const share = await crashedAfterPublishing(user, Network.LINKEDIN, () => li.posts.push({ urn: `urn:li:share:${8_000_000_000 + (n += 1)}`, body: { author: 'urn:li:person:li-recovered', commentary: `My own post ${n}` }, createdAt: Date.now() }));
    expect(await recovered(share.id)).toMatchObject({ state: 'published', networkPostId: share.networkPostId });
  });

  it('Facebook: pages the Page posts back to the share', async () => {
    fb.users.set('fb-recovered-token', new Map([['7788', 'page-token-7788']]));
    const user = await linked(Network.FACEBOOK, 'fb-recovered', 'fb-recovered-token', '7788');
    let n = 0;
    const share = await crashedAfterPublishing(user, Network.FACEBOOK, () => fb.posts.push({ id: `7788_${9000 + (n += 1)}`, pageId: '7788', message: `My own post ${n}`, link: null, attached: [], created: new Date() }), '7788');
    expect(await recovered(share.id)).toMatchObject({ state: 'published', networkPostId: share.networkPostId });
  });
});
