import { AutoQueueResponse, ErrorCode, PushedEditResponse, PushedEditStatus, Role, TimelinePost, TimelineResponse, type UserSettings } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import { companyCompliance, events, pushedEdits, shareDrafts, shares, users, type CompanyRow, type PostRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, post, send, type TestContext } from '../../test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';
import { linkNetwork } from '../../test/social-links.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

function patch(subdomain: string, url: string, body: unknown, token?: string) {
  return send(t.app, 'PATCH', subdomain, url, body, token);
}

async function person(company: CompanyRow, role: Role = Role.USER) {
  const user = await buildUser(t.db, [{ company, role }]);
  return { user, token: await sessionFor(t.db, user, company) };
}

/** A member's LinkedIn share of a new post, queued `hours` from now (negative: its time has passed). */
async function queuedShare(company: CompanyRow, user: UserRow, hours = 30, content = 'My own words') {
  const row = await buildPost(t.db, company);
  const at = new Date(Date.now() + hours * HOUR);
  const [share] = await t.db
    .insert(shares)
    .values({ companyId: company.id, userId: user.id, postId: row.id, network: 3, state: 'queued', content, scheduledAt: at, dueAt: at, timezone: 'UTC' })
    .returning();
  if (!share) throw new Error('no share');
  return share;
}

async function contentOf(id: number) {
  const [row] = await t.db.select({ content: shares.content }).from(shares).where(eq(shares.id, id));
  return row?.content;
}

const pushUrl = (id: number) => `/api/v4/admin/post/deferred/${id}/pushed-edit`;
const decideUrl = (id: number) => `/api/v4/post/deferred/${id}/pushed-edit`;

