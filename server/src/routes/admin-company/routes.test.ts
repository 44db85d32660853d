import { CompanyFeaturesResponse, ConfigInfoResponse, ErrorCode, Role } from '@chorus/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../../db/schema.ts';
import { createTestContext, get, send, type TestContext } from '../../test/app.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

const FEATURES = '/api/v1/company/settings/features';

let t: TestContext;
let f: Tenants;
let managerToken: string;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  managerToken = await sessionFor(t.db, await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }]));
});
afterAll(() => t.close());

function put(body: unknown, token = f.tokens.acmeAdmin) {
  return send(t.app, 'PUT', 'acme', FEATURES, body, token);
}

async function companyAudit() {
  return t.db.select().from(auditLog).where(eq(auditLog.action, 'company.update')).orderBy(asc(auditLog.id));
}

describe('company feature switches', () => {
  it('reads every switch for an admin', async () => {
    const res = await get(t.app, 'acme', FEATURES, f.tokens.acmeAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(CompanyFeaturesResponse.parse(res.json()).feature_toggles.sharing_enabled).toBe(true);
  });

  it('saves a switch that members see at once, and records it before and after', async () => {
    const config = async () => ConfigInfoResponse.parse((await get(t.app, 'acme', '/api/v1/config/info', f.tokens.acmeUser)).json());
    expect((await config()).feature_toggles.copy_link_enabled).toBe(true);
    const res = await put({ feature_toggles: { copy_link_enabled: false, sharing_enabled: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(CompanyFeaturesResponse.parse(res.json()).feature_toggles).toMatchObject({ copy_link_enabled: false, sharing_enabled: true });
    expect((await config()).feature_toggles.copy_link_enabled).toBe(false);
    const [entry] = await companyAudit();
    expect(entry).toMatchObject({ actor: `user:${f.acmeAdmin.id}`, companyId: f.acme.id, data: { before: { copy_link_enabled: true }, after: { copy_link_enabled: false } } });
    // Saving the same again changes and records nothing.
    expect((await put({ feature_toggles: { copy_link_enabled: false } })).statusCode).toBe(200);
    expect(await companyAudit()).toHaveLength(1);
    expect((await put({ feature_toggles: { copy_link_enabled: true } })).statusCode).toBe(200);
  });

  it('refuses e-mail sign-in (a sign-in option), an unknown switch and a non-boolean with 201, changing nothing', async () => {
    const [before] = await t.db.select({ toggles: companies.featureToggles }).from(companies).where(eq(companies.id, f.acme.id));
    for (const body of [{ feature_toggles: { email_login_enabled: false } }, { feature_toggles: { teleport_enabled: true } }, { feature_toggles: { sharing_enabled: 'no' } }, {}]) {
      const res = await put(body);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT });
    }
    const [after] = await t.db.select({ toggles: companies.featureToggles }).from(companies).where(eq(companies.id, f.acme.id));
    expect(after).toEqual(before);
  });

  it('refuses a manager (403), a member (403) and another company’s session (401)', async () => {
    expect((await get(t.app, 'acme', FEATURES, managerToken)).statusCode).toBe(403);
    expect((await put({ feature_toggles: { sharing_enabled: false } }, managerToken)).statusCode).toBe(403);
    expect((await put({ feature_toggles: { sharing_enabled: false } }, f.tokens.acmeUser)).statusCode).toBe(403);
    expect((await put({ feature_toggles: { sharing_enabled: false } }, f.tokens.globexUser)).statusCode).toBe(401);
    const [row] = await t.db.select({ toggles: companies.featureToggles }).from(companies).where(eq(companies.id, f.acme.id));
    expect(row?.toggles.sharing_enabled).toBe(true);
  });
});
