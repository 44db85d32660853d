import {
  AdminPost,
  AdminPostListResponse,
  AdminSuggestion,
  AdminSuggestionListResponse,
  ApproveSuggestionResponse,
  ErrorCode,
  NotificationType,
  Role,
  SUGGESTION_NOTE_MAX,
  SUGGESTION_PENDING_STATUS,
} from '@chorus/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuggestion } from '../../commands/suggest-content.ts';
import { auditLog, events, posts, type UserRow } from '../../db/schema.ts';
import { DRAFT_STATUS, SUGGESTION_REJECTED_STATUS } from '../../lib/admin-post-states.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const QUEUE = '/api/v1/admin/suggestions';

let t: TestContext;
let f: Tenants;
let creator: UserRow;
let creatorToken: string;
let managerToken: string;
let globexAdminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  creator = await buildUser(t.db, [{ company: f.acme, role: Role.CONTENT_CREATOR }], { firstName: 'Casey', lastName: 'Writer' });
  creatorToken = await sessionFor(t.db, creator);
  managerToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }]));
  globexAdminToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]));
});
afterAll(() => t.close());

/** A pending suggestion of Acme's member Sam Rivera (the member's own command, as their route stores it). */
async function suggestion(content: string, userId = f.acmeUser.id, companyId = f.acme.id): Promise<number> {
  const { id } = await createSuggestion(t.db, { companyId, userId, content, images: [] });
  return id;
}