describe('pushed admin edits', () => {
  it('an admin pushes an edit: the member sees it with its reason, accepts it, and the caption is replaced', async () => {
    const { user, token } = await person(f.acme);
    const share = await queuedShare(f.acme, user);
    const pushed = await post(t.app, 'acme', pushUrl(share.id), { content: 'Reviewed words', reason: '  Legal asked for it  ' }, f.tokens.acmeAdmin);
    expect(pushed.statusCode).toBe(200);
    expect(PushedEditResponse.parse(pushed.json())).toMatchObject({ network: { network_id: 3, deferred_post_id: share.id, content: 'My own words' }, pushed_edits: [{ content: 'Reviewed words', reason: 'Legal asked for it' }] });
    expect(await contentOf(share.id)).toBe('My own words');

    const list = TimelineResponse.parse((await get(t.app, 'acme', '/api/v5/post/timeline/queued', token)).json());
    expect(list.objects.find((o) => o.id === share.id)?.pushed_edits).toEqual([{ content: 'Reviewed words', reason: 'Legal asked for it' }]);
    const notified = await t.db.select().from(events).where(and(eq(events.kind, 'queued_post_changed'), eq(events.userId, user.id)));
    expect(notified).toHaveLength(1);
    expect(notified[0]?.data).toMatchObject({ notificationType: 24, shareId: share.id, by: f.acmeAdmin.id });

    const accepted = await patch('acme', decideUrl(share.id), { status: PushedEditStatus.ACCEPTED }, token);
    expect(accepted.statusCode).toBe(200);
    expect(PushedEditResponse.parse(accepted.json())).toMatchObject({ network: { content: 'Reviewed words' }, pushed_edits: [] });
    expect(await contentOf(share.id)).toBe('Reviewed words');
    const [edit] = await t.db.select().from(pushedEdits).where(eq(pushedEdits.shareId, share.id));
    expect(edit).toMatchObject({ status: PushedEditStatus.ACCEPTED, adminUserId: f.acmeAdmin.id });
    expect(edit?.decidedAt).not.toBeNull();
    const one = TimelinePost.parse((await get(t.app, 'acme', `/api/v5/post/timeline/queued/${share.id}`, token)).json());
    expect(one).toMatchObject({ content: 'Reviewed words', pushed_edits: [] });

    // Decided once: a second decision answers 496 and changes nothing; the member may still edit.
    const again = await patch('acme', decideUrl(share.id), { status: PushedEditStatus.REJECTED }, token);
    expect(again.json().error).toBe(ErrorCode.PUSHED_EDIT_FAILED);
    expect(again.json().message).toBe('Something went wrong accepting or rejecting admin edits. Your post has not been changed.');
    const edited = await send(t.app, 'PUT', 'acme', `/api/v4/post/deferred/${share.id}`, { date: new Date(Date.now() + 40 * HOUR).toISOString(), content: 'My final words' }, token);
    expect(edited.statusCode).toBe(200);
    expect(await contentOf(share.id)).toBe('My final words');
  });

  it('a manager pushes; a newer push replaces the waiting one; the member rejects and keeps the caption', async () => {
    const { user, token } = await person(f.acme);
    const manager = await person(f.acme, Role.MANAGER);
    const share = await queuedShare(f.acme, user);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'First idea', reason: 'Tone' }, manager.token)).statusCode).toBe(200);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'Second idea', reason: 'Better tone' }, f.tokens.acmeAdmin)).statusCode).toBe(200);
    const one = TimelinePost.parse((await get(t.app, 'acme', `/api/v5/post/timeline/queued/${share.id}`, token)).json());
    expect(one.pushed_edits).toEqual([{ content: 'Second idea', reason: 'Better tone' }]);

    const rejected = await patch('acme', decideUrl(share.id), { status: PushedEditStatus.REJECTED }, token);
    expect(rejected.statusCode).toBe(200);
    expect(PushedEditResponse.parse(rejected.json())).toMatchObject({ network: { content: 'My own words' }, pushed_edits: [] });
    expect(await contentOf(share.id)).toBe('My own words');
    expect((await t.db.select().from(pushedEdits).where(eq(pushedEdits.shareId, share.id))).map((e) => e.status)).toEqual([PushedEditStatus.REJECTED]);
    const decided = await t.db.select().from(events).where(and(eq(events.kind, 'pushed_edit_decided'), eq(events.userId, user.id)));
    expect(decided.map((e) => e.data)).toEqual([expect.objectContaining({ shareId: share.id, status: PushedEditStatus.REJECTED })]);
  });

  it('refuses a member, no session, another company, another member and a bad status or reason', async () => {
    const { user, token } = await person(f.acme);
    const share = await queuedShare(f.acme, user);
    const body = { content: 'Reviewed words', reason: 'Legal' };
    expect((await post(t.app, 'acme', pushUrl(share.id), body, token)).json().error).toBe(ErrorCode.FORBIDDEN);
    expect((await post(t.app, 'acme', pushUrl(share.id), body)).statusCode).toBe(401);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'x' }, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'x', reason: '   ' }, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'x', reason: 'r'.repeat(501) }, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    // Globex's manager, on Globex's host, does not find Acme's share.
    const fromGlobex = await post(t.app, 'globex', pushUrl(share.id), body, f.tokens.multiGlobex);
    expect(fromGlobex.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await t.db.select().from(pushedEdits).where(eq(pushedEdits.shareId, share.id))).toHaveLength(0);

    expect((await post(t.app, 'acme', pushUrl(share.id), body, f.tokens.acmeAdmin)).statusCode).toBe(200);
    const other = await person(f.acme);
    expect((await patch('acme', decideUrl(share.id), { status: 1 }, other.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await patch('acme', decideUrl(share.id), { status: 1 })).statusCode).toBe(401);
    expect((await patch('acme', decideUrl(share.id), { status: 0 }, token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await contentOf(share.id)).toBe('My own words');
    expect((await t.db.select().from(pushedEdits).where(eq(pushedEdits.shareId, share.id))).map((e) => e.status)).toEqual([PushedEditStatus.NEW]);
  });

  it('a share whose time has passed takes no edit, shows none and cannot decide one', async () => {
    const { user, token } = await person(f.acme);
    const share = await queuedShare(f.acme, user, -1);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'Late', reason: 'Late' }, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    await t.db.insert(pushedEdits).values({ companyId: f.acme.id, shareId: share.id, adminUserId: f.acmeAdmin.id, content: 'Late', reason: 'Late' });
    expect(TimelinePost.parse((await get(t.app, 'acme', `/api/v5/post/timeline/queued/${share.id}`, token)).json()).pushed_edits).toEqual([]);
    const res = await patch('acme', decideUrl(share.id), { status: PushedEditStatus.ACCEPTED }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ErrorCode.PUSHED_EDIT_FAILED);
    expect(await contentOf(share.id)).toBe('My own words');
  });

  it('checks the caption as a member update does: 660 over LinkedIn\'s length, 470 for a prohibited term', async () => {
    const { user } = await person(f.acme);
    const share = await queuedShare(f.acme, user);
    expect((await post(t.app, 'acme', pushUrl(share.id), { content: 'a'.repeat(3001), reason: 'Longer' }, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.LINKEDIN_TOO_LONG);

    const strict = await buildCompany(t.db, { subdomain: 'strict', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, compliance_enabled: true } });
    await t.db.insert(companyCompliance).values({ companyId: strict.id, prohibited: ['forbidden'] });
    const admin = await person(strict, Role.ADMIN);
    const { user: member } = await person(strict);
    const theirs = await queuedShare(strict, member);
    const res = await post(t.app, 'strict', pushUrl(theirs.id), { content: 'A forbidden thing', reason: 'Try this' }, admin.token);
    expect(res.json().error).toBe(ErrorCode.REPHRASE);
    expect(await t.db.select().from(pushedEdits).where(eq(pushedEdits.shareId, theirs.id))).toHaveLength(0);
  });
});

