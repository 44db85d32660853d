/**
 * The embedded sandbox network: publishing puts the post on the company's wall table, a video
 * "processes" once, a repeat of a share is a duplicate, numbers are deterministic, and tokens
 * behave like a network without refresh tokens.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedTokens } from '../../commands/social-link.ts';
import type { Config } from '../../config.ts';
import { sandboxPosts, socialAccounts, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { testConfig } from '../../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { buildCompany, buildUser } from '../../test/factories.ts';
import { withFreshAccount } from '../registry.ts';
import { accountOf, mediaOf, requestOf } from '../../test/connector-requests.ts';
import type { ConnectorAccount } from '../types.ts';
import { sandboxConnector } from './sandbox-connector.ts';

let database: TestDatabase;
let dir: string;
let config: Config;
let company: CompanyRow;
let user: UserRow;
let account: ConnectorAccount;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-sandbox-'));
  config = testConfig(dir);
  database = await openTestDatabase();
  company = await buildCompany(database.handle.db, { subdomain: 'wallco' });
  user = await buildUser(database.handle.db, [{ company }]);
  account = accountOf('sandbox:pat poster', 'sandbox-token', { holder: { userId: user.id, companyId: company.id, name: 'Pat Poster' } });
});
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

const connector = (network: 'twitter' | 'linkedin' | 'facebook' = 'twitter') => sandboxConnector({ db: database.handle.db, config }, network);

describe('publishing', () => {
  it('puts the post on the company wall and answers its url there', async () => {
    const outcome = await connector().publish(account, requestOf('Hello wall https://acme.example/r/x', { link: 'https://acme.example/r/x', images: [mediaOf(Buffer.from('i'), 'image/png')], shareId: 101 }));
    const [row] = await database.handle.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, 101));
    expect(row).toMatchObject({ companyId: company.id, userId: user.id, network: 1, authorName: 'Pat Poster', pageName: null, text: 'Hello wall https://acme.example/r/x', link: 'https://acme.example/r/x', media: [{ kind: 'image', url: '/media/c/1/image-png', mimeType: 'image/png' }] });
    expect(outcome).toEqual({ kind: 'published', networkPostId: String(row?.id), url: `http://wallco.localhost:3000/sandbox/wall?network=twitter#sandbox-post-${row?.id ?? 0}` });
  });

  it('answers a repeat of the same share as a duplicate', async () => {
    expect((await connector().publish(account, requestOf('Once', { shareId: 102 }))).kind).toBe('published');
    expect(await connector().publish(account, requestOf('Once', { shareId: 102 }))).toEqual({ kind: 'duplicate', detail: 'This share is on the sandbox wall already.' });
  });

  it('posts as the chosen page, and lets a video process once before it is published', async () => {
    const asPage = { ...account, page: { id: 'fb-page-1', accessToken: null, name: 'Acme Community' } };
    const first = await connector('facebook').publish(asPage, requestOf('A video', { video: mediaOf(Buffer.alloc(10), 'video/mp4'), shareId: 103 }));
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    expect(first.poll.afterMs).toBe(1000);
    expect(await connector('facebook').poll(asPage, first.poll)).toMatchObject({ kind: 'published', networkPostId: first.networkPostId });
    const [row] = await database.handle.db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, 103));
    expect(row).toMatchObject({ network: 2, pageName: 'Acme Community', media: [{ kind: 'video' }] });
  });

  it('refuses without a holder and wants a relink once the token lapsed', async () => {
    expect((await connector().publish({ ...account, holder: undefined }, requestOf('x', { shareId: 104 }))).kind).toBe('rejected');
    expect(await connector().publish({ ...account, tokenExpiresAt: new Date(Date.now() - 1) }, requestOf('x', { shareId: 105 }))).toEqual({ kind: 'relink', detail: 'The sandbox token has expired.' });
  });
});

describe('numbers and recovery', () => {
  it('gives the same audience and metrics every time', async () => {
    const audience = await connector('linkedin').audience(account);
    expect(audience).toBe(await connector('linkedin').audience(account));
    expect(audience).toBeGreaterThanOrEqual(40);
    expect(audience).toBeLessThanOrEqual(2400);
    expect(await connector().metrics(account, '7')).toEqual(await connector().metrics(account, '7'));
  });

  it('finds a post left in publishing by the start of its caption', async () => {
    const since = new Date(Date.now() - 1000);
    const outcome = await connector('linkedin').publish(account, requestOf('Recover me 100% _now_ please', { shareId: 106 }));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await connector('linkedin').findRecent(account, 'Recover me 100% _now_', since)).toEqual({ networkPostId: outcome.networkPostId, url: outcome.url });
    expect(await connector('linkedin').findRecent(account, 'Recover me 100%_', since)).toBeNull();
    expect(await connector('linkedin').findRecent(account, 'Recover me', new Date(Date.now() + 60_000))).toBeNull();
  });

  it('refreshes only a link that has a refresh token', async () => {
    expect(await connector().refresh(account)).toBeNull();
    const fresh = await connector().refresh({ ...account, refreshToken: 'sandbox-refresh-old' });
    expect(fresh?.accessToken).toMatch(/^sandbox-/);
    expect(fresh?.refreshToken).toMatch(/^sandbox-refresh-/);
    expect(fresh?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3_600_000);
  });
});

describe('through the registry', () => {
  it('publishes a sandbox link as its holder, and a lapsed sandbox link without a refresh token needs a relink', async () => {
    const db = database.handle.db;
    const [link] = await db
      .insert(socialAccounts)
      .values({ userId: user.id, network: 3, externalId: 'sandbox:pat poster', username: 'Pat Poster', ...storedTokens(config, { accessToken: 'sandbox-a', refreshToken: null }), tokenExpiresAt: new Date(Date.now() + 3_600_000), pages: [{ id: 'li-company-1', name: 'Acme', picture: null }], pageId: 'li-company-1' })
      .returning();
    const result = await withFreshAccount({ db, config }, { userId: user.id, companyId: company.id, network: 'linkedin' }, (c, a) => c.publish(a, requestOf('Via registry', { shareId: 107 })));
    expect(result).toMatchObject({ kind: 'done', value: { kind: 'published' } });
    const [row] = await db.select().from(sandboxPosts).where(eq(sandboxPosts.shareId, 107));
    expect(row).toMatchObject({ network: 3, authorName: 'Pat Poster', pageName: 'Acme', companyId: company.id });

    await db.update(socialAccounts).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(socialAccounts.id, link?.id ?? 0));
    expect(await withFreshAccount({ db, config }, { userId: user.id, companyId: company.id, network: 'linkedin' }, async () => 1)).toEqual({ kind: 'relink', detail: 'The token has expired and the network gives no refresh token.' });
    const [after] = await db.select({ isActive: socialAccounts.isActive }).from(socialAccounts).where(eq(socialAccounts.id, link?.id ?? 0));
    expect(after?.isActive).toBe(false);
  });
});
