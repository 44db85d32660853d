/**
 * Finding 20: `POST /api/v5/post/share/{id}/retry` turned any failed share (an intent, a
 * reminder, a failure the network would refuse again) into an API share and re-sent it with no
 * checks. Retry now repeats only what the share was (same network, same method), only for a
 * failure marked retryable, only by its owner (404 for anyone else), and runs checkShare again.
 * Every refusal changes nothing.
 */
import { ErrorCode, Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../../server/src/commands/social-link.ts';
import { posts, shares, socialAccounts, type CompanyRow, type PostRow, type ShareRow, type UserRow } from '../../server/src/db/schema.ts';
import { storedReason } from '../../server/src/presenters/share.ts';
import { createTestContext, post, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { eq } from '../../server/src/test/rows.ts';

let t: TestContext;
let company: CompanyRow;
let owner: UserRow;
let ownerToken: string;

async function failed(values: Partial<typeof shares.$inferInsert> = {}, onPost?: PostRow): Promise<ShareRow> {
  const target = onPost ?? (await buildPost(t.db, company));
  const [row] = await t.db
    .insert(shares)
    .values({
      companyId: company.id,
      userId: owner.id,
      postId: target.id,
      network: Network.TWITTER,
      state: 'failed',
      method: 'api',
      content: `Failed caption ${Math.random()}`,
      errorCode: ErrorCode.UNKNOWN,
      errorReason: storedReason('retryable', 'network down'),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no share');
  return row;
}

async function stored(id: number): Promise<ShareRow | undefined> {
  return (await t.db.select().from(shares)).find((row) => row.id === id);
}

function retry(id: number, token = ownerToken) {
  return post(t.app, company.subdomain, `/api/v5/post/share/${id}/retry`, {}, token);
}

async function expectRefused(share: ShareRow, code: number, token = ownerToken): Promise<void> {
  const before = await stored(share.id);
  const res = await retry(share.id, token);
  expect(res.json().error).toBe(code);
  expect(await stored(share.id)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestContext();
  company = await buildCompany(t.db);
  owner = await buildUser(t.db, [{ company }]);
  ownerToken = await sessionFor(t.db, owner, company);
  const tokens = storedTokens(t.config, { accessToken: `sandbox-token-${owner.id}`, refreshToken: null });
  await t.db.insert(socialAccounts).values({ userId: owner.id, network: Network.TWITTER, externalId: `ext-${owner.id}`, username: 'Owner', ...tokens });
});

afterAll(async () => {
  await t.close();
});

describe('finding 20: retry repeats only what the share was', () => {
  it('queues the owner\'s retryable API share again, same network and method, and says it is retryable before', async () => {
    const share = await failed();
    const res = await retry(share.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: share.id, state: 'queued', network_id: Network.TWITTER, retryable: false });
    expect(await stored(share.id)).toMatchObject({ state: 'queued', method: 'api', network: Network.TWITTER, content: share.content });
  });

  it('answers 404 to another member of the company, changing nothing', async () => {
    const other = await buildUser(t.db, [{ company }]);
    await expectRefused(await failed(), ErrorCode.NOT_FOUND, await sessionFor(t.db, other, company));
  });

  it('never turns a failed intent into an API share', async () => {
    await expectRefused(await failed({ method: 'intent' }), ErrorCode.MISSING_OR_INCORRECT);
  });

  it('never turns a Facebook profile reminder into an API share', async () => {
    await expectRefused(await failed({ network: Network.FACEBOOK, pageId: null }), ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses a failure not marked retryable (the network refused it, a duplicate)', async () => {
    await expectRefused(await failed({ errorCode: ErrorCode.DUPLICATE_POST, errorReason: storedReason('duplicate', 'already posted') }), ErrorCode.MISSING_OR_INCORRECT);
    await expectRefused(await failed({ errorReason: storedReason('rejected', 'refused') }), ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses an unconfirmed share (it may be on the network)', async () => {
    await expectRefused(await failed({ state: 'unconfirmed', errorReason: storedReason('unconfirmed') }), ErrorCode.MISSING_OR_INCORRECT);
  });

  it('runs share now checks again: a post made internal answers 653', async () => {
    const target = await buildPost(t.db, company);
    const share = await failed({}, target);
    await t.db.update(posts).set({ twitter: false, facebook: false, linkedin: false }).where(eq(posts.id, target.id));
    await expectRefused(share, ErrorCode.NETWORK_DISABLED_FOR_POST);
  });

  it('retries a share cancelled at delivery only because the network was unlinked, once it is linked again', async () => {
    const share = await failed({ state: 'cancelled', errorCode: ErrorCode.NETWORK_NOT_LINKED, errorReason: storedReason('cancelled_link', 'not linked') });
    const res = await retry(share.id);
    expect(res.statusCode).toBe(200);
    expect(await stored(share.id)).toMatchObject({ state: 'queued', method: 'api', network: Network.TWITTER, errorReason: null });
  });

  it('refuses a share cancelled for its post, caption or compliance (the cancel stands)', async () => {
    await expectRefused(await failed({ state: 'cancelled', errorCode: ErrorCode.REPHRASE, errorReason: storedReason('cancelled_compliance') }), ErrorCode.MISSING_OR_INCORRECT);
    await expectRefused(await failed({ state: 'cancelled', errorCode: ErrorCode.POST_EXPIRED, errorReason: storedReason('cancelled_post') }), ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses a link-cancelled share while the network is still unlinked (checkShare answers)', async () => {
    const loner = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, loner, company);
    const target = await buildPost(t.db, company);
    const [row] = await t.db
      .insert(shares)
      .values({ companyId: company.id, userId: loner.id, postId: target.id, network: Network.TWITTER, state: 'cancelled', method: 'api', content: 'Cancelled caption', errorCode: ErrorCode.NETWORK_NOT_LINKED, errorReason: storedReason('cancelled_link') })
      .returning();
    if (!row) throw new Error('no share');
    const before = await stored(row.id);
    const res = await retry(row.id, token);
    expect(res.json().error).not.toBe(0);
    expect(res.statusCode).not.toBe(200);
    expect(await stored(row.id)).toEqual(before);
  });
});
