import { ErrorCode, MagicLinkResponse, SignInResponse } from '@chorus/core';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/sessions.ts';
import { loginFailures, oneTimeTokens, outboxMails, users } from '../../db/schema.ts';
import { createTestContext, get, magicLinkCode, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

async function mailCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outboxMails);
  return row?.n ?? 0;
}

async function latestMail() {
  const [row] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
  if (!row) throw new Error('no mail in the outbox');
  return row;
}

/** The query parameter of the first link of the newest mail. */
async function codeFromLatestMail(parameter: string): Promise<string> {
  const link = (await latestMail()).links[0];
  if (!link) throw new Error('the mail has no link');
  const code = new URL(link).searchParams.get(parameter);
  if (!code) throw new Error(`the link has no ${parameter}`);
  return code;
}

async function recoveryCodeFor(email: string, subdomain = 'acme'): Promise<string> {
  const res = await post(t.app, subdomain, '/api/v1/auth/recover', { username: email });
  expect(res.statusCode).toBe(200);
  return codeFromLatestMail('recover_code');
}

async function magicCodeFor(email: string, subdomain = 'acme'): Promise<string> {
  return magicLinkCode(t.app, subdomain, email);
}

async function expire(code: string): Promise<void> {
  await t.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeTokens.tokenHash, hashToken(code)));
}

async function signInStatus(subdomain: string, email: string, password: string): Promise<number> {
  return (await post(t.app, subdomain, '/api/v1/auth/sign-in', { email, password })).statusCode;
}

