/**
 * Finding 38 (issue 52 item 5): turning e-mail sign-in off did not stop password or magic-link
 * sign-in unless SAML was set up. One policy (server/src/commands/sign-in-policy.ts) now
 * answers "may this company be entered this way", and every way in asks it first: a way the
 * company does not admit answers 489 and changes nothing (no session, no mail, the link kept).
 */
import { ErrorCode, Role } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvite } from '../../server/src/auth/invites.ts';
import { hashToken } from '../../server/src/auth/sessions.ts';
import { issueSsoExchange } from '../../server/src/auth/sso-exchange.ts';
import { DEFAULT_FEATURE_TOGGLES } from '../../server/src/db/defaults.ts';
import { companies, memberships, oneTimeTokens, outboxMails, sessions, users, type CompanyRow, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { redeemExchange } from '../../server/src/test/exchange.ts';
import { buildCompany, buildUser, sessionFor, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { desc, eq, sql } from '../../server/src/test/rows.ts';

let t: TestContext;
let member: UserRow;

async function setEmailSignIn(target: CompanyRow, on: boolean): Promise<void> {
  await t.db
    .update(companies)
    .set({ featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: on } })
    .where(eq(companies.id, target.id));
}

async function counts() {
  const [mails] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outboxMails);
  const [open] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
  return { mails: mails?.n ?? 0, sessions: open?.n ?? 0 };
}

async function latestLinkParameter(name: string): Promise<string> {
  const [mail] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
  const value = new URL(mail?.links[0] ?? 'http://x').searchParams.get(name);
  if (!value) throw new Error(`no ${name} in the latest mail`);
  return value;
}

/** Runs `attempt` and expects 489 with nothing stored. */
async function expectOff(attempt: () => Promise<{ statusCode: number; json: () => { error?: number } }>): Promise<void> {
  const before = await counts();
  const res = await attempt();
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe(ErrorCode.SIGN_IN_METHOD_OFF);
  expect(await counts()).toEqual(before);
}

/**
 * A new company of the member's, e-mail sign-in on or off from the start. A company host is
 * looked up once every couple of seconds (plugins/tenancy.ts), so each case gets its own.
 */
async function companyOf(emailSignIn: boolean): Promise<CompanyRow> {
  const made = await buildCompany(t.db, { selfSignUpEnabled: true, featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: emailSignIn } });
  await t.db.insert(memberships).values({ userId: member.id, companyId: made.id, role: Role.USER });
  return made;
}

beforeAll(async () => {
  t = await createTestContext();
  member = await buildUser(t.db, []);
});

afterAll(async () => {
  await t.close();
});

describe('finding 38: e-mail sign-in off means off, with or without SAML', () => {
  it('refuses a password sign-in, right password or not, without checking it', async () => {
    const off = await companyOf(false);
    await expectOff(() => post(t.app, off.subdomain, '/api/v1/auth/sign-in', { email: member.email, password: TEST_PASSWORD }));
    await expectOff(() => post(t.app, off.subdomain, '/api/v1/auth/sign-in', { email: member.email, password: 'wrong' }));
    const on = await companyOf(true);
    expect((await post(t.app, on.subdomain, '/api/v1/auth/sign-in', { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('mails no magic link or recovery link, for known and unknown addresses alike', async () => {
    const off = await companyOf(false);
    for (const path of ['/api/v1/auth/email/magic-link', '/api/v1/auth/recover']) {
      await expectOff(() => post(t.app, off.subdomain, path, { username: member.email }));
      await expectOff(() => post(t.app, off.subdomain, path, { username: 'nobody@example.test' }));
    }
  });

  it('refuses a magic link mailed before e-mail sign-in was switched off, and keeps it', async () => {
    const company = await companyOf(true);
    await post(t.app, company.subdomain, '/api/v1/auth/email/magic-link', { username: member.email });
    const code = await latestLinkParameter('code');
    await setEmailSignIn(company, false);
    await expectOff(() => get(t.app, company.subdomain, `/api/v1/auth/email/magic-link?code=${code}`));
    await setEmailSignIn(company, true);
    expect((await get(t.app, company.subdomain, `/api/v1/auth/email/magic-link?code=${code}`)).statusCode).toBe(200);
  });

  it('refuses a password reset mailed before, and the password stays', async () => {
    const company = await companyOf(true);
    await post(t.app, company.subdomain, '/api/v1/auth/recover', { username: member.email });
    const code = await latestLinkParameter('recover_code');
    await setEmailSignIn(company, false);
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
    await expectOff(() => post(t.app, company.subdomain, '/api/v1/auth/reset', { recover_code: code, password_1: 'New!pass99', password_2: 'New!pass99' }));
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
    expect(after?.hash).toBe(before?.hash);
  });

  it('refuses self sign-up and a password sign-up through an invite', async () => {
    const off = await companyOf(false);
    await expectOff(() =>
      post(t.app, off.subdomain, '/api/v1/auth/sign-up', {
        first_name: 'New',
        last_name: 'Person',
        username: 'new.person@example.test',
        password: 'New!pass99',
        timezone: 'US/Eastern',
        agree: true,
        company_name: off.name,
      }),
    );
    const { code } = await createInvite(t.db, { companyId: off.id, version: 2, email: 'invited@example.test', role: Role.USER });
    await expectOff(() =>
      post(t.app, off.subdomain, `/api/v1/auth/sign-up/invite/${code}`, { first_name: 'In', last_name: 'Vited', password: 'New!pass99', confirm_password: 'New!pass99' }),
    );
  });

  it('refuses changing the password of a company that does not sign in with one', async () => {
    const off = await companyOf(false);
    const token = await sessionFor(t.db, member, off);
    await expectOff(() =>
      post(t.app, off.subdomain, '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: 'New!pass99', confirm_new_password: 'New!pass99' }, token),
    );
  });

  it('the switcher hands a password session to a company without e-mail sign-in only its sign-in page', async () => {
    const from = await companyOf(true);
    const to = await companyOf(false);
    const token = await sessionFor(t.db, member, from);
    const res = await post(t.app, from.subdomain, '/api/v1/auth/switch-company', { company_id: to.id }, token);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('encrypted_token')).toBeNull();
  });

  it('refuses an exchange of a password sign-in redeemed after e-mail sign-in was switched off, and keeps it', async () => {
    const to = await companyOf(true);
    const code = await issueSsoExchange(t.db, { userId: member.id, companyId: to.id, email: member.email, authMethod: { kind: 'password' }, binding: null });
    await setEmailSignIn(to, false);
    await expectOff(() => redeemExchange(t.app, to.subdomain, code, null));
    const [kept] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, hashToken(code)));
    expect(kept?.usedAt).toBeNull();
  });

  it('a company with SAML set up still sends a password sign-in to its IdP', async () => {
    const saml = await buildCompany(t.db, {
      featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false },
      samlConfig: { entryPoint: 'https://idp.example.test/sso', idpIssuer: 'https://idp.example.test', idpCert: 'MIIC', logoutUrl: null, jitProvisioning: false, allowedDomains: [] },
    });
    const res = await post(t.app, saml.subdomain, '/api/v1/auth/sign-in', { email: member.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: null, sso_url: expect.stringMatching(/\/api\/v1\/auth\/saml\/sign-in$/) });
  });
});
