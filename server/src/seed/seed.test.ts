import { access } from 'node:fs/promises';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import {
  AdminPostListResponse,
  AdminSuggestionListResponse,
  TopicListResponse,
  ComplianceSettings,
  ComplianceValidateResponse,
  ConfigInfoResponse,
  FeedResponse,
  InviteResponse,
  PostListResponse,
  PostStatus,
  PostType,
  SignInResponse,
} from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, posts, users } from '../db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../test/app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-content.ts';
import { demoInviteLinks, mailDemoInvites, readDemoInviteLinks, writeDemoInviteLinks } from './demo-invites.ts';
import { latestMails } from '../mail/send-mail.ts';
import { demoSignInsTable } from './sign-ins.ts';
import { seedDemoData, type SeedResult } from './seed.ts';
import { readComplianceSettings } from '../commands/compliance.ts';

let t: TestContext;
let first: SeedResult;

beforeAll(async () => {
  t = await createTestContext();
  first = await seedDemoData(t.db, { mediaDir: t.config.mediaDir });
}, 120_000);
afterAll(() => t.close());

async function signIn(subdomain: string, email: string): Promise<string> {
  const res = await post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return SignInResponse.parse(res.json()).token;
}

/** Acme's library posts (not the console's drafts and suggestions). */
async function acmePostRows() {
  const [acme] = await t.db.select().from(companies).where(eq(companies.subdomain, 'acme'));
  if (!acme) throw new Error('acme was not seeded');
  return t.db
    .select()
    .from(posts)
    .where(and(eq(posts.companyId, acme.id), eq(posts.status, PostStatus.LIVE)));
}

