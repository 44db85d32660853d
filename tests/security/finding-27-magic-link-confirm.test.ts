/**
 * Finding 27, login CSRF through magic links: following a magic link while signed in as
 * someone else silently replaced the session. The link now answers 499 naming both people
 * (the web asks "You are signed in as A. Continue as B?") and changes nothing, the link stays
 * usable, and only the request the person's click sends (`confirm=1`) signs in.
 */
import { ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, magicLinkCode, type TestContext } from '../../server/src/test/app.ts';
import { sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

const open = (code: string, token?: string, confirm = false) => get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}${confirm ? '&confirm=1' : ''}`, token);

describe('finding 27: a magic link opened while someone else is signed in', () => {
  it('asks first (499, both addresses named), changes nothing, and keeps the link usable', async () => {
    const signedIn = await sessionFor(t.db, f.acmeUser, f.acme);
    const code = await magicLinkCode(t.app, 'acme', f.acmeAdmin.email);
    const asked = await open(code, signedIn);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      error: ErrorCode.SIGNED_IN_AS_SOMEONE_ELSE,
      message: 'You are signed in as someone else. Confirm to continue as the person this link was sent to.',
      issues: [
        { path: 'signed_in_as', message: f.acmeUser.email },
        { path: 'continue_as', message: f.acmeAdmin.email },
      ],
    });
    // Still signed in as the first person, and the link was not used up.
    const me = await get(t.app, 'acme', '/api/v1/config/info', signedIn);
    expect(me.statusCode).toBe(200);
    const confirmed = await open(code, signedIn, true);
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { user: { id: number } }).user.id).toBe(f.acmeAdmin.id);
    // Used once: the same link again is spent.
    expect((await open(code, signedIn, true)).json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_USED });
  });

  it('does not ask when nobody, or the link’s own person, is signed in', async () => {
    const code = await magicLinkCode(t.app, 'acme', f.acmeUser.email);
    expect((await open(code)).statusCode).toBe(200);
    const own = await sessionFor(t.db, f.acmeUser, f.acme);
    const again = await magicLinkCode(t.app, 'acme', f.acmeUser.email);
    expect((await open(again, own)).statusCode).toBe(200);
  });

  it('does not ask for a link that is not live: it answers why instead', async () => {
    const signedIn = await sessionFor(t.db, f.acmeUser, f.acme);
    expect((await open('not-a-real-code', signedIn)).json()).toMatchObject({ error: ErrorCode.MAGIC_LINK_ERROR });
  });
});
