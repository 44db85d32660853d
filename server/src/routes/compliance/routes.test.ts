import { ComplianceSettings, ComplianceValidateResponse, ErrorCode, Network, Role, type ComplianceSettings as Settings } from '@chorus/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertCompliant } from '../../commands/compliance.ts';
import { auditLog, companies, companyCompliance } from '../../db/schema.ts';
import { ApiError, FACEBOOK_REPHRASE_MESSAGE } from '../../errors.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const SETTINGS = '/api/v1/company/settings/compliance';
const VALIDATE = '/api/v2/compliance/validate';

let t: TestContext;
let f: Tenants;
let acmePostId: number;
let globexPostId: number;
let managerToken: string;

const RULES: Settings = { enabled: true, prohibited: ['guaranteed returns', 'Crypto'], limited: ['free', 'best', 'exclusive'], threshold: 2 };

function put(subdomain: string, token: string | undefined, body: unknown) {
  return t.app.inject({ method: 'PUT', url: SETTINGS, headers: { host: hostOf(subdomain), 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, payload: JSON.stringify(body) });
}

function validate(token: string | undefined, content: string, extra: Record<string, unknown> = {}, subdomain = 'acme') {
  return post(t.app, subdomain, VALIDATE, { post_id: acmePostId, network_id: Network.LINKEDIN, content, session_index: 'session-7', ...extra }, token);
}

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  acmePostId = (await buildPost(t.db, f.acme)).id;
  globexPostId = (await buildPost(t.db, f.globex)).id;
  managerToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }]));
});
afterAll(() => t.close());

beforeEach(async () => {
  expect((await put('acme', f.tokens.acmeAdmin, RULES)).statusCode).toBe(200);
});

describe('GET and PUT /api/v1/company/settings/compliance', () => {
  it('let an ADMIN read and replace the lists, threshold and toggle', async () => {
    const res = await put('acme', f.tokens.acmeAdmin, { enabled: false, prohibited: [' Leaked ', 'leaked', 'secret formula'], limited: ['cheapest'], threshold: 0 });
    expect(res.statusCode).toBe(200);
    // Trimmed, and a repeat (in any case) kept once.
    expect(ComplianceSettings.parse(res.json())).toEqual({ enabled: false, prohibited: ['Leaked', 'secret formula'], limited: ['cheapest'], threshold: 0 });
    expect((await get(t.app, 'acme', SETTINGS, f.tokens.acmeAdmin)).json()).toEqual({ enabled: false, prohibited: ['Leaked', 'secret formula'], limited: ['cheapest'], threshold: 0 });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, f.acme.id));
    expect(row?.featureToggles.compliance_enabled).toBe(false);
    // Only that toggle moved.
    expect(row?.featureToggles.twitter_enabled).toBe(true);
  });

  it('write who changed what to the audit log, in the same transaction: toggle and threshold before and after, terms added and removed', async () => {
    const res = await put('acme', f.tokens.acmeAdmin, { enabled: false, prohibited: ['Crypto', 'insider tip'], limited: ['free', 'best'], threshold: 5 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, f.acme.id), eq(auditLog.action, 'compliance.update'))).orderBy(desc(auditLog.id)).limit(1);
    expect(row?.actor).toBe(`user:${f.acmeAdmin.id}`);
    expect(row?.target).toBeNull();
    expect(row?.data).toEqual({
      before: { enabled: true, threshold: 2 },
      after: { enabled: false, threshold: 5 },
      prohibited: { added: ['insider tip'], removed: ['guaranteed returns'] },
      limited: { added: [], removed: ['exclusive'] },
    });
    // A refused change writes nothing.
    const before = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, f.acme.id));
    expect((await put('acme', managerToken, RULES)).statusCode).toBe(403);
    expect((await put('acme', f.tokens.acmeAdmin, { ...RULES, threshold: -1 })).statusCode).toBe(400);
    expect(await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, f.acme.id))).toHaveLength(before.length);
  });

  it('show a company that never saved lists as empty, with the default threshold', async () => {
    const globexAdmin = await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]);
    const res = await get(t.app, 'globex', SETTINGS, await sessionFor(t.db, globexAdmin));
    expect(res.json()).toEqual({ enabled: false, prohibited: [], limited: [], threshold: 3 });
  });

  it('refuse bad input with 201, changing nothing', async () => {
    for (const body of [
      { ...RULES, threshold: -1 },
      { ...RULES, threshold: 1.5 },
      { ...RULES, prohibited: ['  '] },
      { ...RULES, limited: ['x'.repeat(101)] },
      { ...RULES, enabled: 'yes' },
      { prohibited: [], limited: [] },
    ]) {
      const res = await put('acme', f.tokens.acmeAdmin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
    expect((await get(t.app, 'acme', SETTINGS, f.tokens.acmeAdmin)).json()).toEqual(RULES);
  });

  it('answer 401 without a session', async () => {
    expect((await get(t.app, 'acme', SETTINGS)).statusCode).toBe(401);
    expect((await put('acme', undefined, RULES)).statusCode).toBe(401);
  });

  it('refuse members and managers (403)', async () => {
    for (const token of [f.tokens.acmeUser, managerToken, f.tokens.multi]) {
      expect((await get(t.app, 'acme', SETTINGS, token)).json().error).toBe(ErrorCode.FORBIDDEN);
      expect((await put('acme', token, { ...RULES, prohibited: [] })).statusCode).toBe(403);
    }
    expect((await get(t.app, 'acme', SETTINGS, f.tokens.acmeAdmin)).json()).toEqual(RULES);
  });

  it("refuse another company's admin: a session works only on its own company's host", async () => {
    expect((await get(t.app, 'globex', SETTINGS, f.tokens.acmeAdmin)).statusCode).toBe(401);
    expect((await put('globex', f.tokens.acmeAdmin, RULES)).statusCode).toBe(401);
  });
});