describe('POST /api/v4/admin/post/{postId}/auto-queue', () => {
  let company: CompanyRow;
  let admin: { user: UserRow; token: string };
  let livePost: PostRow;

  async function optIn(user: UserRow, change: Partial<UserSettings['post_queue']['linkedin']> = {}) {
    const linkedin = { ...user.settings.post_queue.linkedin, auto_queue_enabled: true, ...change };
    await t.db
      .update(users)
      .set({ settings: { ...user.settings, post_queue: { ...user.settings.post_queue, linkedin } } })
      .where(eq(users.id, user.id));
  }

  beforeAll(async () => {
    company = await buildCompany(t.db, { subdomain: 'autoq', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, auto_queue_enabled: true } });
    admin = await person(company, Role.ADMIN);
    livePost = await buildPost(t.db, company, { content: 'Our news' });
  });

  it('queues for each opted-in person, skips the others and counts who could not be queued', async () => {
    const ready = (await person(company)).user;
    await linkNetwork(t.db, t.config, ready, 'linkedin');
    await optIn(ready);
    const unlinked = (await person(company)).user;
    await optIn(unlinked);
    const optedOut = (await person(company)).user;
    await linkNetwork(t.db, t.config, optedOut, 'linkedin');
    const noSlot = (await person(company)).user;
    await linkNetwork(t.db, t.config, noSlot, 'linkedin');
    await optIn(noSlot, { post_queue_time: [] });
    const outsider = f.acmeUser;

    const ids = [ready.id, unlinked.id, optedOut.id, noSlot.id, outsider.id];
    const res = await post(t.app, 'autoq', `/api/v4/admin/post/${livePost.id}/auto-queue`, { network_id: 3, user_ids: ids }, admin.token);
    expect(res.statusCode).toBe(200);
    const body = AutoQueueResponse.parse(res.json());
    expect(body.queued).toBe(1);
    expect(body.skipped).toBe(1);
    expect(body.failed).toEqual(
      expect.arrayContaining([
        { user_id: outsider.id, code: ErrorCode.NOT_FOUND },
        { user_id: unlinked.id, code: ErrorCode.NETWORK_NOT_LINKED },
        { user_id: noSlot.id, code: ErrorCode.QUEUE_SETTINGS_INVALID },
      ]),
    );
    expect(body.failed).toHaveLength(3);
    const queued = await t.db.select().from(shares).where(eq(shares.postId, livePost.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ userId: ready.id, network: 3, state: 'queued', content: 'Our news', channel: 7 });

    // Again: the one queued already has it (658).
    const again = AutoQueueResponse.parse((await post(t.app, 'autoq', `/api/v4/admin/post/${livePost.id}/auto-queue`, { network_id: 3, user_ids: [ready.id] }, admin.token)).json());
    expect(again).toEqual({ queued: 0, skipped: 0, failed: [{ user_id: ready.id, code: ErrorCode.ALREADY_QUEUED_2 }] });

    const kinds = (await t.db.select().from(events).where(eq(events.postId, livePost.id))).map((e) => e.kind).sort();
    expect(kinds).toEqual(['auto_queue_added', 'auto_queue_bulk', 'auto_queue_bulk', 'auto_queue_failed', 'auto_queue_failed', 'auto_queue_failed', 'share_queued']);
  });

  it('all: every opted-in member of the company, each with their own LinkedIn draft where they wrote one', async () => {
    const other = await buildPost(t.db, company, { content: 'More news' });
    const drafter = (await person(company)).user;
    await linkNetwork(t.db, t.config, drafter, 'linkedin');
    await optIn(drafter);
    await t.db.insert(shareDrafts).values({ userId: drafter.id, postId: other.id, companyId: company.id, network: 3, content: 'My take on the news' });
    const res = AutoQueueResponse.parse((await post(t.app, 'autoq', `/api/v4/admin/post/${other.id}/auto-queue`, { network_id: 3, all: true }, admin.token)).json());
    // From the test above: the ready person and the drafter are queued; the unlinked and no-slot people fail; the rest skipped.
    expect(res.queued).toBe(2);
    const captions = (await t.db.select().from(shares).where(eq(shares.postId, other.id))).map((row) => [row.userId, row.content]);
    expect(captions).toEqual(expect.arrayContaining([[drafter.id, 'My take on the news']]));
    expect(captions.filter(([, content]) => content === 'More news')).toHaveLength(1);
    expect(res.failed.map((entry) => entry.code).sort()).toEqual([ErrorCode.NETWORK_NOT_LINKED, ErrorCode.QUEUE_SETTINGS_INVALID]);
    expect(res.skipped).toBe(2);
  });

  it('refuses groups, two targets, another network, a member, no session and a company with auto queue off', async () => {
    const url = `/api/v4/admin/post/${livePost.id}/auto-queue`;
    const groups = await post(t.app, 'autoq', url, { network_id: 3, group_ids: [1] }, admin.token);
    expect(groups.statusCode).toBe(400);
    expect(groups.json().message).toMatch(/Groups are not supported/);
    expect((await post(t.app, 'autoq', url, { network_id: 3, all: true, user_ids: [1] }, admin.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'autoq', url, { network_id: 1, all: true }, admin.token)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    const member = await person(company);
    expect((await post(t.app, 'autoq', url, { network_id: 3, all: true }, member.token)).json().error).toBe(ErrorCode.FORBIDDEN);
    expect((await post(t.app, 'autoq', url, { network_id: 3, all: true })).statusCode).toBe(401);
    const quiet = await buildCompany(t.db, { subdomain: 'noauto', featureToggles: { ...DEFAULT_FEATURE_TOGGLES, auto_queue_enabled: false } });
    const quietAdmin = await person(quiet, Role.ADMIN);
    const quietPost = await buildPost(t.db, quiet);
    const off = await post(t.app, 'noauto', `/api/v4/admin/post/${quietPost.id}/auto-queue`, { network_id: 3, all: true }, quietAdmin.token);
    expect(off.json().error).toBe(ErrorCode.AUTO_QUEUE_DISABLED);
    expect(await t.db.select().from(shares).where(eq(shares.postId, quietPost.id))).toHaveLength(0);
    const acmePost = await buildPost(t.db, f.acme);
    // Another company's post is not found from this host.
    expect((await post(t.app, 'autoq', `/api/v4/admin/post/${acmePost.id}/auto-queue`, { network_id: 3, all: true }, admin.token)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect(await t.db.select().from(shares).where(eq(shares.postId, acmePost.id))).toHaveLength(0);
  });
});
