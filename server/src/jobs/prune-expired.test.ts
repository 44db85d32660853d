import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../auth/one-time-tokens.ts';
import { samlRequestCache } from '../auth/saml-request-cache.ts';
import { createSession } from '../auth/sessions.ts';
import { loginKey } from '../auth/login-throttle.ts';
import { loginFailures, oneTimeTokens, samlRequests, sessions } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';
import { pruneExpired } from './prune-expired.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 60 * 60 * 1000);

describe('pruneExpired', () => {
  it('deletes expired sessions, week-old expired tokens, stale SAML requests and old failures, and keeps the rest', async () => {
    await t.db.delete(sessions);
    await createSession(t.db, f.acmeUser.id, f.acme.id);
    await createSession(t.db, f.acmeAdmin.id, f.acme.id);
    const [stale] = await t.db.select().from(sessions).where(eq(sessions.userId, f.acmeAdmin.id));
    await t.db.update(sessions).set({ expiresAt: hoursAgo(1) }).where(eq(sessions.id, stale?.id ?? 0));

    await issueOneTimeToken(t.db, { kind: 'recovery', userId: f.acmeUser.id, companyId: f.acme.id, email: null, ttlMs: 60_000 });
    await issueOneTimeToken(t.db, { kind: 'magic-link', userId: f.acmeUser.id, companyId: f.acme.id, email: null, ttlMs: -2 * 24 * 3600_000 });
    await issueOneTimeToken(t.db, { kind: 'magic-link', userId: f.acmeUser.id, companyId: f.acme.id, email: null, ttlMs: -8 * 24 * 3600_000 });

    const cache = samlRequestCache(t.db, f.acme.id);
    await cache.saveAsync('_fresh', new Date().toISOString());
    await t.db.insert(samlRequests).values({ id: '_stale', companyId: f.acme.id, value: 'x', created: hoursAgo(1) });

    await t.db.insert(loginFailures).values([
      { emailKey: loginKey(f.acmeUser.email), userId: f.acmeUser.id, created: new Date() },
      { emailKey: loginKey('gone@acme.test'), userId: null, created: hoursAgo(2) },
    ]);

    const before = (await t.db.select().from(oneTimeTokens)).length;
    expect(await pruneExpired(t.db)).toEqual({ sessions: 1, oneTimeTokens: 1, samlRequests: 1, loginFailures: 1 });
    expect((await t.db.select().from(sessions)).map((s) => s.userId)).toEqual([f.acmeUser.id]);
    expect((await t.db.select().from(oneTimeTokens)).length).toBe(before - 1);
    expect((await t.db.select().from(samlRequests)).map((r) => r.id)).toEqual(['_fresh']);
    expect(await t.db.select().from(loginFailures)).toHaveLength(1);
  });
});
