import { AuditLogResponse, ErrorCode, Role } from '@chorus/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const AUDIT = '/api/v1/admin/audit';

let t: TestContext;
let f: Tenants;
let manager: UserRow;
let managerToken: string;
let creatorToken: string;
let goneId: number;

/** The log's start: each entry a minute after the one before, from this instant. */
const START = Date.parse('2026-03-01T09:00:00.000Z');

function minute(n: number): Date {
  return new Date(START + n * 60_000);
}

/** Reads the log as `token` with the query `params`, expecting a page. */
async function read(token: string, params: Record<string, string | number> = {}, subdomain = 'acme'): Promise<AuditLogResponse> {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  const res = await get(t.app, subdomain, search === '' ? AUDIT : `${AUDIT}?${search}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return AuditLogResponse.parse(res.json());
}

function actions(page: AuditLogResponse): string[] {
  return page.objects.map((entry) => entry.action);
}

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  manager = await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }], { firstName: 'Jordan', lastName: 'Patel' });
  managerToken = await sessionFor(t.db, manager);
  creatorToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.CONTENT_CREATOR }]));
  const nameless = await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }], { firstName: '', lastName: '', email: 'nameless@acme.test' });
  const gone = await buildUser(t.db, []);
  goneId = gone.id;
  await t.db.insert(auditLog).values([
    { companyId: f.acme.id, actor: `cli:operator`, action: 'company.create', target: 'acme', data: { name: 'Acme Corporation' }, created: minute(0) },
    { companyId: f.acme.id, actor: `user:${f.acmeAdmin.id}`, action: 'compliance.update', target: null, data: { before: { threshold: 2 }, after: { threshold: 5 } }, created: minute(1) },
    { companyId: f.acme.id, actor: `user:${manager.id}`, action: 'post.create', target: 'Spring launch', data: { title: 'Spring launch' }, created: minute(2) },
    { companyId: f.acme.id, actor: `user:${manager.id}`, action: 'post.publish', target: 'Spring launch', data: { title: 'Spring launch' }, created: minute(3) },
    { companyId: f.acme.id, actor: `user:${goneId}`, action: 'post.delete', target: '100% real_results', data: { title: '100% real_results' }, created: minute(4) },
    { companyId: f.acme.id, actor: `user:${nameless.id}`, action: 'postal.update', target: null, data: { note: 'Not a post action' }, created: minute(5) },
    { companyId: f.acme.id, actor: 'system', action: 'post.expire', target: 'Winter sale', data: {}, created: minute(6) },
    // Another company's entries, and one of none (the demo seed), never show on Acme.
    { companyId: f.globex.id, actor: `user:${f.globexUser.id}`, action: 'compliance.update', target: 'Spring launch', data: { secret: 'globex only' }, created: minute(7) },
    { companyId: null, actor: 'cli:operator', action: 'demo.seed', target: null, data: { companies: 2 }, created: minute(8) },
  ]);
  await t.db.delete(users).where(eq(users.id, goneId));
});
afterAll(() => t.close());

describe('GET /api/v1/admin/audit', () => {
  it("show an admin the company's entries only, newest first, with who, what, when and the change", async () => {
    const page = await read(f.tokens.acmeAdmin);
    expect(actions(page)).toEqual(['post.expire', 'postal.update', 'post.delete', 'post.publish', 'post.create', 'compliance.update', 'company.create']);
    expect(page).toMatchObject({ num_results: 7, total_pages: 1, page_num: 1 });
    expect(page.objects[5]).toEqual({
      id: expect.any(Number),
      created: '2026-03-01T09:01:00.000Z',
      action: 'compliance.update',
      actor: { kind: 'user', id: f.acmeAdmin.id, name: `${f.acmeAdmin.firstName} ${f.acmeAdmin.lastName}` },
      target: null,
      data: { before: { threshold: 2 }, after: { threshold: 5 } },
    });
    expect(JSON.stringify(page)).not.toContain('globex only');
    expect(JSON.stringify(page)).not.toContain('demo.seed');
  });

  it("name each actor: a person by their name now (their address when they gave none, null once deleted), the operator by login, the system", async () => {
    const byAction = new Map((await read(managerToken)).objects.map((entry) => [entry.action, entry.actor]));
    expect(byAction.get('post.publish')).toEqual({ kind: 'user', id: manager.id, name: 'Jordan Patel' });
    expect(byAction.get('postal.update')).toEqual({ kind: 'user', id: expect.any(Number), name: 'nameless@acme.test' });
    expect(byAction.get('post.delete')).toEqual({ kind: 'user', id: goneId, name: null });
    expect(byAction.get('company.create')).toEqual({ kind: 'cli', id: null, name: 'operator' });
    expect(byAction.get('post.expire')).toEqual({ kind: 'system', id: null, name: null });
  });

  it.each<[string, () => Record<string, string | number>, string[]]>([
    ['a family: every post.* and nothing else (postal.update is not a post action)', () => ({ action: 'post' }), ['post.expire', 'post.delete', 'post.publish', 'post.create']],
    ['one action exactly', () => ({ action: 'post.publish' }), ['post.publish']],
    ['an action nobody did', () => ({ action: 'post.restore' }), []],
    ['one person', () => ({ actor_id: manager.id }), ['post.publish', 'post.create']],
    ['text in the target, in any case', () => ({ query: 'SPRING' }), ['post.publish', 'post.create']],
    ['text in the data', () => ({ query: 'not a post' }), ['postal.update']],
    ['a percent sign and an underscore as themselves', () => ({ query: '100% real_' }), ['post.delete']],
    ['wildcards match nothing else', () => ({ query: '%' }), ['post.delete']],
    ['from (inclusive)', () => ({ from: '2026-03-01T09:05:00.000Z' }), ['post.expire', 'postal.update']],
    ['to (exclusive), with an offset', () => ({ to: '2026-03-01T10:02:00+01:00' }), ['compliance.update', 'company.create']],
    ['filters together', () => ({ action: 'post', query: 'spring', from: '2026-03-01T09:03:00Z' }), ['post.publish']],
  ])('filter: %s', async (_, params, expected) => {
    const page = await read(f.tokens.acmeAdmin, params());
    expect(actions(page)).toEqual(expected);
    expect(page.num_results).toBe(expected.length);
  });

  it('page through the log, 50 a page unless asked', async () => {
    const first = await read(f.tokens.acmeAdmin, { results_per_page: 3 });
    expect(actions(first)).toEqual(['post.expire', 'postal.update', 'post.delete']);
    expect(first).toMatchObject({ num_results: 7, total_pages: 3, page_num: 1 });
    const last = await read(f.tokens.acmeAdmin, { results_per_page: 3, page_num: 3 });
    expect(actions(last)).toEqual(['company.create']);
    expect(last.page_num).toBe(3);
    expect((await read(f.tokens.acmeAdmin, { results_per_page: 3, page_num: 4 })).objects).toEqual([]);
    // Entries of one instant keep a stable order: the later id first.
    await t.db.insert(auditLog).values(
      Array.from({ length: 52 }, (_, i) => ({ companyId: f.acme.id, actor: 'cli:bulk', action: 'invite.create', target: `bulk${i}@acme.test`, data: {}, created: minute(-10) })),
    );
    const full = await read(f.tokens.acmeAdmin);
    expect(full).toMatchObject({ num_results: 59, total_pages: 2 });
    expect(full.objects).toHaveLength(50);
    const bulk = (await read(f.tokens.acmeAdmin, { action: 'invite', results_per_page: 100 })).objects.map((entry) => entry.target);
    expect(bulk).toEqual(Array.from({ length: 52 }, (_, i) => `bulk${51 - i}@acme.test`));
    await t.db.delete(auditLog).where(eq(auditLog.actor, 'cli:bulk'));
  });

  it('refuse bad input with 201', async () => {
    for (const query of ['action=POST%25', 'actor_id=abc', 'from=yesterday', 'to=2026-03-01', 'page_num=0', 'results_per_page=101', `query=${'x'.repeat(201)}`]) {
      const res = await get(t.app, 'acme', `${AUDIT}?${query}`, f.tokens.acmeAdmin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
  });

  it('answer 401 without a session', async () => {
    expect((await get(t.app, 'acme', AUDIT)).statusCode).toBe(401);
  });

  it('refuse members and content creators (403)', async () => {
    for (const token of [f.tokens.acmeUser, creatorToken, f.tokens.multi]) {
      const res = await get(t.app, 'acme', AUDIT, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it("refuse another company's session, and show a company's manager their own company's log only", async () => {
    expect((await get(t.app, 'globex', AUDIT, f.tokens.acmeAdmin)).statusCode).toBe(401);
    const globex = await read(f.tokens.multiGlobex, {}, 'globex');
    expect(globex.objects.map((entry) => entry.data)).toEqual([{ secret: 'globex only' }]);
  });

  it('show a change saved through the compliance screen, by the admin who saved it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/company/settings/compliance',
      headers: { host: hostOf('acme'), 'content-type': 'application/json', 'x-auth-token': f.tokens.acmeAdmin },
      payload: JSON.stringify({ enabled: true, prohibited: ['zq-audit-term'], limited: [], threshold: 4 }),
    });
    expect(res.statusCode).toBe(200);
    const [entry] = (await read(managerToken, { action: 'compliance', query: 'zq-audit-term' })).objects;
    expect(entry?.actor).toEqual({ kind: 'user', id: f.acmeAdmin.id, name: `${f.acmeAdmin.firstName} ${f.acmeAdmin.lastName}` });
    expect(entry?.data).toMatchObject({ after: { enabled: true, threshold: 4 }, prohibited: { added: ['zq-audit-term'], removed: [] } });
  });
});
