/**
 * The view switcher's rule on the server side: config/info's dashboard_enabled follows the
 * company setting, and without one the spec's list (only company ids 1 and 448).
 */
import { ConfigInfoResponse, DEFAULT_DASHBOARD_COMPANY_IDS, Role } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../db/schema.ts';
import { dashboardEnabled } from '../../presenters/company.ts';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function dashboardFlag(company: CompanyRow): Promise<boolean> {
  const manager = await buildUser(t.db, [{ company, role: Role.MANAGER }]);
  const res = await get(t.app, company.subdomain, '/api/v1/config/info', await sessionFor(t.db, manager));
  expect(res.statusCode).toBe(200);
  return ConfigInfoResponse.parse(res.json()).dashboard_enabled;
}

describe('dashboard_enabled of GET /api/v1/config/info', () => {
  it('defaults to the spec list of company ids 1 and 448', async () => {
    expect(DEFAULT_DASHBOARD_COMPANY_IDS).toEqual([1, 448]);
    const first = await buildCompany(t.db, { id: 1, subdomain: 'first' });
    const listed = await buildCompany(t.db, { id: 448, subdomain: 'listed' });
    const other = await buildCompany(t.db, { id: 2, subdomain: 'other' });
    expect(await dashboardFlag(first)).toBe(true);
    expect(await dashboardFlag(listed)).toBe(true);
    expect(await dashboardFlag(other)).toBe(false);
  });

  it('follows the company setting where one is stored', async () => {
    const optedIn = await buildCompany(t.db, { id: 5000, subdomain: 'opted-in', dashboardEnabled: true });
    const optedOut = await buildCompany(t.db, { id: 5001, subdomain: 'opted-out', dashboardEnabled: false });
    expect(await dashboardFlag(optedIn)).toBe(true);
    expect(await dashboardFlag(optedOut)).toBe(false);
    expect(dashboardEnabled({ id: 448, dashboardEnabled: false })).toBe(false);
    expect(dashboardEnabled({ id: 7, dashboardEnabled: null })).toBe(false);
  });
});
