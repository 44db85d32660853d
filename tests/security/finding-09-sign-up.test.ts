/**
 * Finding 9: self sign-up was open to any address and answered 304 for an account in another
 * company. Now only the company's sign-up domains may sign up, the new member is read-only
 * until they follow the mailed confirmation link, an account elsewhere is answered like a new
 * address (its owner is mailed a join link instead), and unconfirmed accounts go after 7 days.
 */
import { ErrorCode, Role, SignUpResponse, UserResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../server/src/auth/invites.ts';
import type { CompanyRow, PostRow, UserRow } from '../../server/src/db/schema.ts';
import { pruneUnconfirmed } from '../../server/src/jobs/prune-unconfirmed.ts';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let acme: CompanyRow;
let member: UserRow;
let memberToken: string;
let elsewhere: UserRow;
let postRow: PostRow;

const PASSWORD = 'Welcome!2026';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  // "acme" of these tests: a company with self sign-up open to its own domain.
  acme = await buildCompany(t.db, { subdomain: 'initech', name: 'Initech', title: 'Initech', selfSignUpEnabled: true, signUpDomains: ['acme.test'] });
  member = await buildUser(t.db, [{ company: acme }], { email: 'member@acme.test' });
  memberToken = await sessionFor(t.db, member, acme);
  elsewhere = await buildUser(t.db, [{ company: f.globex }], { email: 'elsewhere@acme.test', firstName: 'Elsa', lastName: 'Where' });
  postRow = await buildPost(t.db, acme, { title: 'Readable' });
});
afterAll(() => t.close());

function signUpBody(username: string) {
  return { first_name: 'Nia', last_name: 'New', username, password: PASSWORD, timezone: 'US/Eastern', agree: true, company_name: 'Acme' };
}

async function mailsTo(to: string) {
  return t.db.query.outboxMails.findMany({ where: (m, { eq }) => eq(m.to, to), orderBy: (m, { desc }) => [desc(m.id)] });
}

async function usersWith(where: { email?: string; id?: number }) {
  return t.db.query.users.findMany({ where: (u, { eq }) => (where.email === undefined ? eq(u.id, where.id ?? 0) : eq(u.email, where.email)) });
}

async function membershipsOf(userId: number) {
  return t.db.query.memberships.findMany({ where: (m, { eq }) => eq(m.userId, userId) });
}

/** The code of the newest mail of that kind to that address. */
async function mailedCode(to: string, kind: string): Promise<{ code: string; link: string }> {
  const [mail] = (await mailsTo(to)).filter((m) => m.kind === kind);
  const link = mail?.links[0];
  if (!link) throw new Error(`no ${kind} mail to ${to}`);
  return { code: new URL(link).searchParams.get('code') ?? '', link };
}

function keysOf(value: object): string[] {
  return Object.keys(value).sort();
}

