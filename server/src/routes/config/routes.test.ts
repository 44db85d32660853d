import { ConfigInfoResponse, ErrorCode, FEATURE_TOGGLES } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext({ env: { TEAMS_TAB_ENTITY_ID: 'chorus-tab' } });
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

describe('GET /api/v1/config/info', () => {
  it('describes the host company, its toggles and the Teams app', async () => {
    const res = await get(t.app, 'acme', '/api/v1/config/info', f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const body = ConfigInfoResponse.parse(res.json());
    expect(body).toMatchObject({
      company_id: f.acme.id,
      company_name: 'Acme Corporation',
      subdomain: 'acme',
      default_language: 'en-US',
      teams: { app_id: '11111111-2222-4333-8444-555555555555', tab_entity_id: 'chorus-tab' },
    });
    expect(Object.keys(body.feature_toggles).sort()).toEqual([...FEATURE_TOGGLES].sort());
  });

  it('reports post_interactions_enabled, which chooses the interaction bar or the legacy share bar', async () => {
    const toggleAt = async (subdomain: string, token: string) =>
      ConfigInfoResponse.parse((await get(t.app, subdomain, '/api/v1/config/info', token)).json()).feature_toggles.post_interactions_enabled;
    expect(await toggleAt('acme', f.tokens.acmeUser)).toBe(true);
    const legacy = await buildCompany(t.db, { subdomain: 'legacy', featureToggles: { ...f.acme.featureToggles, post_interactions_enabled: false } });
    const member = await buildUser(t.db, [{ company: legacy }]);
    expect(await toggleAt('legacy', await sessionFor(t.db, member))).toBe(false);
  });

  it('answers for the host company of a member of two companies', async () => {
    const body = ConfigInfoResponse.parse((await get(t.app, 'globex', '/api/v1/config/info', f.tokens.multiGlobex)).json());
    expect(body.subdomain).toBe('globex');
  });

  it('needs a session', async () => {
    const res = await get(t.app, 'acme', '/api/v1/config/info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('refuses a user of another company', async () => {
    expect((await get(t.app, 'acme', '/api/v1/config/info', f.tokens.globexUser)).statusCode).toBe(401);
  });

  it('has no company on the assisted-login host', async () => {
    expect((await get(t.app, 'app', '/api/v1/config/info', f.tokens.acmeUser)).statusCode).toBe(401);
  });
});
