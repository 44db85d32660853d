import type { AddressInfo } from 'node:net';
import { DeactivateResponse, ErrorCode, Network, PersonalDataResponse, Role } from '@chorus/core';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConfigOf } from '../../auth/google.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../db/defaults.ts';
import {
  bookmarks,
  categoryFollows,
  comments,
  companies,
  events,
  externalIdentities,
  oneTimeTokens,
  outboxMails,
  postClicks,
  postDismissals,
  postImpressions,
  postSubscriptions,
  sessions,
  socialAccounts,
  userEvents,
  users,
  type CompanyRow,
  type UserRow,
} from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildTopic, buildCompany, buildLike, buildPost, buildShare, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

/** A fresh acme member and their session, so tests that deactivate or delete stay apart. */
async function member(company: CompanyRow = f.acme, role: Role = Role.USER): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(t.db, [{ company, role }], { firstName: 'Pat', lastName: 'Lee' });
  return { user, token: await sessionFor(t.db, user) };
}

function signIn(subdomain: string, email: string, password = TEST_PASSWORD) {
  return post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password });
}

describe('GET /api/v1/user/personal-data', () => {
  it('exports the profile, settings, memberships and every kind of activity here, without tokens', async () => {
    const { user, token } = await member();
    const topic = await buildTopic(t.db, f.acme, 'Privacy topic');
    const first = await buildPost(t.db, f.acme);
    const second = await buildPost(t.db, f.acme);
    const globexPost = await buildPost(t.db, f.globex);
    await buildShare(t.db, first, user, Network.LINKEDIN);
    await buildShare(t.db, second, user, Network.TWITTER);
    await buildLike(t.db, first, user);
    await t.db.insert(comments).values({ postId: first.id, userId: user.id, companyId: f.acme.id, content: 'Great post' });
    await t.db.insert(bookmarks).values({ postId: second.id, userId: user.id, companyId: f.acme.id });
    await t.db.insert(categoryFollows).values({ userId: user.id, categoryId: topic.id, companyId: f.acme.id, locked: true });
    await t.db.insert(userEvents).values({ userId: user.id, companyId: f.acme.id, event: 'finished', created: new Date(Date.now() - 60_000) });
    // Product analytics of the person are personal data too; another company's stay out.
    await t.db.insert(events).values([
      { companyId: f.acme.id, userId: user.id, kind: 'sso_login', data: { role_id: Role.USER, method: 'saml' } },
      { companyId: f.globex.id, userId: user.id, kind: 'page_viewed', data: { name: '/', role_id: Role.USER } },
    ]);
    await t.db.insert(socialAccounts).values({ userId: user.id, network: Network.LINKEDIN, externalId: 'li-1', username: 'Pat on LinkedIn', accessToken: 'secret-access', refreshToken: 'secret-refresh' });
    await t.db.insert(postSubscriptions).values({ userId: user.id, postId: second.id });
    await t.db.insert(externalIdentities).values({ provider: `saml:${f.acme.id}`, subject: 'pat-at-idp', userId: user.id, companyId: f.acme.id, email: user.email });
    const suggested = await buildPost(t.db, f.acme, { title: 'My suggestion', suggestedBy: user.id, status: 0 });
    await t.db.insert(postImpressions).values({ companyId: f.acme.id, postId: first.id, userId: user.id, day: '2026-11-20', channel: 9, count: 3 });
    await t.db.insert(postClicks).values({ companyId: f.acme.id, postId: second.id, userId: user.id, channel: 3 });
    // Activity in another company stays out of this company's export.
    await t.db.insert(comments).values({ postId: globexPost.id, userId: user.id, companyId: f.globex.id, content: 'elsewhere' });
    await t.db.insert(postSubscriptions).values({ userId: user.id, postId: globexPost.id });
    await t.db.insert(postDismissals).values([
      { userId: user.id, postId: first.id, companyId: f.acme.id },
      { userId: user.id, postId: globexPost.id, companyId: f.globex.id },
    ]);
    await buildPost(t.db, f.globex, { title: 'Suggested elsewhere', suggestedBy: user.id, status: 0 });

    const res = await get(t.app, 'acme', '/api/v1/user/personal-data', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = PersonalDataResponse.parse(res.json());
    expect(data.profile).toMatchObject({ id: user.id, username: user.email, first_name: 'Pat', last_name: 'Lee' });
    expect(data.settings).toEqual(user.settings);
    expect(data.companies).toEqual([expect.objectContaining({ company_id: f.acme.id, subdomain: 'acme', role: Role.USER })]);
    expect(data.social_accounts).toEqual([expect.objectContaining({ network: Network.LINKEDIN, username: 'Pat on LinkedIn', external_id: 'li-1', is_active: true })]);
    expect(res.body).not.toContain('secret-access');
    expect(res.body).not.toContain('secret-refresh');
    expect(res.body).not.toContain('password');
    expect(data.shares.map((s) => [s.post_id, s.network])).toEqual([
      [first.id, Network.LINKEDIN],
      [second.id, Network.TWITTER],
    ]);
    expect(data.queue).toEqual({ settings: user.settings.post_queue, items: [] });
    expect(data.comments.map((c) => c.content)).toEqual(['Great post']);
    expect(data.likes.map((l) => l.post_id)).toEqual([first.id]);
    expect(data.bookmarks.map((b) => b.post_id)).toEqual([second.id]);
    expect(data.followed_topics).toEqual([expect.objectContaining({ category_id: topic.id, name: 'Privacy topic', locked: true })]);
    expect(data.events.map((e) => e.event)).toEqual(['finished', 'sso_login']);
    expect(data.suggestions).toEqual([expect.objectContaining({ post_id: suggested.id, title: 'My suggestion', status: 0 })]);
    expect(data.post_subscriptions.map((s) => s.post_id)).toEqual([second.id]);
    expect(data.dismissed_posts.map((d) => d.post_id)).toEqual([first.id]);
    expect(data.post_impressions).toEqual([{ post_id: first.id, day: '2026-11-20', channel: 9, count: 3 }]);
    expect(data.post_clicks).toEqual([expect.objectContaining({ post_id: second.id, channel: 3 })]);
    expect(data.sign_in_identities).toEqual([expect.objectContaining({ provider: `saml:${f.acme.id}`, subject: 'pat-at-idp', email: user.email })]);
  });

  it('needs a session', async () => {
    expect((await get(t.app, 'acme', '/api/v1/user/personal-data')).statusCode).toBe(401);
  });

  it('refuses a user of another company', async () => {
    const res = await get(t.app, 'acme', '/api/v1/user/personal-data', f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});

describe('POST /api/v1/user/deactivate', () => {
  it('deactivates with the right password, ends every session, keeps the data and refuses sign-in', async () => {
    const { user, token } = await member();
    const other = await sessionFor(t.db, user);
    const res = await post(t.app, 'acme', '/api/v1/user/deactivate', { password: TEST_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    expect(DeactivateResponse.parse(res.json())).toEqual({ deactivated: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
    expect(row?.email).toBe(user.email);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await get(t.app, 'acme', '/api/v1/user/personal-data', other)).statusCode).toBe(401);

    // The owner's right password is told how to come back (493), and no session starts.
    const refused = await signIn('acme', user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ErrorCode.ACCOUNT_DEACTIVATED);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('answers 443 to a wrong password and keeps the account active', async () => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', '/api/v1/user/deactivate', { password: 'Wrong!pass1' }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 443, message: 'Incorrect password. Please enter correct password.' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeNull();
  });

  it('answers 201 without a password', async () => {
    const { token } = await member();
    const res = await post(t.app, 'acme', '/api/v1/user/deactivate', {}, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('does not take CONFIRM instead of a password where e-mail login is on', async () => {
    const { token } = await member();
    const res = await post(t.app, 'acme', '/api/v1/user/deactivate', { confirm: 'CONFIRM' }, token);
    expect(res.json().error).toBe(ErrorCode.INCORRECT_PASSWORD);
  });

  it('needs a session, and a session of this company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/user/deactivate', { password: TEST_PASSWORD })).statusCode).toBe(401);
    const res = await post(t.app, 'acme', '/api/v1/user/deactivate', { password: TEST_PASSWORD }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    const [globexUser] = await t.db.select().from(users).where(eq(users.id, f.globexUser.id));
    expect(globexUser?.deactivatedAt).toBeNull();
  });
});

describe('SSO-only companies', () => {
  let umbrella: CompanyRow;
  beforeAll(async () => {
    umbrella = await buildCompany(t.db, {
      subdomain: 'umbrella-privacy',
      featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
      samlConfig: { entryPoint: 'https://idp.chorus.test/sso', idpIssuer: 'https://idp.chorus.test/metadata', idpCert: 'MIIB', logoutUrl: null, jitProvisioning: false, allowedDomains: [] },
    });
    expect(googleConfigOf(umbrella)).toBeNull();
  });

  it('confirm with CONFIRM, and anything else is "Please enter CONFIRM to confirm"', async () => {
    const { user, token } = await member(umbrella);
    const wrong = await post(t.app, 'umbrella-privacy', '/api/v1/user/deactivate', { confirm: 'confirm' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'confirm', message: 'Please enter CONFIRM to confirm' }]);
    const res = await post(t.app, 'umbrella-privacy', '/api/v1/user/deactivate', { confirm: 'CONFIRM' }, token);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
  });
});

describe('POST /api/v1/user/{id}/reactivate', () => {
  it('lets an ADMIN of the company reactivate a member, who can then sign in again', async () => {
    const { user, token } = await member();
    await post(t.app, 'acme', '/api/v1/user/deactivate', { password: TEST_PASSWORD }, token);
    expect((await signIn('acme', user.email)).json().error).toBe(ErrorCode.ACCOUNT_DEACTIVATED);

    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}/reactivate`, {}, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, reactivated: true });
    const again = await signIn('acme', user.email);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);
  });

  it('is for ADMINs only (403)', async () => {
    const { user } = await member();
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}/reactivate`, {}, f.tokens.acmeUser);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
  });

  it('does not reach users of another company, even for a globex admin', async () => {
    const globexAdmin = await buildUser(t.db, [{ company: f.globex, role: Role.ADMIN }]);
    const globexToken = await sessionFor(t.db, globexAdmin);
    const { user } = await member();
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const fromGlobex = await post(t.app, 'globex', `/api/v1/user/${user.id}/reactivate`, {}, globexToken);
    expect(fromGlobex.statusCode).toBe(404);
    const onAcme = await post(t.app, 'acme', `/api/v1/user/${user.id}/reactivate`, {}, globexToken);
    expect(onAcme.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
  });

  it('answers 201 to a bad id and 401 without a session', async () => {
    expect((await post(t.app, 'acme', '/api/v1/user/abc/reactivate', {}, f.tokens.acmeAdmin)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await post(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}/reactivate`, {})).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/delete-request', () => {
  it('issues a hashed delete token and mails the first ADMIN a link to confirm it', async () => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requested: true });

    const [mail] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
    expect(mail).toMatchObject({ kind: 'deletion-request', to: 'admin@acme.test', companyId: f.acme.id });
    expect(mail?.text).toContain(user.email);
    const link = new URL(mail?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`http://${hostOf('acme')}/confirm-user-deletion`);
    const code = link.searchParams.get('delete_code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await t.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, user.id)));
    expect(stored?.tokenHash).not.toBe(code);
    expect(stored?.usedAt).toBeNull();
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The request does not deactivate anything by itself.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.deactivatedAt).toBeNull();
  });

  it('mails the company data-removal address when one is set', async () => {
    const company = await buildCompany(t.db, { dataRemovalEmail: 'privacy@initrode.test' });
    await buildUser(t.db, [{ company, role: Role.ADMIN }]);
    const { token } = await member(company);
    const res = await post(t.app, company.subdomain, '/api/v1/user/delete-request', { password: TEST_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
    expect(mail?.to).toBe('privacy@initrode.test');
  });

  it('answers 443 to a wrong password and sends nothing', async () => {
    const { user, token } = await member();
    const res = await post(t.app, 'acme', '/api/v1/user/delete-request', { password: 'nope' }, token);
    expect(res.json().error).toBe(ErrorCode.INCORRECT_PASSWORD);
    expect(await t.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, user.id)))).toEqual([]);
  });

  it('needs a session of this company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post(t.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/delete-request when the mail server refuses', () => {
  let smtp: TestContext;
  let refusing: SMTPServer;

  beforeAll(async () => {
    refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.server.address() as AddressInfo).port;
    smtp = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await smtp.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  it('answers 854 and withdraws the delete token', async () => {
    const company = await buildCompany(smtp.db, { subdomain: 'acme' });
    await buildUser(smtp.db, [{ company, role: Role.ADMIN }]);
    const user = await buildUser(smtp.db, [{ company }]);
    const token = await sessionFor(smtp.db, user);
    const res = await post(smtp.app, 'acme', '/api/v1/user/delete-request', { password: TEST_PASSWORD }, token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 854, message: 'GDPR deletion notification failed.' });
    const [mail] = await smtp.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
    expect(mail?.error).toMatch(/550|Mailbox unavailable/);
    const [stored] = await smtp.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored?.usedAt).toBeInstanceOf(Date);
  });
});

describe('DELETE /api/v1/auth/sso/validate and /api/v1/auth/google/validate', () => {
  it('refuses companies that sign in with a password (403), and wants CONFIRM', async () => {
    const { token } = await member();
    const inject = (url: string, payload: unknown) =>
      t.app.inject({ method: 'DELETE', url, headers: { host: hostOf('acme'), 'content-type': 'application/json', 'x-auth-token': token }, payload: JSON.stringify(payload) });
    const wrong = await inject('/api/v1/auth/sso/validate', { do_delete: false, password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'password', message: 'Please enter CONFIRM to confirm' }]);
    const res = await inject('/api/v1/auth/sso/validate', { do_delete: false, password: 'CONFIRM' });
    expect(res.statusCode).toBe(403);
    expect((await inject('/api/v1/auth/google/validate', { do_delete: true, password: 'CONFIRM' })).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/sso/validate', headers: { host: hostOf('acme'), 'content-type': 'application/json' }, payload: '{"do_delete":true,"password":"CONFIRM"}' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for Google where only SAML is set up', async () => {
    await t.db.update(companies).set({ featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false } }).where(eq(companies.subdomain, 'umbrella-privacy'));
    const [umbrella] = await t.db.select().from(companies).where(eq(companies.subdomain, 'umbrella-privacy'));
    if (!umbrella) throw new Error('no umbrella');
    const { token } = await member(umbrella);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/google/validate',
      headers: { host: hostOf('umbrella-privacy'), 'content-type': 'application/json', 'x-auth-token': token },
      payload: '{"do_delete":true,"password":"CONFIRM"}',
    });
    expect(res.statusCode).toBe(404);
  });
});
