import { ConfigInfoResponse, ErrorCode, OnboardingEventsResponse } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipsOnboarding } from '../../presenters/company.ts';
import { createTestContext, get, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

async function onboardingEvents(subdomain: string, token: string): Promise<OnboardingEventsResponse> {
  const res = await get(t.app, subdomain, '/api/v1/cs/onboarding', token);
  expect(res.statusCode).toBe(200);
  return OnboardingEventsResponse.parse(res.json());
}

describe('POST /api/v1/cs/event and GET /api/v1/cs/onboarding', () => {
  it('start with no events, then list what the user reported here', async () => {
    const user = await buildUser(t.db, [{ company: f.acme }]);
    const token = await sessionFor(t.db, user);
    expect(await onboardingEvents('acme', token)).toEqual({ objects: [] });

    const res = await post(t.app, 'acme', '/api/v1/cs/event', { event: 'finished' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ event: 'finished' });
    expect(await onboardingEvents('acme', token)).toEqual({ objects: [{ event: 'finished' }] });
  });

  it('keep events per company', async () => {
    expect((await post(t.app, 'acme', '/api/v1/cs/event', { event: 'skipped' }, f.tokens.multi)).statusCode).toBe(200);
    expect(await onboardingEvents('acme', f.tokens.multi)).toEqual({ objects: [{ event: 'skipped' }] });
    expect(await onboardingEvents('globex', f.tokens.multiGlobex)).toEqual({ objects: [] });
  });

  it('keep events per user', async () => {
    await post(t.app, 'acme', '/api/v1/cs/event', { event: 'finished' }, f.tokens.acmeAdmin);
    expect(await onboardingEvents('acme', f.tokens.acmeUser)).toEqual({ objects: [] });
  });

  it('validate the event', async () => {
    for (const body of [{}, { event: 'started' }, { event: 3 }]) {
      const res = await post(t.app, 'acme', '/api/v1/cs/event', body, f.tokens.acmeUser);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
    expect(await onboardingEvents('acme', f.tokens.acmeUser)).toEqual({ objects: [] });
  });

  it('need a session', async () => {
    expect((await post(t.app, 'acme', '/api/v1/cs/event', { event: 'finished' })).statusCode).toBe(401);
    expect((await get(t.app, 'acme', '/api/v1/cs/onboarding')).statusCode).toBe(401);
  });

  it('refuse a user of another company', async () => {
    const res = await post(t.app, 'acme', '/api/v1/cs/event', { event: 'finished' }, f.tokens.globexUser);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await get(t.app, 'acme', '/api/v1/cs/onboarding', f.tokens.globexUser)).statusCode).toBe(401);
  });
});

describe('skip_onboarding of GET /api/v1/config/info', () => {
  async function skipOnboarding(overrides: Parameters<typeof buildCompany>[1]): Promise<boolean> {
    const company = await buildCompany(t.db, overrides);
    const user = await buildUser(t.db, [{ company }]);
    const res = await get(t.app, company.subdomain, '/api/v1/config/info', await sessionFor(t.db, user));
    return ConfigInfoResponse.parse(res.json()).skip_onboarding;
  }

  it.each([318, 319, 327, 371, 368])('is on by default for company %i (the spec list)', async (id) => {
    expect(await skipOnboarding({ id })).toBe(true);
  });

  it('is off by default for other companies', async () => {
    expect(await skipOnboarding({ id: 320 })).toBe(false);
    expect(await skipOnboarding({})).toBe(false);
  });

  it('follows the company setting when one is stored', async () => {
    expect(await skipOnboarding({ skipOnboarding: true })).toBe(true);
    expect(await skipOnboarding({ id: 423, skipOnboarding: false })).toBe(false);
    expect(skipsOnboarding({ id: 423, skipOnboarding: null })).toBe(true);
  });
});