describe('demo data', () => {
  it('seeds two companies, six users and their posts, once', async () => {
    expect(first).toMatchObject({ seeded: true, companies: 2, users: 6, posts: 54 });
    expect(first.invites).toHaveLength(2);
    expect(await seedDemoData(t.db, { mediaDir: t.config.mediaDir })).toEqual({ seeded: false, companies: 0, users: 0, posts: 0, invites: [] });
    expect((await t.db.select().from(users)).map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
  });

  it('gives Acme at least 40 posts of every media kind, with media files on disk', async () => {
    const rows = await acmePostRows();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(rows.map((r) => (r.type === PostType.URL ? `url:${r.attachment?.type}` : String(r.type))));
    expect([...kinds].sort()).toEqual([String(PostType.TEXT), String(PostType.IMAGE), String(PostType.NATIVE_VIDEO), 'url:article', 'url:link'].sort());
    const files = rows.flatMap((r) => [
      ...r.media.images.flatMap((i) => [i.original, i.medium, i.thumb]),
      ...r.media.videos.flatMap((v) => [v.mp4, v.poster].filter((x): x is string => x !== null)),
      ...(r.attachment?.object.image ? [r.attachment.object.image] : []),
    ]);
    expect(files.some((f) => f.endsWith('.mp4'))).toBe(true);
    for (const file of files) await access(path.join(t.config.mediaDir, file.replace(/^\/media\//, '')));
    expect(rows.filter((r) => r.isFeatured).length).toBeGreaterThan(0);
  });

  it.each(DEMO_USERS.map((u) => [u.email, u.companies[0] ?? '', u.role] as const))('lets %s sign in at %s', async (email, subdomain, role) => {
    const res = await post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password: DEMO_PASSWORD });
    expect(SignInResponse.parse(res.json()).user.role).toBe(role);
  });

  it('ranks top performing differently from latest', async () => {
    const token = await signIn('acme', 'user@acme.example');
    const latest = PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?results_per_page=5', token)).json());
    const top = PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?results_per_page=5&sort_by=top_performing', token)).json());
    expect(top.objects.map((p) => p.id)).not.toEqual(latest.objects.map((p) => p.id));
    expect(top.objects[0]?.shares.num_results).toBeGreaterThan(latest.objects[0]?.shares.num_results ?? 0);
  });

  it('gives Globex the legacy share bar and Acme the interaction bar (post_interactions_enabled)', async () => {
    const toggle = async (subdomain: string, email: string) =>
      ConfigInfoResponse.parse((await get(t.app, subdomain, '/api/v1/config/info', await signIn(subdomain, email))).json()).feature_toggles.post_interactions_enabled;
    expect(await toggle('acme', 'user@acme.example')).toBe(true);
    expect(await toggle('globex', 'user@globex.example')).toBe(false);
  });

  it('gives Acme’s console two drafts and three pending suggestions, none of them in the library', async () => {
    const creator = await signIn('acme', 'creator@acme.example');
    const drafts = AdminPostListResponse.parse((await get(t.app, 'acme', '/api/v1/admin/posts?state=draft', creator)).json());
    expect(drafts.objects.map((draft) => [draft.title, draft.author?.name])).toEqual([
      ['Draft: our spring volunteering day', expect.any(String)],
      ['Draft: three tips from our support team', expect.any(String)],
    ]);
    const queue = AdminSuggestionListResponse.parse((await get(t.app, 'acme', '/api/v1/admin/suggestions', creator)).json());
    expect(queue.objects.map((item) => item.title)).toEqual(['Our new office opens next month', 'Great article on employee advocacy https://example.com/advocacy-guide', 'Could we share the customer award we won last week?']);
    expect(queue.objects.every((item) => item.suggested_by !== null)).toBe(true);
    const member = await signIn('acme', 'user@acme.example');
    const library = PostListResponse.parse((await get(t.app, 'acme', '/api/v4/post/?results_per_page=100', member)).json());
    const consoleIds = new Set([...drafts.objects, ...queue.objects].map((item) => item.id));
    expect(library.objects.filter((item) => consoleIds.has(item.id))).toEqual([]);
  });

  it('gives Acme compliance lists that are checked and Globex lists kept ready with checking off', async () => {
    const settings = async (subdomain: string, email: string) => ComplianceSettings.parse((await get(t.app, subdomain, '/api/v1/company/settings/compliance', await signIn(subdomain, email))).json());
    const acme = await settings('acme', 'admin@acme.example');
    expect(acme).toMatchObject({ enabled: true, threshold: 2 });
    expect(acme.prohibited).toContain('guaranteed returns');
    expect(acme.limited).toContain('free');
    const rows = await acmePostRows();
    const token = await signIn('acme', 'user@acme.example');
    const check = await post(t.app, 'acme', '/api/v2/compliance/validate', { post_id: rows[0]?.id, network_id: 3, content: 'Guaranteed returns, risk-free!', session_index: 's1' }, token);
    expect(ComplianceValidateResponse.parse(check.json())).toMatchObject({ type_id: 1, content_metadata: { content_prohibited_set: ['guaranteed returns', 'risk-free'] } });
    // No demo post's own text breaks Acme's rules: sharing one unchanged is never refused.
    const types: unknown[] = [];
    for (const row of rows) {
      types.push((await post(t.app, 'acme', '/api/v2/compliance/validate', { post_id: row.id, network_id: 3, content: row.content, session_index: row.id }, token)).json().type_id);
    }
    expect(types.filter((type) => type === 1 || type === 2)).toEqual([]);
    const [globex] = await t.db.select({ id: companies.id }).from(companies).where(eq(companies.subdomain, 'globex'));
    const globexSettings = await readComplianceSettings(t.db, globex?.id ?? 0);
    expect(globexSettings).toMatchObject({ enabled: false, threshold: 3 });
    expect(globexSettings.prohibited).toContain('miracle cure');
  });
});

describe('tenant isolation with the demo data', () => {
  it('gives user@globex.example no Acme post or topic, by any route', async () => {
    const token = await signIn('globex', 'user@globex.example');
    const acmeIds = new Set((await acmePostRows()).map((r) => r.id));
    const acmeToken = await signIn('acme', 'user@acme.example');
    const acmeTopics = TopicListResponse.parse((await get(t.app, 'acme', '/api/v1/category', acmeToken)).json()).objects;
    expect(acmeTopics.length).toBeGreaterThanOrEqual(6);

    for (const url of ['/api/v4/post/feed', '/api/v4/post/', '/api/v1/category', `/api/v4/post/${[...acmeIds][0]}`]) {
      expect((await get(t.app, 'acme', url, token)).statusCode).toBe(401);
    }
    for (const id of acmeIds) {
      expect((await get(t.app, 'globex', `/api/v4/post/${id}`, token)).json().error).toBe(662);
    }
    const list = PostListResponse.parse((await get(t.app, 'globex', '/api/v4/post/?results_per_page=100', token)).json());
    expect(list.num_results).toBe(12);
    expect(list.objects.filter((p) => acmeIds.has(p.id))).toEqual([]);
    const byAcmeTopics = PostListResponse.parse(
      (await get(t.app, 'globex', `/api/v4/post/?categories=${acmeTopics.map((c) => c.id).join(',')}`, token)).json(),
    );
    expect(byAcmeTopics.num_results).toBe(0);
    const feed = FeedResponse.parse((await get(t.app, 'globex', '/api/v4/post/feed?latest=50&categories_followed=20', token)).json());
    const feedIds = [...feed.featured, ...feed.latest, ...feed.topics.flatMap((x) => x.posts)].map((p) => p.id);
    expect(feedIds.filter((id) => acmeIds.has(id))).toEqual([]);
    const acmeTopicIds = new Set(acmeTopics.map((c) => c.id));
    expect(feed.topics.filter((x) => acmeTopicIds.has(x.category.id))).toEqual([]);
    const topics = TopicListResponse.parse((await get(t.app, 'globex', '/api/v1/category', token)).json()).objects;
    expect(topics.filter((c) => acmeTopicIds.has(c.id))).toEqual([]);
    expect(topics.length).toBeGreaterThanOrEqual(6);
  });

  it('opens self sign-up at Acme only and seeds a v2 invite for Nora and a v1 group invite', async () => {
    const branded = async (subdomain: string) => (await get(t.app, subdomain, '/api/v1/company/settings/branded-settings')).json().self_sign_up_enabled;
    expect(await branded('acme')).toBe(true);
    expect(await branded('globex')).toBe(false);
    const domains = await t.db.query.companies.findMany({ columns: { subdomain: true, signUpDomains: true } });
    expect(Object.fromEntries(domains.map((c) => [c.subdomain, c.signUpDomains]))).toEqual({ acme: ['acme.example'], globex: [] });
    const [v2, v1] = first.invites;
    if (!v2 || !v1) throw new Error('invites were not seeded');
    expect(v2.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(InviteResponse.parse((await get(t.app, 'acme', `/api/v1/invite/code/${v2.code}`)).json()).invite).toEqual({
      username: 'new.hire@acme.example',
      first_name: 'Nora',
      last_name: 'Newhire',
    });
    expect(InviteResponse.parse((await get(t.app, 'acme', `/api/v1/invite/check/${v1.code}`)).json()).invite.username).toBe('');
  });

  it('keeps the invite links in the data folder outside production and prints them with the sign-ins', async () => {
    const links = demoInviteLinks(t.config, first.invites);
    expect(links[0]?.url).toBe(`http://acme.localhost:${t.config.port}/sign-up?code=${first.invites[0]?.code}`);
    await mkdir(t.config.dataDir, { recursive: true });
    await writeDemoInviteLinks(t.config, links);
    expect(await readDemoInviteLinks(t.config)).toEqual(links);
    expect(demoSignInsTable(t.config, links)).toContain(`new.hire@acme.example  v2    ${links[0]?.url}`);
    expect(await readDemoInviteLinks({ dataDir: path.join(t.dir, 'nowhere') })).toEqual([]);
  });

  it("mails Nora's invite to the outbox, and nothing for the group invite", async () => {
    expect(await mailDemoInvites({ db: t.db, config: t.config }, t.config, first.invites)).toBe(1);
    const [mail] = await latestMails(t.db, 5);
    expect(mail).toMatchObject({ kind: 'invite', to: 'new.hire@acme.example' });
    expect(mail?.links).toContain(demoInviteLinks(t.config, first.invites)[0]?.url);
  });
});
