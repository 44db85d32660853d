import { AUTH_HEADER, ErrorCode, UpdateUserTimezoneResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestContext, get, hostOf, type TestContext } from '../../test/app.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function patchUser(app: FastifyInstance, subdomain: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { host: hostOf(subdomain), 'content-type': 'application/json' };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'PATCH', url: '/api/v4/user', headers, payload: JSON.stringify(body) });
}

async function savedZone(id: number): Promise<string | undefined> {
  const [row] = await t.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, id));
  return row?.timezone;
}

describe('PATCH /api/v4/user', () => {
  it('saves a listed zone and answers with the presented user', async () => {
    const res = await patchUser(t.app, 'acme', { timezone: 'Europe/Berlin' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const user = UpdateUserTimezoneResponse.parse(res.json());
    expect(user).toMatchObject({ id: f.acmeUser.id, role: 3, timezone: 'Europe/Berlin', username: 'user@acme.test' });
    expect(await savedZone(f.acmeUser.id)).toBe('Europe/Berlin');
  });

  it('accepts every zone the time-zone list offers, including renamed ones and UTC', async () => {
    const list = (await get(t.app, 'acme', '/api/v1/common/timezone')).json() as { value: string }[];
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
      expect(list.map((e) => e.value)).toContain(zone);
      const res = await patchUser(t.app, 'acme', { timezone: zone }, f.tokens.acmeUser);
      expect(res.statusCode).toBe(200);
      expect(await savedZone(f.acmeUser.id)).toBe(zone);
    }
  });

  it('gives the role of the host company for a member of several companies', async () => {
    const res = await patchUser(t.app, 'globex', { timezone: 'Asia/Tokyo' }, f.tokens.multiGlobex);
    expect(res.statusCode).toBe(200);
    expect(UpdateUserTimezoneResponse.parse(res.json())).toMatchObject({ id: f.multi.id, role: 2, timezone: 'Asia/Tokyo' });
  });

  it.each([
    ['an unknown zone', { timezone: 'Mars/Olympus_Mons' }],
    ['an offset instead of a zone', { timezone: '+02:00' }],
    ['an empty zone', { timezone: '' }],
    ['a missing zone', {}],
    ['a number', { timezone: 5 }],
  ])('rejects %s with 201 and keeps the saved zone', async (_label, body) => {
    const before = await savedZone(f.acmeAdmin.id);
    const res = await patchUser(t.app, 'acme', body, f.tokens.acmeAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect(await savedZone(f.acmeAdmin.id)).toBe(before);
  });

  it('needs a session', async () => {
    const res = await patchUser(t.app, 'acme', { timezone: 'Europe/Paris' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('refuses a user of another company on this host and changes nothing', async () => {
    const before = await savedZone(f.globexUser.id);
    const res = await patchUser(t.app, 'acme', { timezone: 'Europe/Paris' }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect(await savedZone(f.globexUser.id)).toBe(before);
  });

  it('changes only the signed-in user', async () => {
    const before = await savedZone(f.multi.id);
    await patchUser(t.app, 'acme', { timezone: 'Pacific/Auckland' }, f.tokens.acmeAdmin);
    expect(await savedZone(f.multi.id)).toBe(before);
  });
});

