/**
 * Finding 30: invisible and look-alike characters (zero-width characters, soft hyphens, the
 * U+2010 and U+2011 hyphens, Cyrillic and Greek homoglyphs) no longer slip a prohibited term
 * past the compliance rules: the editor's check names it, and share now refuses it (470) and
 * writes nothing.
 */
import { ComplianceType, ErrorCode, Network } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveComplianceSettings } from '../../server/src/commands/compliance.ts';
import { shares } from '../../server/src/db/schema.ts';
import { createTestContext, post, type TestContext } from '../../server/src/test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';
import { linkNetwork } from '../../server/src/test/social-links.ts';

let t: TestContext;
let f: Tenants;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  await saveComplianceSettings(t.db, f.acme.id, { enabled: true, prohibited: ['guaranteed returns', 'risk-free', 'crypto'], limited: [], threshold: 3 }, 'cli:test');
  const user = await buildUser(t.db, [{ company: f.acme }]);
  await linkNetwork(t.db, t.config, user, 'linkedin');
  token = await sessionFor(t.db, user, f.acme);
});
afterAll(() => t.close());

const EVASIONS: [string, string][] = [
  ['a zero-width space', 'Guaran\u200Bteed returns for everyone'],
  ['zero-width joiners', 'G\u200Duaranteed re\u200Cturns for everyone'],
  ['a soft hyphen', 'Guaran\u00ADteed returns for everyone'],
  ['a word joiner and a byte-order mark', 'Guar\u2060anteed ret\uFEFFurns for everyone'],
  ['the U+2010 hyphen', 'A risk\u2010free offer'],
  ['the U+2011 non-breaking hyphen', 'A risk\u2011free offer'],
  ['Cyrillic homoglyphs', 'Buy \u0441ry\u0440t\u043E today'],
  ['Greek homoglyphs', 'Buy cry\u03C1t\u03BF today'],
  ['Cyrillic capitals', 'BUY \u0421RYP\u0422\u041E TODAY'],
];

describe('finding 30: compliance evasion with invisible and look-alike characters', () => {
  it.each(EVASIONS)('the editor check names the term hidden with %s', async (_how, content) => {
    const post_ = await buildPost(t.db, f.acme, { url: 'https://example.com/evasion' });
    const res = await post(t.app, 'acme', '/api/v2/compliance/validate', { post_id: post_.id, network_id: Network.LINKEDIN, content, session_index: 's-1' }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { type_id: number | null; content_metadata: { content_prohibited_set: string[] } };
    expect(body.type_id).toBe(ComplianceType.PROHIBITED);
    expect(body.content_metadata.content_prohibited_set).toHaveLength(1);
  });

  it.each(EVASIONS)('share now refuses the term hidden with %s (470) and writes no share', async (_how, content) => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/evasion-share' });
    const res = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: ErrorCode.REPHRASE, message: 'Please rephrase to share.' });
    expect((await t.db.select().from(shares)).filter((share) => share.postId === row.id)).toEqual([]);
  });

  it('lets honest text through: the same words without the term are shared', async () => {
    const row = await buildPost(t.db, f.acme, { url: 'https://example.com/honest' });
    const res = await post(t.app, 'acme', `/api/v3/share/linkedin/${row.id}`, { content: 'Returns are never guaranteed \u2010 read the fine print' }, token);
    expect(res.statusCode).toBe(200);
  });
});