describe('POST /api/v2/compliance/validate', () => {
  it.each<[string, string, number | null, string[], string[]]>([
    ['a clean caption is valid', 'Proud of what our team shipped this week.', null, [], []],
    ['empty content is valid', '', null, [], []],
    ['a limited term: type 0', 'Free coffee at the launch', 0, ['free'], []],
    ['limited terms at the threshold: type 0', 'Free and exclusive', 0, ['free', 'exclusive'], []],
    ['over the threshold: type 2', 'FREE, the best, exclusive', 2, ['free', 'best', 'exclusive'], []],
    ['a prohibited term: type 1', 'guaranteed   returns with crypto', 1, [], ['guaranteed returns', 'Crypto']],
  ])('%s', async (_name, content, typeId, limited, prohibited) => {
    const res = await validate(f.tokens.acmeUser, content);
    expect(res.statusCode).toBe(200);
    const body = ComplianceValidateResponse.parse(res.json());
    expect(body).toMatchObject({ type_id: typeId, content_metadata: { content_limited_set: limited, content_prohibited_set: prohibited }, session_index: 'session-7' });
  });

  it('marks where each term is in the caption', async () => {
    const content = 'Our café: free! Not crypto.';
    const body = ComplianceValidateResponse.parse((await validate(f.tokens.acmeUser, content)).json());
    expect(body.matches.map((m) => [content.slice(m.start, m.end), m.term, m.kind])).toEqual([
      ['free', 'free', 'limited'],
      ['crypto', 'Crypto', 'prohibited'],
    ]);
  });

  it('echoes a numeric session index', async () => {
    expect((await validate(f.tokens.acmeUser, 'free', { session_index: 42 })).json().session_index).toBe(42);
  });

  it('answers valid for everything while the compliance toggle is off', async () => {
    await put('acme', f.tokens.acmeAdmin, { ...RULES, enabled: false });
    expect((await validate(f.tokens.acmeUser, 'guaranteed returns')).json()).toMatchObject({ type_id: null, content_metadata: { content_limited_set: [], content_prohibited_set: [] }, matches: [] });
  });

  it('uses new lists at once, also when another process changed them', async () => {
    expect((await validate(f.tokens.acmeUser, 'a leaked memo')).json().type_id).toBe(null);
    await put('acme', f.tokens.acmeAdmin, { ...RULES, prohibited: ['leaked'] });
    expect((await validate(f.tokens.acmeUser, 'a leaked memo')).json().type_id).toBe(1);
    // Another process's write: only the row and its version change, this process's matcher is stale.
    await t.db
      .update(companyCompliance)
      .set({ limited: ['memo'], prohibited: [], version: sql`${companyCompliance.version} + 1` })
      .where(eq(companyCompliance.companyId, f.acme.id));
    expect((await validate(f.tokens.acmeUser, 'a leaked memo')).json()).toMatchObject({ type_id: 0, content_metadata: { content_limited_set: ['memo'] } });
  });

  it('keeps each company to its own lists', async () => {
    const globexAdmin = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]));
    await put('globex', globexAdmin, { enabled: true, prohibited: ['acme'], limited: [], threshold: 1 });
    const globex = await post(t.app, 'globex', VALIDATE, { post_id: globexPostId, network_id: 1, content: 'crypto at acme', session_index: 'g' }, f.tokens.globexUser);
    expect(globex.json()).toMatchObject({ type_id: 1, content_metadata: { content_prohibited_set: ['acme'] } });
    expect((await validate(f.tokens.acmeUser, 'crypto at acme')).json()).toMatchObject({ type_id: 1, content_metadata: { content_prohibited_set: ['Crypto'] } });
  });

  it("refuses another company's post (662) and bad input (201)", async () => {
    expect((await validate(f.tokens.acmeUser, 'x', { post_id: globexPostId })).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    for (const extra of [{ network_id: 5 }, { post_id: 'abc' }, { content: 1 }, { session_index: { a: 1 } }, { content: 'x'.repeat(10_001) }]) {
      const res = await validate(f.tokens.acmeUser, 'x', extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
  });

  it('answers 401 without a session and to a session of another company', async () => {
    expect((await validate(undefined, 'free')).statusCode).toBe(401);
    expect((await validate(f.tokens.globexUser, 'free')).statusCode).toBe(401);
  });
});

describe('assertCompliant (the share, queue and schedule commands check again)', () => {
  it('lets valid captions through and refuses the others with 470, in Facebook words on Facebook', async () => {
    await expect(assertCompliant(t.db, f.acme, 'free coffee', Network.LINKEDIN)).resolves.toBeUndefined();
    await expect(assertCompliant(t.db, f.acme, '', Network.TWITTER)).resolves.toBeUndefined();
    const refusal = (content: string, network: number) => assertCompliant(t.db, f.acme, content, network).then(() => null, (error: unknown) => error);
    const linkedIn = await refusal('guaranteed returns', Network.LINKEDIN);
    expect(linkedIn).toBeInstanceOf(ApiError);
    expect(linkedIn).toMatchObject({ code: ErrorCode.REPHRASE, status: 422, message: 'Please rephrase to share.' });
    expect(await refusal('free best exclusive', Network.FACEBOOK)).toMatchObject({ code: ErrorCode.REPHRASE, message: FACEBOOK_REPHRASE_MESSAGE });
    await put('acme', f.tokens.acmeAdmin, { ...RULES, enabled: false });
    await expect(assertCompliant(t.db, f.acme, 'guaranteed returns', Network.FACEBOOK)).resolves.toBeUndefined();
  });
});
