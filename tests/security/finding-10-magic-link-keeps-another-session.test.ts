/**
 * Found by the attack suite, in the spirit of finding 10 (never end a different user's session
 * on a hand-over): GET /api/v1/auth/email/magic-link ended whatever session the browser
 * carried. It is a GET, so a link or a top-level navigation from another site carries the
 * victim's cookie: with a magic-link code of the attacker's own account, it signed the victim
 * out. A magic link now ends only its own person's older session (the rotation of sign-in).
 */
import { AUTH_COOKIE, ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, hostOf, magicLinkCode, type TestContext } from '../../server/src/test/app.ts';
import { sessionFor } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});

afterAll(async () => {
  await t.close();
});

describe('a magic link and the session the browser carries', () => {
  it("leaves another person's session alone when opened from another site", async () => {
    // The attacker (here the Acme admin) asks for a link to their own account.
    const code = await magicLinkCode(t.app, 'acme', f.acmeAdmin.email);
    const victim = await sessionFor(t.db, f.acmeUser, f.acme);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/email/magic-link?code=${code}`,
      headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${victim}`, 'sec-fetch-site': 'cross-site' },
    });
    // Asked first (finding 27): nothing changes until the person confirms.
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ error: ErrorCode.SIGNED_IN_AS_SOMEONE_ELSE });
    expect((await get(t.app, 'acme', '/api/v1/config/info', victim)).statusCode).toBe(200);
    // Even confirmed, the victim's own session is not ended.
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/email/magic-link?code=${code}&confirm=1`,
      headers: { host: hostOf('acme'), cookie: `${AUTH_COOKIE}=${victim}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await get(t.app, 'acme', '/api/v1/config/info', victim)).statusCode).toBe(200);
  });

  it("still ends the person's own older session (sign-in rotates it)", async () => {
    const code = await magicLinkCode(t.app, 'acme', f.acmeUser.email);
    const older = await sessionFor(t.db, f.acmeUser, f.acme);
    const opened = await get(t.app, 'acme', `/api/v1/auth/email/magic-link?code=${code}`, older);
    expect(opened.statusCode).toBe(200);
    expect((await get(t.app, 'acme', '/api/v1/config/info', older)).statusCode).toBe(401);
  });
});