async function queue(token = creatorToken, query = ''): Promise<AdminSuggestionListResponse> {
  const res = await get(t.app, 'acme', `${QUEUE}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return AdminSuggestionListResponse.parse(res.json());
}

function approve(id: number, token = creatorToken, subdomain = 'acme') {
  return post(t.app, subdomain, `${QUEUE}/${id}/approve`, {}, token);
}

function reject(id: number, body: unknown, token = creatorToken, subdomain = 'acme') {
  return post(t.app, subdomain, `${QUEUE}/${id}/reject`, body, token);
}

async function row(id: number) {
  const [found] = await t.db.select().from(posts).where(eq(posts.id, id));
  return found;
}

async function eventsOf(postId: number) {
  return t.db.select().from(events).where(eq(events.postId, postId)).orderBy(asc(events.id));
}

async function auditOf(postId: number) {
  return t.db.select().from(auditLog).where(eq(auditLog.target, `post:${postId}`)).orderBy(asc(auditLog.id));
}

describe('GET /api/v1/admin/suggestions', () => {
  it('lists the company’s pending suggestions oldest first, with who suggested each; never a post or another company’s', async () => {
    const first = await suggestion('Our booth at the expo\nCome and see us https://example.com/expo');
    const second = await suggestion('A customer story worth telling');
    await suggestion('Globex only', f.globexUser.id, f.globex.id);
    await buildPost(t.db, f.acme, { title: 'A live post' });

    const page = await queue();
    const ids = page.objects.map((item) => item.id);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second)).toBeGreaterThan(ids.indexOf(first));
    expect(page.objects.every((item) => item.state === 'pending')).toBe(true);
    expect(page.objects.some((item) => item.title === 'Globex only' || item.title === 'A live post')).toBe(false);
    const expo = page.objects.find((item) => item.id === first);
    expect(expo).toMatchObject({ title: 'Our booth at the expo', url: 'https://example.com/expo', suggested_by: { id: f.acmeUser.id, name: 'Sam Rivera' }, review: null });
  });

  it('pages the queue', async () => {
    const all = await queue();
    const page = await queue(creatorToken, '?results_per_page=1&page_num=2');
    expect(page.objects).toHaveLength(1);
    expect(page.objects[0]?.id).toBe(all.objects[1]?.id);
    expect(page.num_results).toBe(all.num_results);
    expect(page.total_pages).toBe(all.num_results);
  });

  it('refuses a plain member (403) and another company’s admin (401)', async () => {
    expect((await get(t.app, 'acme', QUEUE, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await get(t.app, 'acme', QUEUE, globexAdminToken)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/admin/suggestions/:id/approve', () => {
  it('makes the suggestion a draft credited to its member, out of the queue, with an audit row and the member’s event', async () => {
    const id = await suggestion('Approve me, please');
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ApproveSuggestionResponse.parse(res.json())).toEqual({ post_id: id });

    expect(await row(id)).toMatchObject({ status: DRAFT_STATUS, startsOnPublish: true, suggestedBy: f.acmeUser.id, reviewedBy: creator.id });
    expect((await queue()).objects.some((item) => item.id === id)).toBe(false);

    const drafts = AdminPostListResponse.parse((await get(t.app, 'acme', '/api/v1/admin/posts?state=draft', creatorToken)).json());
    expect(drafts.objects.some((item) => item.id === id)).toBe(true);
    const draft = AdminPost.parse((await get(t.app, 'acme', `/api/v1/admin/posts/${id}`, creatorToken)).json());
    expect(draft).toMatchObject({ state: 'draft', suggested_by: { id: f.acmeUser.id, name: 'Sam Rivera' } });

    expect((await auditOf(id)).map((entry) => [entry.action, entry.actor])).toEqual([['suggestion.approve', `user:${creator.id}`]]);
    const [approved] = await eventsOf(id);
    expect(approved).toMatchObject({ kind: 'suggestion_approved', userId: f.acmeUser.id, companyId: f.acme.id, data: { by: creator.id } });
  });

  it('refuses a suggestion already approved with 487 and changes nothing', async () => {
    const id = await suggestion('Approved twice?');
    expect((await approve(id)).statusCode).toBe(200);
    const before = await row(id);
    const res = await approve(id, managerToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: ErrorCode.SUGGESTION_REVIEWED });
    expect(await row(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('credits the member once when the approved draft is first published (notice type 0), not when it is published again', async () => {
    const id = await suggestion('Publish me');
    expect((await approve(id)).statusCode).toBe(200);
    const act = (action: string) => post(t.app, 'acme', '/api/v1/admin/posts/actions', { action, ids: [id] }, managerToken);
    expect((await act('publish')).json()).toMatchObject({ done: [id] });
    expect((await act('unpublish')).json()).toMatchObject({ done: [id] });
    expect((await act('publish')).json()).toMatchObject({ done: [id] });
    const credited = (await eventsOf(id)).filter((event) => event.kind === 'suggestion_published');
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ userId: f.acmeUser.id, data: { notificationType: NotificationType.SUGGESTED_POST_PUBLISHED } });
  });

  it('answers 404 for an unknown id, another company’s suggestion and a post that was never a suggestion', async () => {
    const globex = await suggestion('Globex idea', f.globexUser.id, f.globex.id);
    const live = await buildPost(t.db, f.acme, { title: 'Not a suggestion' });
    for (const id of [999_999, globex, live.id]) {
      const res = await approve(id);
      expect(res.statusCode, `post ${id}`).toBe(404);
    }
    expect((await row(globex))?.status).toBe(SUGGESTION_PENDING_STATUS);
    expect((await row(live.id))?.status).toBe(live.status);
  });

  it('lets a content creator and a manager review, and refuses a plain member (403)', async () => {
    const id = await suggestion('Members may not review');
    expect((await approve(id, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await reject(id, { reason: 'generic' }, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await row(id))?.status).toBe(SUGGESTION_PENDING_STATUS);
    expect((await approve(id, managerToken)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/admin/suggestions/:id/reject', () => {
  it('rejects with a reason and a note the member reads, lists it under rejected, and records the audit row and the member’s event', async () => {
    const id = await suggestion('We already posted this');
    const res = await reject(id, { reason: 'exists', note: '  We shared the same story last week.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const rejected = AdminSuggestion.parse(res.json());
    expect(rejected).toMatchObject({ id, state: 'rejected', review: { by: { id: creator.id, name: 'Casey Writer' }, reason: 'exists', note: 'We shared the same story last week.' } });

    expect((await queue()).objects.some((item) => item.id === id)).toBe(false);
    expect((await queue(creatorToken, '?state=rejected')).objects[0]?.id).toBe(id);
    expect(await row(id)).toMatchObject({ status: SUGGESTION_REJECTED_STATUS, reviewReason: 'exists' });

    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: 'suggestion.reject', data: { reason: 'exists', note: 'We shared the same story last week.' } });
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ kind: 'suggestion_rejected', userId: f.acmeUser.id, data: { reason: 'exists', notificationType: NotificationType.SUGGESTION_REJECTED_EXISTS } });
  });

  it('maps each reason to its notice type (12 to 16), an empty note kept as none', async () => {
    const expected = { generic: 12, standards: 13, exists: 14, brand: 15, unsuitable: 16 } as const;
    const ids: number[] = [];
    for (const [reason, type] of Object.entries(expected)) {
      const id = await suggestion(`Reason ${reason}`);
      ids.push(id);
      const res = await reject(id, { reason, note: '   ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(AdminSuggestion.parse(res.json()).review?.note).toBeNull();
      const [event] = await eventsOf(id);
      expect(event?.data).toMatchObject({ notificationType: type });
    }
    const rows = await t.db.select({ status: posts.status }).from(posts).where(and(inArray(posts.id, ids)));
    expect(rows.every((item) => item.status === SUGGESTION_REJECTED_STATUS)).toBe(true);
  });

  it('refuses an unknown reason and an over-long note (201) and changes nothing', async () => {
    const id = await suggestion('Bad reviews');
    const before = await row(id);
    const unknown = await reject(id, { reason: 'boring' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT });
    const long = await reject(id, { reason: 'generic', note: 'x'.repeat(SUGGESTION_NOTE_MAX + 1) });
    expect(long.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'note', message: 'noteLong' }] });
    expect((await reject(id, { reason: 'generic', note: 'x'.repeat(SUGGESTION_NOTE_MAX) })).statusCode).toBe(200);
    expect(before?.status).toBe(SUGGESTION_PENDING_STATUS);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses to reject twice or to reject an approved one (487), and approves a rejected one after all', async () => {
    const id = await suggestion('Second thoughts');
    expect((await reject(id, { reason: 'brand' })).statusCode).toBe(200);
    const again = await reject(id, { reason: 'generic' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: ErrorCode.SUGGESTION_REVIEWED });
    expect((await row(id))?.reviewReason).toBe('brand');

    expect((await approve(id)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: DRAFT_STATUS, reviewReason: null, reviewNote: null });
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['suggestion.reject', 'suggestion.approve']);
    expect((await reject(id, { reason: 'generic' })).statusCode).toBe(409);
  });

  it('refuses another company’s admin (401) and its suggestions (404)', async () => {
    const id = await suggestion('Acme idea');
    expect((await reject(id, { reason: 'generic' }, globexAdminToken)).statusCode).toBe(401);
    const globex = await suggestion('Globex idea two', f.globexUser.id, f.globex.id);
    expect((await reject(globex, { reason: 'generic' })).statusCode).toBe(404);
    expect((await row(globex))?.status).toBe(SUGGESTION_PENDING_STATUS);
  });
});
