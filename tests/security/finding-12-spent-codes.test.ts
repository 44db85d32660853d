/**
 * Finding 12: an older recovery link still worked after a reset. A successful reset, password
 * change or magic-link sign-in now spends every outstanding recovery and magic-link code of
 * that person (and of nobody else).
 */
import { ChangePasswordResponse, ErrorCode, MagicLinkResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, type UserRow } from '../../server/src/db/schema.ts';
import { createTestContext, get, post, type TestContext } from '../../server/src/test/app.ts';
import { buildUser, sessionFor, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'New!pass22';

/** Asks for a mailed link and returns the code in it. */
async function mailedCode(route: 'recover' | 'email/magic-link', email: string): Promise<string> {
  expect((await post(t.app, 'acme', `/api/v1/auth/${route}`, { username: email })).statusCode).toBe(200);
  // The newest mail (drizzle-orm is the server's dependency, so no ORDER BY helper here).
  const mail = (await t.db.select().from(outboxMails)).reduce((newest, row) => (row.id > newest.id ? row : newest));
  const link = new URL(mail?.links[0] ?? '');
  return link.searchParams.get(route === 'recover' ? 'recover_code' : 'code') ?? '';
}

const recoveryCode = (email: string) => mailedCode('recover', email);
const magicCode = (email: string) => mailedCode('email/magic-link', email);

function reset(code: string, password = NEW_PASSWORD) {
  return post(t.app, 'acme', '/api/v1/auth/reset', { recover_code: code, password_1: password, password_2: password });
}

function magicSignIn(code: string) {
  return get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`);
}

async function recoveryStillValid(code: string): Promise<boolean> {
  return (await get(t.app, 'acme', `/api/v1/auth/recover-check/${code}`)).statusCode === 200;
}

async function freshPerson(): Promise<UserRow> {
  return buildUser(t.db, [{ company: f.acme }]);
}

describe('finding 12: a way in spends the older codes', () => {
  it('an older recovery link fails after a reset with a newer one', async () => {
    const person = await freshPerson();
    const older = await recoveryCode(person.email);
    const newer = await recoveryCode(person.email);
    expect(await recoveryStillValid(older)).toBe(true);

    expect((await reset(newer)).statusCode).toBe(200);

    expect(await recoveryStillValid(older)).toBe(false);
    const again = await reset(older, 'Other!pass3');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: ErrorCode.RESET_LINK_UNAVAILABLE, message: 'Password reset link no longer available or does not exist.' });
    // The password is the one the newer link set.
    expect((await post(t.app, 'acme', '/api/v1/auth/sign-in', { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('an older magic link fails after a reset', async () => {
    const person = await freshPerson();
    const magic = await magicCode(person.email);
    expect((await reset(await recoveryCode(person.email))).statusCode).toBe(200);
    const res = await magicSignIn(magic);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: ErrorCode.MAGIC_LINK_USED, message: 'Sign-in link already used' });
  });

  it('an older recovery link fails after a password change', async () => {
    const person = await freshPerson();
    const older = await recoveryCode(person.email);
    const token = await sessionFor(t.db, person);
    const changed = await post(t.app, 'acme', '/api/v1/user/password', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD }, token);
    expect(changed.statusCode).toBe(200);
    ChangePasswordResponse.parse(changed.json());

    expect(await recoveryStillValid(older)).toBe(false);
    expect((await reset(older, 'Other!pass3')).json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
  });

  it('an older recovery link and an older magic link fail after a magic-link sign-in', async () => {
    const person = await freshPerson();
    const recovery = await recoveryCode(person.email);
    const olderMagic = await magicCode(person.email);
    const newerMagic = await magicCode(person.email);

    const res = await magicSignIn(newerMagic);
    expect(res.statusCode).toBe(200);
    expect(MagicLinkResponse.parse(res.json()).user.id).toBe(person.id);

    expect(await recoveryStillValid(recovery)).toBe(false);
    expect((await reset(recovery, 'Other!pass3')).json().error).toBe(ErrorCode.RESET_LINK_UNAVAILABLE);
    expect((await magicSignIn(olderMagic)).json().error).toBe(ErrorCode.MAGIC_LINK_USED);
  });

  it('spends only that person’s codes', async () => {
    const person = await freshPerson();
    const colleague = await freshPerson();
    const theirs = await recoveryCode(colleague.email);
    const theirMagic = await magicCode(colleague.email);
    expect((await reset(await recoveryCode(person.email))).statusCode).toBe(200);
    expect(await recoveryStillValid(theirs)).toBe(true);
    expect((await magicSignIn(theirMagic)).statusCode).toBe(200);
  });
});