describe('POST /api/v1/auth/recover', () => {
  it('mails a working recovery link and answers exactly as for an unknown address', async () => {
    const before = await mailCount();
    const known = await post(t.app, 'acme', '/api/v1/auth/recover', { username: ' User@Acme.test ' });
    const unknown = await post(t.app, 'acme', '/api/v1/auth/recover', { username: 'nobody@acme.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ sent: true });
    expect(await mailCount()).toBe(before + 1);

    const mail = await latestMail();
    expect(mail).toMatchObject({ kind: 'recovery', to: 'user@acme.test', companyId: f.acme.id, language: 'en-US', subject: 'Reset your password' });
    const link = new URL(mail.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://acme.localhost:3000/sign-in/email/reset');
    expect(link.searchParams.get('recover_code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain(mail.links[0]);
    expect(mail.text).toContain('Hello Sam Rivera,');

    const check = await get(t.app, 'acme', `/api/v1/auth/recover-check/${link.searchParams.get('recover_code') ?? ''}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true });
  });

  it('sends nothing for a member of another company on this host', async () => {
    const before = await mailCount();
    const res = await post(t.app, 'acme', '/api/v1/auth/recover', { username: 'user@globex.test' });
    expect(res.json()).toEqual({ sent: true });
    expect(await mailCount()).toBe(before);
  });

  it('answers 305 for an unknown address only where the company reveals unknown addresses', async () => {
    await buildCompany(t.db, { subdomain: 'open', name: 'Open Inc', revealUnknownEmails: true });
    const res = await post(t.app, 'open', '/api/v1/auth/recover', { username: 'nobody@open.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.EMAIL_NOT_FOUND);
  });

  it('writes the mail in the recipient language', async () => {
    const german = await buildUser(t.db, [{ company: f.acme }], { email: 'de@acme.test', language: 'de-DE', firstName: 'Jörg', lastName: '<b>' });
    await recoveryCodeFor(german.email);
    const mail = await latestMail();
    expect(mail.language).toBe('de-DE');
    expect(mail.subject).toBe('Setzen Sie Ihr Passwort zurück');
    expect(mail.text).toContain('Hallo Jörg <b>,');
    expect(mail.html).toContain('Hallo Jörg &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>,');
  });

  it('rejects a malformed address with 201', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/recover', { username: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [expect.objectContaining({ path: 'username' })] });
  });
});

describe('GET /api/v1/auth/recover-check/{code}', () => {
  it.each(['unknown', 'A'.repeat(43)])('answers 306 for the unknown code %s', async (code) => {
    const res = await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: ErrorCode.RESET_LINK_UNAVAILABLE, message: 'Password reset link no longer available or does not exist.' });
  });

  it('answers 306 for an expired code', async () => {
    const code = await recoveryCodeFor('user@acme.test');
    await expire(code);
    expect((await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`)).json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
  });

  it('does not use up the code', async () => {
    const code = await recoveryCodeFor('user@acme.test');
    await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`);
    expect((await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/reset', () => {
  const NEW_PASSWORD = 'New!pass22';

  it('sets the password, ends every session, clears failed sign-ins, and works once', async () => {
    const person = await buildUser(t.db, [{ company: f.acme }], { email: 'reset@acme.test' });
    const session = SignInResponse.parse((await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: person.email, password: TEST_PASSWORD })).json());
    expect(await signInStatus('acme', person.email, 'Wrong!pass1')).toBe(401);
    const failures = () => t.db.select().from(loginFailures).where(eq(loginFailures.userId, person.id));
    expect(await failures()).toHaveLength(1);
    const code = await recoveryCodeFor(person.email);

    const res = await post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1: NEW_PASSWORD, password_2: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reset: true });

    expect((await get(t.app, 'acme', `/api/v1/user/${person.id}`, session.token)).statusCode).toBe(401);
    expect(await failures()).toHaveLength(0);
    expect(await signInStatus('acme', person.email, TEST_PASSWORD)).toBe(401);
    expect(await signInStatus('acme', person.email, NEW_PASSWORD)).toBe(200);
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(code)));
    expect(stored?.usedAt).toBeInstanceOf(Date);

    const again = await post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1: 'Other!pass3', password_2: 'Other!pass3' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
    expect((await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`)).json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
    expect(await signInStatus('acme', person.email, NEW_PASSWORD)).toBe(200);
  });

  it('answers 306 for an expired code and keeps the password', async () => {
    const person = await buildUser(t.db, [{ company: f.acme }], { email: 'expired@acme.test' });
    const code = await recoveryCodeFor(person.email);
    await expire(code);
    const res = await post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1: NEW_PASSWORD, password_2: NEW_PASSWORD });
    expect(res.json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
    expect(await signInStatus('acme', person.email, TEST_PASSWORD)).toBe(200);
  });

  it.each([
    { case: 'a password against the policy', password_1: 'weakpass', password_2: 'weakpass', path: 'password_1', message: 'password.policy' },
    { case: 'passwords that differ', password_1: NEW_PASSWORD, password_2: 'New!pass23', path: 'password_2', message: 'password.shouldMatch' },
  ])('answers 201 for $case and leaves the code usable', async ({ password_1, password_2, path, message }) => {
    const code = await recoveryCodeFor('user@acme.test');
    const res = await post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1, password_2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path, message }] });
    expect((await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`)).statusCode).toBe(200);
  });

  it('answers 201 when fields are missing', async () => {
    const res = await post(t.app, 'acme', '/api/v1/auth/reset', { password_1: NEW_PASSWORD });
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });
});

describe('magic links', () => {
  it('mails a link that signs the user in once, then answers 428', async () => {
    const before = await mailCount();
    const known = await post(t.app, 'acme', '/api/v1/auth/email/magic-link', { username: 'user@acme.test' });
    const unknown = await post(t.app, 'acme', '/api/v1/auth/email/magic-link', { username: 'ghost@acme.test' });
    expect(unknown.body).toBe(known.body);
    expect(await mailCount()).toBe(before + 1);
    const mail = await latestMail();
    expect(mail.kind).toBe('magic-link');
    const link = new URL(mail.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://acme.localhost:3000/sign-up/email');
    expect(link.searchParams.get('type')).toBe('1');
    const code = link.searchParams.get('code') ?? '';

    const carried = await sessionFor(t.db, f.acmeUser);
    const res = await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`, carried);
    expect(res.statusCode).toBe(200);
    const body = MagicLinkResponse.parse(res.json());
    // The sign-in rotates the session: the token the browser carried before is revoked.
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, carried)).statusCode).toBe(401);
    expect(body.url).toBe('http://acme.localhost:3000/');
    expect(body.user).toMatchObject({ id: f.acmeUser.id, role: 3, username: 'user@acme.test' });
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, body.token)).statusCode).toBe(200);

    const reused = await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`);
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({ error: ErrorCode.MAGIC_LINK_USED, message: 'Sign-in link already used' });
  });

  it('stores the link to expire after 24 hours', async () => {
    const code = await magicCodeFor('user@acme.test');
    const [row] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(code)));
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('answers 426 for an expired link', async () => {
    const code = await magicCodeFor('user@acme.test');
    await expire(code);
    const res = await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(ErrorCode.MAGIC_LINK_EXPIRED);
  });

  it.each(['', 'garbage', 'A'.repeat(43)])('answers 427 for the unknown code "%s"', async (code) => {
    const res = await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ErrorCode.MAGIC_LINK_ERROR, message: 'Sign-in link error' });
  });

  it('does not accept a recovery code as a sign-in link', async () => {
    const code = await recoveryCodeFor('user@acme.test');
    expect((await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`)).json().error).toBe(ErrorCode.MAGIC_LINK_ERROR);
  });

  it('answers 427 for the link of a deactivated user', async () => {
    const person = await buildUser(t.db, [{ company: f.acme }], { email: 'leaver@acme.test' });
    const code = await magicCodeFor(person.email);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, person.id));
    expect((await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`)).json().error).toBe(ErrorCode.MAGIC_LINK_ERROR);
  });
});

describe('POST /api/v1/auth/login-assistance', () => {
  it('mails every company sign-in page of the address, and answers the same for an unknown one', async () => {
    const before = await mailCount();
    const payload = { anonymous_user_id: 'anon-1', channel_id: 3 };
    const known = await post(t.app, 'app', '/api/v1/auth/login-assistance', { email: 'multi@acme.test', ...payload });
    const unknown = await post(t.app, 'app', '/api/v1/auth/login-assistance', { email: 'nobody@nowhere.test', ...payload });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount()).toBe(before + 1);
    const mail = await latestMail();
    expect(mail).toMatchObject({ kind: 'find-your-team', to: 'multi@acme.test', companyId: null });
    expect(mail.links).toEqual(['http://acme.localhost:3000/sign-in', 'http://globex.localhost:3000/sign-in']);
    expect(mail.text).toContain('Acme Corporation: http://acme.localhost:3000/sign-in');
    expect(mail.text).toContain('Globex: http://globex.localhost:3000/sign-in');
  });

  it('needs a well-formed address', async () => {
    const res = await post(t.app, 'app', '/api/v1/auth/login-assistance', { email: '' });
    expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [expect.objectContaining({ path: 'email' })] });
  });
});
