/**
 * The registry: which connector speaks for a network, and withFreshAccount's database side
 * (tokens decrypted, refreshed under the link's lock and stored encrypted before use, a relink
 * marking the link inactive), against the fake X API. Also the X posting budget.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeXApi, type FakeXApi } from '../test/fakes/x-api.ts';
import { socialTokensOf, storedTokens } from '../commands/social-link.ts';
import type { Config } from '../config.ts';
import { socialAccounts, xPostBudget, type CompanyRow, type UserRow } from '../db/schema.ts';
import { testConfig } from '../test/app.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { buildCompany, buildUser } from '../test/factories.ts';
import { connectorFor, withFreshAccount, type ConnectorDeps } from './registry.ts';
import { requestOf } from '../test/connector-requests.ts';
import { takeXBudget, takeXBudgets } from './x/budget.ts';

let fake: FakeXApi;
let database: TestDatabase;
let dir: string;
let config: Config;
let deps: ConnectorDeps;
let company: CompanyRow;

beforeAll(async () => {
  fake = await startFakeXApi();
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-connectors-'));
  config = testConfig(dir, { X_CLIENT_ID: fake.clientId, X_CLIENT_SECRET: fake.clientSecret, X_API_BASE_URL: fake.baseUrl, CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.1' });
  database = await openTestDatabase();
  deps = { db: database.handle.db, config };
  company = await buildCompany(deps.db);
});
afterAll(async () => {
  await fake.close();
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function linkX(user: UserRow, tokens: { accessToken: string; refreshToken: string }, expiresAt: Date): Promise<number> {
  const [row] = await deps.db
    .insert(socialAccounts)
    .values({ userId: user.id, network: 1, externalId: '2244994945', username: 'Pat Poster', ...storedTokens(config, tokens), tokenExpiresAt: expiresAt })
    .returning({ id: socialAccounts.id });
  if (!row) throw new Error('no link');
  return row.id;
}

describe('connectorFor', () => {
  it('gives the real connector where an app is configured, the sandbox elsewhere when sandbox networks are on, else none', () => {
    expect(connectorFor(deps, 'twitter')).toMatchObject({ network: 'twitter', sandbox: false });
    expect(connectorFor(deps, 'linkedin')).toMatchObject({ network: 'linkedin', sandbox: true });
    expect(connectorFor({ ...deps, config: { ...config, sandboxNetworks: false } }, 'facebook')).toBeNull();
    const linkedin = testConfig(dir, { LINKEDIN_CLIENT_ID: 'li', LINKEDIN_CLIENT_SECRET: 'secret' });
    expect(connectorFor({ ...deps, config: linkedin }, 'linkedin')).toMatchObject({ network: 'linkedin', sandbox: false });
    expect(linkedin.networkApis).toEqual({ xApiBaseUrl: 'https://api.x.com', linkedinApiBaseUrl: 'https://api.linkedin.com', linkedinApiVersion: '202510', facebookGraphBaseUrl: 'https://graph.facebook.com', facebookGraphVersion: 'v24.0' });
  });
});

describe('withFreshAccount', () => {
  it('uses a valid token as stored, without a refresh', async () => {
    const user = await buildUser(deps.db, [{ company }]);
    await linkX(user, fake.issueTokens('2244994945'), new Date(Date.now() + 3_600_000));
    fake.clear();
    const result = await withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, (connector, account) => connector.publish(account, requestOf(`valid ${user.id}`)));
    expect(result).toMatchObject({ kind: 'done', value: { kind: 'published' } });
    expect(fake.requests.map((r) => r.path)).toEqual(['/2/tweets']);
  });

  it('refreshes a token about to lapse once for two shares racing, storing the new pair encrypted before use', async () => {
    const user = await buildUser(deps.db, [{ company }]);
    const first = fake.issueTokens('2244994945');
    const linkId = await linkX(user, first, new Date(Date.now() + 60_000));
    fake.clear();
    const share = (n: number) => withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, (connector, account) => connector.publish(account, requestOf(`race ${user.id} ${n}`)));
    const [a, b] = await Promise.all([share(1), share(2)]);
    expect(a).toMatchObject({ kind: 'done', value: { kind: 'published' } });
    expect(b).toMatchObject({ kind: 'done', value: { kind: 'published' } });
    const refreshes = fake.requests.filter((r) => r.path === '/2/oauth2/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.form?.get('refresh_token')).toBe(first.refreshToken);
    const [row] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, linkId));
    if (!row) throw new Error('link gone');
    const stored = socialTokensOf(config, row);
    expect(row.accessToken).not.toBe(stored.accessToken);
    expect(stored.accessToken).not.toBe(first.accessToken);
    expect(stored.refreshToken).not.toBe(first.refreshToken);
    expect(row.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    // Both posts went out with the refreshed token.
    expect(fake.requests.filter((r) => r.path === '/2/tweets').map((r) => r.headers.authorization)).toEqual([`Bearer ${stored.accessToken}`, `Bearer ${stored.accessToken}`]);
  });

  it('marks the link inactive when X refuses the refresh token, and answers relink', async () => {
    const user = await buildUser(deps.db, [{ company }]);
    const linkId = await linkX(user, { accessToken: 'x-at-lapsed', refreshToken: 'x-rt-spent' }, new Date(Date.now() - 1000));
    let used = false;
    const result = await withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, async () => {
      used = true;
    });
    expect(result).toEqual({ kind: 'relink', detail: 'X refused the refresh token: Value passed for the token was invalid.' });
    expect(used).toBe(false);
    const [row] = await deps.db.select({ isActive: socialAccounts.isActive }).from(socialAccounts).where(eq(socialAccounts.id, linkId));
    expect(row?.isActive).toBe(false);
    expect(await withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, async () => 1)).toEqual({ kind: 'relink', detail: 'The link is inactive.' });
  });

  it('marks the link inactive when a publish answers relink (401)', async () => {
    const user = await buildUser(deps.db, [{ company }]);
    const linkId = await linkX(user, { accessToken: 'x-at-revoked', refreshToken: 'x-rt-unused' }, new Date(Date.now() + 3_600_000));
    const result = await withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, (connector, account) => connector.publish(account, requestOf('revoked')));
    expect(result).toMatchObject({ kind: 'done', value: { kind: 'relink' } });
    const [row] = await deps.db.select({ isActive: socialAccounts.isActive }).from(socialAccounts).where(eq(socialAccounts.id, linkId));
    expect(row?.isActive).toBe(false);
  });

  it('answers not_linked without a link, unavailable without a connector', async () => {
    const user = await buildUser(deps.db, [{ company }]);
    expect(await withFreshAccount(deps, { userId: user.id, companyId: company.id, network: 'twitter' }, async () => 1)).toEqual({ kind: 'not_linked' });
    expect(await withFreshAccount({ ...deps, config: { ...config, sandboxNetworks: false } }, { userId: user.id, companyId: company.id, network: 'facebook' }, async () => 1)).toEqual({ kind: 'unavailable' });
  });
});

describe('takeXBudget', () => {
  it('counts posts per person over 15 minutes and for the whole app over 24 hours', async () => {
    await deps.db.delete(xPostBudget);
    const [a, b, c] = [await buildUser(deps.db, [{ company }]), await buildUser(deps.db, [{ company }]), await buildUser(deps.db, [{ company }])];
    const limits = { perDay: 4, perUserPer15Min: 2 };
    expect(await takeXBudget(deps.db, a.id, limits)).toEqual({ kind: 'ok' });
    expect(await takeXBudget(deps.db, a.id, limits)).toEqual({ kind: 'ok' });
    expect(await takeXBudget(deps.db, a.id, limits)).toEqual({ kind: 'spent', scope: 'user' });
    // Sixteen minutes later the person's window has moved on.
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await takeXBudget(deps.db, a.id, limits, later)).toEqual({ kind: 'ok' });
    expect(await takeXBudget(deps.db, b.id, limits, later)).toEqual({ kind: 'ok' });
    expect(await takeXBudget(deps.db, c.id, limits, later)).toEqual({ kind: 'spent', scope: 'app' });
    // A day after the first posts, they no longer count.
    const nextDay = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(await takeXBudget(deps.db, c.id, limits, nextDay)).toEqual({ kind: 'ok' });
  });

  it('never overspends when many take at once', async () => {
    await deps.db.delete(xPostBudget);
    const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(deps.db, [{ company }])));
    const results = await Promise.all(users.map((u) => takeXBudget(deps.db, u.id, { perDay: 3, perUserPer15Min: 100 })));
    expect(results.filter((r) => r.kind === 'ok')).toHaveLength(3);
  });

  it('takes a batch in order: a person past 15-minute limit and the app past its day are told which', async () => {
    await deps.db.delete(xPostBudget);
    const [a, b] = [await buildUser(deps.db, [{ company }]), await buildUser(deps.db, [{ company }])];
    const limits = { perDay: 4, perUserPer15Min: 2 };
    expect(await takeXBudgets(deps.db, [a.id, a.id, a.id, b.id, b.id, b.id], limits)).toEqual([
      { kind: 'ok' },
      { kind: 'ok' },
      { kind: 'spent', scope: 'user' },
      { kind: 'ok' },
      { kind: 'ok' },
      { kind: 'spent', scope: 'app' },
    ]);
    expect(await deps.db.select().from(xPostBudget)).toHaveLength(4);
    expect(await takeXBudgets(deps.db, [], limits)).toEqual([]);
  });
});
