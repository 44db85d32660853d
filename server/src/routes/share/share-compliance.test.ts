/**
 * Share now and share intents check the caption against the company's compliance rules again
 * (470, Facebook's own wording on Facebook), whatever the editor showed; nothing is written.
 */
import { AUTH_HEADER, ErrorCode, Network } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveComplianceSettings } from '../../commands/compliance.ts';
import { shares } from '../../db/schema.ts';
import { FACEBOOK_REPHRASE_MESSAGE } from '../../errors.ts';
import { createTestContext, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  await saveComplianceSettings(t.db, f.acme.id, { enabled: true, prohibited: ['guaranteed returns'], limited: ['cheap', 'free'], threshold: 1 }, 'cli:test');
});
afterAll(() => t.close());

async function linkedMember(network: 'twitter' | 'linkedin' | 'facebook') {
  const user = await buildUser(t.db, [{ company: f.acme }]);
  await linkNetwork(t.db, t.config, user, network);
  return { user, token: await sessionFor(t.db, user, f.acme) };
}

describe('compliance on share', () => {
  it('refuses a prohibited term (470) and a caption over the threshold, and writes no share', async () => {
    const { token } = await linkedMember('linkedin');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/a' });
    const prohibited = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'GUARANTEED   returns for all' }, token);
    expect(prohibited.statusCode).toBe(422);
    expect(prohibited.json()).toMatchObject({ error: ErrorCode.REPHRASE, message: 'Please rephrase to share.' });
    const tooMany = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'Cheap and free' }, token);
    expect(tooMany.json()).toMatchObject({ error: ErrorCode.REPHRASE });
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);

    // One limited term is within the threshold: shared.
    const fine = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'A cheap trick, explained' }, token);
    expect(fine.statusCode).toBe(200);
    expect((await t.db.select().from(shares).where(eq(shares.postId, row.id))).map((s) => s.state)).toEqual(['published']);
  });

  it('answers in Facebook’s wording on a Facebook intent', async () => {
    const { token } = await linkedMember('facebook');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/b' });
    const res = await post(t.app, 'acme', '/api/v3/share/intent', { post_id: row.id, network_id: Network.FACEBOOK, content: 'Guaranteed returns!' }, token);
    expect(res.json()).toEqual({ error: ErrorCode.REPHRASE, message: FACEBOOK_REPHRASE_MESSAGE });
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);
  });

  it('refuses a scheduled share with a prohibited term, and a queued caption changed to one', async () => {
    const { token } = await linkedMember('linkedin');
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/d' });
    const time = new Date(Date.now() + 30 * 3_600_000).toISOString();
    const refused = await post(t.app, 'acme', '/api/v4/post/deferred', { network: Network.LINKEDIN, post: row.id, time, content: 'Guaranteed returns' }, token);
    expect(refused.json()).toMatchObject({ error: ErrorCode.REPHRASE });
    expect(await t.db.select().from(shares).where(eq(shares.postId, row.id))).toEqual([]);

    const queued = await post(t.app, 'acme', '/api/v4/post/deferred', { network: Network.LINKEDIN, post: row.id, time, content: 'Worth a read' }, token);
    const id = (queued.json() as { id: number }).id;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/post/deferred/${id}`,
      headers: { host: hostOf('acme'), [AUTH_HEADER]: token, 'content-type': 'application/json' },
      payload: { date: time, content: 'Guaranteed returns' },
    });
    expect(changed.json()).toMatchObject({ error: ErrorCode.REPHRASE });
    expect((await t.db.select().from(shares).where(eq(shares.id, id)))[0]?.content).toBe('Worth a read');
  });

  it('leaves captions alone where compliance is off (Globex)', async () => {
    const user = await buildUser(t.db, [{ company: f.globex }]);
    await linkNetwork(t.db, t.config, user, 'linkedin');
    const token = await sessionFor(t.db, user, f.globex);
    const row = await buildPost(t.db, f.globex, { url: 'https://example.com/c' });
    const res = await post(t.app, 'globex', `/api/v3/share/linkedin/${row.id}`, { content: 'Guaranteed returns' }, token);
    expect(res.statusCode).toBe(200);
  });
});
