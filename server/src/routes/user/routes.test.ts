import { AUTH_HEADER, ErrorCode, Role, UserResponse, type UserSettings } from '@chorus/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/sessions.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { mergeUserSettings } from '../../commands/user-account.ts';
import { DEFAULT_FEATURE_TOGGLES, DEFAULT_USER_SETTINGS } from '../../db/defaults.ts';
import { events, sessions, users, type CompanyRow, type UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor, TEST_PASSWORD } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

async function row(id: number): Promise<UserRow> {
  const [found] = await t.db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error('no such user');
  return found;
}

/** A fresh acme user with a session, so tests that change an account do not disturb others. */
async function freshAcmeUser(role: Role = Role.USER): Promise<{ user: UserRow; token: string }> {
  const user = await buildUser(t.db, [{ company: f.acme, role }], { firstName: 'Fresh', lastName: 'Person' });
  return { user, token: await sessionFor(t.db, user) };
}

function del(app: FastifyInstance, subdomain: string, url: string, token?: string) {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'DELETE', url, headers });
}

describe('GET /api/v1/user/{id}', () => {
  it('returns oneself with the role here, all one’s companies and settings', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.multi);
    expect(res.statusCode).toBe(200);
    const user = UserResponse.parse(res.json());
    expect(user).toMatchObject({ id: f.multi.id, role: 3, username: 'multi@acme.test', language: 'en-US', groups: [] });
    expect(user.companies.map((c) => [c.subdomain, c.company_name])).toEqual([
      ['acme', 'Acme Corporation'],
      ['globex', 'Globex'],
    ]);
    expect(user.companies[0]?.feature_toggles.twitter_enabled).toBe(true);
    expect(user.user_settings).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('gives the role of the host company', async () => {
    const res = await get(t.app, 'globex', `/api/v1/user/${f.multi.id}`, f.tokens.multiGlobex);
    expect(UserResponse.parse(res.json()).role).toBe(2);
  });

  it('shows a colleague only the public card', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: f.multi.id, full_name: `${f.multi.firstName} ${f.multi.lastName}`.trim(), picture_images: { avatar: null } });
  });

  it('shows the company’s admin the full record, with only this company among its companies', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.multi.id}`, f.tokens.acmeAdmin);
    const user = UserResponse.parse(res.json());
    expect(user).toMatchObject({ id: f.multi.id, role: 3, username: 'multi@acme.test' });
    expect(user.companies.map((c) => c.subdomain)).toEqual(['acme']);
  });

  it('hides users who do not share the host company', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ErrorCode.NOT_FOUND);
  });

  it('rejects a non-numeric id with 201', async () => {
    const res = await get(t.app, 'acme', '/api/v1/user/me', f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session', async () => {
    expect((await get(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`)).statusCode).toBe(401);
  });

  it('refuses a user of another company, even for themselves', async () => {
    const res = await get(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});

describe('POST /api/v1/user/{id}', () => {
  it('saves names, language, time zone and settings, and answers with the presented user', async () => {
    const { user, token } = await freshAcmeUser();
    const twitterQueue = {
      auto_queue_enabled: true,
      post_queue_time: [
        { hour: 0, minute: 1, ampm: 12 as const },
        { hour: 11, minute: 59, ampm: 0 as const },
      ],
      post_queue_weekday: { su: true, mo: false, tu: false, we: true, th: false, fr: false, sa: true },
    };
    const res = await post(
      t.app,
      'acme',
      `/api/v1/user/${user.id}`,
      {
        first_name: '  Ada ',
        last_name: 'Lovelace',
        language: 'de-DE',
        timezone: 'Europe/Berlin',
        username: 'ignored@acme.test',
        user_settings: {
          intelligence: { post_recommendations_enabled: false },
          email_updates: { manual_updates: false },
          notifications: { email_post_liked: false, push_post_shared: false },
          post_queue: { twitter: twitterQueue },
        },
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    const presented = UserResponse.parse(res.json());
    expect(presented).toMatchObject({ id: user.id, first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace', language: 'de-DE', timezone: 'Europe/Berlin', username: user.email });
    expect(presented.user_settings.intelligence.post_recommendations_enabled).toBe(false);
    expect(presented.user_settings.email_updates.manual_updates).toBe(false);
    expect(presented.user_settings.notifications.email_post_liked).toBe(false);
    expect(presented.user_settings.notifications.push_post_shared).toBe(false);
    expect(presented.user_settings.notifications.email_post_shared).toBe(true);
    expect(presented.user_settings.post_queue.twitter).toEqual(twitterQueue);
    expect(presented.user_settings.post_queue.linkedin).toEqual(DEFAULT_USER_SETTINGS.post_queue.linkedin);
    const stored = await row(user.id);
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', language: 'de-DE', timezone: 'Europe/Berlin', email: user.email });
    expect(stored.settings).toEqual(presented.user_settings);
  });

  it('records turning a network\'s auto-queue on (once, not when it stays on)', async () => {
    const { user, token } = await freshAcmeUser();
    const linkedin = { ...DEFAULT_USER_SETTINGS.post_queue.linkedin, auto_queue_enabled: true };
    const save = () => post(t.app, 'acme', `/api/v1/user/${user.id}`, { user_settings: { post_queue: { linkedin } } }, token);
    expect((await save()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);
    const recorded = await t.db.select().from(events).where(and(eq(events.userId, user.id), eq(events.kind, 'auto_queue_enabled')));
    expect(recorded.map((e) => ({ companyId: e.companyId, network: e.network }))).toEqual([{ companyId: f.acme.id, network: 3 }]);
  });

  it('accepts the stored time zone unchanged even where the list names it otherwise', async () => {
    const { user, token } = await freshAcmeUser();
    await t.db.update(users).set({ timezone: 'US/Eastern' }).where(eq(users.id, user.id));
    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}`, { first_name: 'Kept', timezone: 'US/Eastern' }, token);
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json())).toMatchObject({ first_name: 'Kept', timezone: 'US/Eastern' });
  });

  it('saves an unsupported language as en-US', async () => {
    const { user, token } = await freshAcmeUser();
    await t.db.update(users).set({ language: 'fr-CA' }).where(eq(users.id, user.id));
    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}`, { language: 'pt-BR' }, token);
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).language).toBe('en-US');
    expect((await row(user.id)).language).toBe('en-US');
  });

  it.each([
    ['an empty first name', { first_name: '   ' }, 'first_name'],
    ['an empty last name', { last_name: '' }, 'last_name'],
    ['a time zone GET /common/timezone does not list', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['a queue hour over 11', { user_settings: { post_queue: { linkedin: { ...DEFAULT_USER_SETTINGS.post_queue.linkedin, post_queue_time: [{ hour: 12, minute: 15, ampm: 0 }] } } } }, 'user_settings.post_queue.linkedin.post_queue_time.0.hour'],
    ['a queue minute of 60', { user_settings: { post_queue: { linkedin: { ...DEFAULT_USER_SETTINGS.post_queue.linkedin, post_queue_time: [{ hour: 1, minute: 60, ampm: 0 }] } } } }, 'user_settings.post_queue.linkedin.post_queue_time.0.minute'],
    ['an ampm other than 0 or 12', { user_settings: { post_queue: { linkedin: { ...DEFAULT_USER_SETTINGS.post_queue.linkedin, post_queue_time: [{ hour: 1, minute: 15, ampm: 6 }] } } } }, 'user_settings.post_queue.linkedin.post_queue_time.0.ampm'],
    ['a notification flag that is not a boolean', { user_settings: { notifications: { email_post_liked: 'no' } } }, 'user_settings.notifications.email_post_liked'],
  ])('answers 201 for %s and changes nothing', async (_label, body, path) => {
    const { user, token } = await freshAcmeUser();
    const before = await row(user.id);
    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}`, { first_name: 'Changed', ...body }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(res.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(await row(user.id)).toEqual(before);
  });

  describe('AI settings, where the company has user AI on', () => {
    let aiCompany: CompanyRow;
    beforeAll(async () => {
      aiCompany = await buildCompany(t.db, { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, user_ai_enabled: true } });
    });
    const freshAiUser = async (): Promise<{ user: UserRow; token: string }> => {
      const user = await buildUser(t.db, [{ company: aiCompany }], { firstName: 'Fresh' });
      return { user, token: await sessionFor(t.db, user) };
    };

    it('refuses consent without job title and goal, with the spec message, and saves nothing', async () => {
      const { user, token } = await freshAiUser();
      const res = await post(t.app, aiCompany.subdomain, `/api/v1/user/${user.id}`, { first_name: 'Changed', user_settings: { ai: { consent_granted: true, job_title: 'Engineer', goal: ' ' } } }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: ErrorCode.MISSING_OR_INCORRECT,
        message: 'You need to fill out your job title and goal before you can use the AI feature',
        issues: [{ path: 'user_settings.ai', message: 'ai.incomplete' }],
      });
      expect((await row(user.id)).firstName).toBe('Fresh');
    });

    it('saves consent with job title, goal and tone', async () => {
      const { user, token } = await freshAiUser();
      const ai = { consent_granted: true, job_title: 'Engineer', goal: 'Grow my network', default_tone: 'Witty' };
      const res = await post(t.app, aiCompany.subdomain, `/api/v1/user/${user.id}`, { user_settings: { ai } }, token);
      expect(res.statusCode).toBe(200);
      expect(UserResponse.parse(res.json()).user_settings.ai).toEqual(ai);
    });

    it('refuses a tone outside the list', async () => {
      const { user, token } = await freshAiUser();
      const res = await post(t.app, aiCompany.subdomain, `/api/v1/user/${user.id}`, { user_settings: { ai: { default_tone: 'Sarcastic' } } }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    });
  });

  it('keeps the stored AI settings while the company has user AI off', async () => {
    const { user, token } = await freshAcmeUser();
    const res = await post(t.app, 'acme', `/api/v1/user/${user.id}`, { user_settings: { ai: { consent_granted: true, job_title: '', goal: '' } } }, token);
    expect(res.statusCode).toBe(200);
    expect(UserResponse.parse(res.json()).user_settings.ai).toEqual(DEFAULT_USER_SETTINGS.ai);
  });

  it('keeps the stored notification flags while the company has notifications off', async () => {
    const company = await buildCompany(t.db, { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, notifications_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, user);
    const res = await post(
      t.app,
      company.subdomain,
      `/api/v1/user/${user.id}`,
      { user_settings: { notifications: { email_post_liked: false }, email_updates: { manual_updates: false } } },
      token,
    );
    expect(res.statusCode).toBe(200);
    const settings = UserResponse.parse(res.json()).user_settings;
    expect(settings.notifications).toEqual(DEFAULT_USER_SETTINGS.notifications);
    expect(settings.email_updates.manual_updates).toBe(false);
  });

  it('lets nobody change another member, whatever their role', async () => {
    for (const token of [f.tokens.acmeUser, f.tokens.acmeAdmin]) {
      const res = await post(t.app, 'acme', `/api/v1/user/${f.multi.id}`, { first_name: 'Mallory' }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await row(f.multi.id)).firstName).toBe(f.multi.firstName);
  });

  it('refuses a user of another company, for acme users and for themselves', async () => {
    const acmeTarget = await post(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, { first_name: 'Mallory' }, f.tokens.globexUser);
    expect(acmeTarget.statusCode).toBe(401);
    const themselves = await post(t.app, 'acme', `/api/v1/user/${f.globexUser.id}`, { first_name: 'Mallory' }, f.tokens.globexUser);
    expect(themselves.statusCode).toBe(401);
    expect(themselves.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await row(f.acmeUser.id)).firstName).toBe('Sam');
    expect((await row(f.globexUser.id)).firstName).toBe(f.globexUser.firstName);
  });

  it('needs a session', async () => {
    const res = await post(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}`, { first_name: 'Nobody' });
    expect(res.statusCode).toBe(401);
  });
});

describe('mergeUserSettings', () => {
  const current: UserSettings = DEFAULT_USER_SETTINGS;
  it('changes only the flags sent, and leaves groups the company switched off', () => {
    const merged = mergeUserSettings(
      current,
      { notifications: { push_post_liked: false }, ai: { goal: 'x' }, leader_board: { show_in_leader_board: false } },
      { ...DEFAULT_FEATURE_TOGGLES, notifications_enabled: true, user_ai_enabled: false },
    );
    expect(merged.notifications).toEqual({ ...current.notifications, push_post_liked: false });
    expect(merged.ai).toEqual(current.ai);
    expect(merged.leader_board.show_in_leader_board).toBe(false);
    expect(merged.post_queue).toEqual(current.post_queue);
  });

  it('keeps each kind\'s flags while its own toggle is off, and the auto-queue switches while the auto queue is off', () => {
    const flipped = Object.fromEntries(Object.entries(current.notifications).map(([key, value]) => [key, !value])) as UserSettings['notifications'];
    const queue = current.post_queue;
    const merged = mergeUserSettings(
      current,
      {
        notifications: flipped,
        post_queue: {
          linkedin: { ...queue.linkedin, auto_queue_enabled: !queue.linkedin.auto_queue_enabled, post_queue_weekday: { ...queue.linkedin.post_queue_weekday, su: !queue.linkedin.post_queue_weekday.su } },
        },
      },
      { ...DEFAULT_FEATURE_TOGGLES, notifications_enabled: true, post_comments_enabled: false, post_reactions_enabled: false, auto_queue_enabled: false },
    );
    for (const kind of ['post_commented', 'post_liked', 'post_auto_queue'] as const) {
      expect(merged.notifications[`email_${kind}`], kind).toBe(current.notifications[`email_${kind}`]);
      expect(merged.notifications[`push_${kind}`], kind).toBe(current.notifications[`push_${kind}`]);
    }
    for (const kind of ['suggested_post_approved', 'relink_social_account', 'post_shared'] as const) {
      expect(merged.notifications[`email_${kind}`], kind).toBe(flipped[`email_${kind}`]);
    }
    expect(merged.post_queue.linkedin.auto_queue_enabled).toBe(queue.linkedin.auto_queue_enabled);
    // The queue's times and days still serve the manual queue: they save.
    expect(merged.post_queue.linkedin.post_queue_weekday.su).toBe(!queue.linkedin.post_queue_weekday.su);
  });
});

describe('POST /api/v1/user/password', () => {
  const NEW_PASSWORD = 'Brand!new9';

  it('changes the password, ends every session and answers with a new token', async () => {
    const { user, token } = await freshAcmeUser();
    const other = await sessionFor(t.db, user);
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    const { token: rotated } = res.json() as { token: string };
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect(rotated).not.toBe(token);
    expect(await verifyPassword((await row(user.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await row(user.id)).passwordHash).toMatch(/^\$argon2id\$/);
    const live = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(live.map((s) => s.tokenHash)).toEqual([hashToken(rotated)]);
    expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, token)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, other)).statusCode).toBe(401);
    expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, rotated)).statusCode).toBe(200);
    const signIn = await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: user.email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 443 for a wrong current password and keeps the old one and the sessions', async () => {
    const { user, token } = await freshAcmeUser();
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: 'Wrong!pass1', new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: ErrorCode.INCORRECT_PASSWORD, message: 'Incorrect password. Please enter correct password.' });
    expect(await verifyPassword((await row(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
    expect((await get(t.app, 'acme', `/api/v1/user/${user.id}`, token)).statusCode).toBe(200);
  });

  it.each(['nouppercase1!', 'NOLOWERCASE1!', 'NoSpecial123', 'Has space1!'])(
    'refuses %j by the password policy with 201',
    async (weak) => {
      const { user, token } = await freshAcmeUser();
      const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: weak, confirm_new_password: weak }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: ErrorCode.MISSING_OR_INCORRECT,
        message: 'Password you entered does not conform to company password policy...',
        issues: [{ path: 'new_password', message: 'password.policy' }],
      });
      expect(await verifyPassword((await row(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
    },
  );

  it('refuses a seven-character password', async () => {
    const { token } = await freshAcmeUser();
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: 'Ab1!xyz', confirm_new_password: 'Ab1!xyz' }, token);
    expect(res.json().issues).toEqual([{ path: 'new_password', message: 'password.policy' }]);
  });

  it('refuses a confirmation that does not match with 201', async () => {
    const { user, token } = await freshAcmeUser();
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: `${NEW_PASSWORD}x` }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(res.json().issues[0].path).toBe('confirm_new_password');
    expect(await verifyPassword((await row(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('refuses a missing current password with 201', async () => {
    const { token } = await freshAcmeUser();
    const res = await post(t.app, 'acme', '/api/v1/user/password', { new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('is refused (403, 489) where the company has e-mail login off', async () => {
    const company = await buildCompany(t.db, { featureToggles: { ...DEFAULT_FEATURE_TOGGLES, email_login_enabled: false } });
    const user = await buildUser(t.db, [{ company }]);
    const token = await sessionFor(t.db, user);
    const res = await post(t.app, company.subdomain, '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.SIGN_IN_METHOD_OFF);
    expect(await verifyPassword((await row(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('refuses a user of another company', async () => {
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(await verifyPassword((await row(f.globexUser.id)).passwordHash, TEST_PASSWORD)).toBe(true);
  });

  it('needs a session', async () => {
    const res = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/{id}/picture', () => {
  it('needs a session, and refuses another member and another company', async () => {
    expect((await del(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}/picture`)).statusCode).toBe(401);
    expect((await del(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}/picture`, f.tokens.acmeAdmin)).statusCode).toBe(403);
    expect((await del(t.app, 'acme', `/api/v1/user/${f.acmeUser.id}/picture`, f.tokens.globexUser)).statusCode).toBe(401);
  });
});