describe('finding 9: self sign-up', () => {
  it('refuses an address outside the sign-up domains with 491 and its message, and creates nothing', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('attacker@evil.example'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED,
      message: "Please sign up with your work e-mail address: this company's sign-up is open only to its own e-mail domains.",
    });
    expect(await usersWith({ email: 'attacker@evil.example' })).toEqual([]);
    expect(await mailsTo('attacker@evil.example')).toEqual([]);
    // A subdomain of a sign-up domain is another domain.
    expect((await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('x@mail.acme.test'))).json().error).toBe(ErrorCode.SIGN_UP_DOMAIN_NOT_ALLOWED);
  });

  it('answers 304 for an address that already belongs to this company', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('Member@Acme.test'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ErrorCode.USERNAME_EXISTS);
  });

  it('answers an account of another company like a new address, creates nothing here and mails the owner a join link', async () => {
    const fresh = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('fresh@acme.test'));
    const other = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('elsewhere@acme.test'));
    expect(other.statusCode).toBe(fresh.statusCode);
    expect(other.statusCode).toBe(200);
    expect(keysOf(other.headers)).toEqual(keysOf(fresh.headers));
    const a = SignUpResponse.parse(fresh.json());
    const b = SignUpResponse.parse(other.json());
    expect(keysOf(b)).toEqual(keysOf(a));
    expect(keysOf(b.user)).toEqual(keysOf(a.user));
    expect(b.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.user).toMatchObject({ username: 'elsewhere@acme.test', first_name: 'Nia', last_name: 'New', role: Role.USER, email_confirmed: false });
    expect(b.user.companies.map((c) => c.subdomain)).toEqual(['initech']);
    expect(b.user.id).toBeGreaterThan(a.user.id);

    // Nothing was made here, and the existing account is untouched.
    expect((await membershipsOf(elsewhere.id)).map((m) => m.companyId)).toEqual([f.globex.id]);
    expect(await usersWith({ id: b.user.id })).toEqual([]);
    expect((await post(t.app, 'globex', '/api/v1/auth/sign-in', { email: 'elsewhere@acme.test', password: TEST_PASSWORD })).statusCode).toBe(200);

    // The owner is told how to join, not asked to confirm.
    const mails = await mailsTo('elsewhere@acme.test');
    expect(mails.map((m) => m.kind)).toEqual(['sign-up-join']);
    const { code, link } = await mailedCode('elsewhere@acme.test', 'sign-up-join');
    expect(link).toMatch(/^http:\/\/initech\.localhost:\d+\/sign-up\/join\?code=/);
    expect(mails[0]?.text).toContain('no new account was created');

    // Joining takes the existing password; a wrong one is a failed sign-in and keeps the link.
    const wrong = await post(t.app, 'initech', '/api/v1/auth/sign-up/join', { code, password: 'Wrong!pass1' });
    expect(wrong.json().error).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await post(t.app, 'globex', '/api/v1/auth/sign-up/join', { code, password: TEST_PASSWORD })).json().error).toBe(ErrorCode.CONFIRMATION_LINK_INVALID);
    const joined = await post(t.app, 'initech', '/api/v1/auth/sign-up/join', { code, password: TEST_PASSWORD });
    expect(joined.statusCode).toBe(200);
    const result = SignUpResponse.parse(joined.json());
    expect(result.user).toMatchObject({ id: elsewhere.id, role: Role.USER, email_confirmed: true });
    expect(result.user.companies.map((c) => c.subdomain).sort()).toEqual(['globex', 'initech']);
    expect((await get(t.app, 'initech', `/api/v1/user/${elsewhere.id}`, result.token)).statusCode).toBe(200);
    const again = await post(t.app, 'initech', '/api/v1/auth/sign-up/join', { code, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe(ErrorCode.CONFIRMATION_LINK_INVALID);
  });

  it('signs a new address in unconfirmed: reading, comment, suggest and link answer 490 until the mailed link is followed', async () => {
    const res = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('nia@acme.test'));
    expect(res.statusCode).toBe(200);
    const { token, user } = SignUpResponse.parse(res.json());
    expect(user).toMatchObject({ username: 'nia@acme.test', role: Role.USER, email_confirmed: false });

    // Nothing but the confirm-your-e-mail screen's calls opens (finding 39), with our code and message.
    const refused = [
      await get(t.app, 'initech', `/api/v4/post/${postRow.id}`, token),
      await get(t.app, 'initech', '/api/v4/post/feed', token),
      await post(t.app, 'initech', `/api/v2/post/${postRow.id}/comment/new`, { content: 'Hello' }, token),
      await post(t.app, 'initech', '/api/v1/post/suggest-images', { url: 'https://example.com/' }, token),
      await post(t.app, 'initech', '/api/v1/social/link-linkedin', {}, token),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ error: ErrorCode.EMAIL_NOT_CONFIRMED, message: 'Please confirm your e-mail address first.' });
    }

    // One confirmation mail at sign-up, another on request.
    expect((await mailsTo('nia@acme.test')).map((m) => m.kind)).toEqual(['email-confirmation']);
    const resend = await post(t.app, 'initech', '/api/v1/auth/email/confirmation', {}, token);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ sent: true });
    expect((await mailsTo('nia@acme.test')).map((m) => m.kind)).toEqual(['email-confirmation', 'email-confirmation']);
    const { code, link } = await mailedCode('nia@acme.test', 'email-confirmation');
    expect(link).toMatch(/^http:\/\/initech\.localhost:\d+\/confirm-email\?code=/);

    // The link works on its own company's host only, once.
    expect((await post(t.app, 'globex', '/api/v1/auth/email/confirm', { code })).json().error).toBe(ErrorCode.CONFIRMATION_LINK_INVALID);
    const confirmed = await post(t.app, 'initech', '/api/v1/auth/email/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true });
    const reused = await post(t.app, 'initech', '/api/v1/auth/email/confirm', { code });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error).toBe(ErrorCode.CONFIRMATION_LINK_INVALID);

    expect(UserResponse.parse((await get(t.app, 'initech', `/api/v1/user/${user.id}`, token)).json()).email_confirmed).toBe(true);
    expect((await get(t.app, 'initech', '/api/v4/post/feed', token)).statusCode).toBe(200);
    expect((await post(t.app, 'initech', `/api/v2/post/${postRow.id}/comment/new`, { content: 'Hello' }, token)).statusCode).toBe(200);
    expect((await post(t.app, 'initech', '/api/v1/social/link-linkedin', {}, token)).json().error).not.toBe(ErrorCode.EMAIL_NOT_CONFIRMED);
    // Confirmed: asking again mails nothing.
    await post(t.app, 'initech', '/api/v1/auth/email/confirmation', {}, token);
    expect(await mailsTo('nia@acme.test')).toHaveLength(2);
  });

  it('counts seeded, invited and existing people as confirmed; a group-invite sign-up must confirm', async () => {
    expect(UserResponse.parse((await get(t.app, 'initech', `/api/v1/user/${member.id}`, memberToken)).json()).email_confirmed).toBe(true);
    expect((await post(t.app, 'initech', `/api/v2/post/${postRow.id}/comment/new`, { content: 'Hi' }, memberToken)).statusCode).toBe(200);

    const v2 = await createInvite(t.db, { companyId: acme.id, version: 2, email: 'invited@elsewhere.test', role: Role.USER });
    const invited = await post(t.app, 'initech', `/api/v1/auth/sign-up/invite/${v2.code}`, { first_name: 'In', last_name: 'Vited', password: PASSWORD, confirm_password: PASSWORD });
    expect(SignUpResponse.parse(invited.json()).user.email_confirmed).toBe(true);
    expect(await mailsTo('invited@elsewhere.test')).toEqual([]);

    const group = await createInvite(t.db, { companyId: acme.id, version: 1, email: null, role: Role.USER });
    const grouped = await post(t.app, 'initech', `/api/v1/auth/sign-up/invite/${group.code}`, { first_name: 'Gro', last_name: 'Up', password: PASSWORD, username: 'group@anywhere.test' });
    const groupResult = SignUpResponse.parse(grouped.json());
    expect(groupResult.user.email_confirmed).toBe(false);
    expect((await mailsTo('group@anywhere.test')).map((m) => m.kind)).toEqual(['email-confirmation']);
    expect((await post(t.app, 'initech', `/api/v2/post/${postRow.id}/comment/new`, { content: 'Hi' }, groupResult.token)).json().error).toBe(ErrorCode.EMAIL_NOT_CONFIRMED);
  });

  it("gives an address someone else signed up with to its owner through a reset: confirmed, the squatter's password and sessions gone", async () => {
    const squat = await post(t.app, 'initech', '/api/v1/auth/sign-up', signUpBody('owner@acme.test'));
    expect(squat.statusCode).toBe(200);
    const squatterToken = SignUpResponse.parse(squat.json()).token;
    await post(t.app, 'initech', '/api/v1/auth/recover', { username: 'owner@acme.test' });
    const [mail] = (await mailsTo('owner@acme.test')).filter((m) => m.kind === 'recovery');
    const recoverCode = new URL(mail?.links[0] ?? 'http://x/').searchParams.get('recover_code') ?? '';
    const reset = await post(t.app, 'initech', '/api/v1/auth/reset', { recover_code: recoverCode, password_1: 'Owner!Pass2026', password_2: 'Owner!Pass2026' });
    expect(reset.statusCode).toBe(200);
    const [owner] = await usersWith({ email: 'owner@acme.test' });
    expect(owner?.emailConfirmedAt).not.toBeNull();
    expect((await get(t.app, 'initech', '/api/v1/user/' + String(owner?.id), squatterToken)).statusCode).toBe(401);
    expect((await post(t.app, 'initech', '/api/v1/auth/sign-in', { email: 'owner@acme.test', password: PASSWORD })).json().error).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await post(t.app, 'initech', '/api/v1/auth/sign-in', { email: 'owner@acme.test', password: 'Owner!Pass2026' })).statusCode).toBe(200);
  });

  it('removes unconfirmed accounts after 7 days and keeps younger and confirmed ones', async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const stale = await buildUser(t.db, [{ company: acme }], { email: 'stale@acme.test', emailConfirmedAt: null, created: ago(8) });
    const young = await buildUser(t.db, [{ company: acme }], { email: 'young@acme.test', emailConfirmedAt: null, created: ago(6) });
    const old = await buildUser(t.db, [{ company: acme }], { email: 'old@acme.test', emailConfirmedAt: ago(8), created: ago(8) });

    expect(await pruneUnconfirmed(t.db)).toEqual([stale.id]);
    const left = (await t.db.query.users.findMany()).map((u) => u.id);
    expect(left).not.toContain(stale.id);
    expect(left).toEqual(expect.arrayContaining([young.id, old.id, member.id]));
    expect(await membershipsOf(stale.id)).toEqual([]);
  });
});
