import { BrandedSettingsResponse, ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/app.ts';
import { buildCompany } from '../test/factories.ts';
import { parseHost } from './tenancy.ts';

describe('parseHost', () => {
  it.each([
    { host: 'acme.localhost:3000', expected: { kind: 'company', subdomain: 'acme' } },
    { host: 'ACME.LocalHost', expected: { kind: 'company', subdomain: 'acme' } },
    { host: 'acme.localhost.', expected: { kind: 'company', subdomain: 'acme' } },
    { host: 'app.localhost:3000', expected: { kind: 'assisted-login' } },
    { host: 'localhost:3000', expected: { kind: 'assisted-login' } },
    { host: 'a.b.localhost', expected: { kind: 'foreign' } },
    { host: '127.0.0.1:3000', expected: { kind: 'foreign' } },
    { host: 'acme.evil.com', expected: { kind: 'foreign' } },
    { host: 'acmelocalhost', expected: { kind: 'foreign' } },
    { host: undefined, expected: { kind: 'foreign' } },
  ])('reads $host', ({ host, expected }) => {
    expect(parseHost(host, 'localhost')).toEqual(expected);
  });

  it('works with a multi-label base domain', () => {
    expect(parseHost('acme.chorus.example.com:443', 'chorus.example.com')).toEqual({ kind: 'company', subdomain: 'acme' });
  });
});

describe('tenancy', () => {
  let t: TestContext;
  let acmeId: number;

  beforeAll(async () => {
    t = await createTestContext();
    acmeId = (await buildCompany(t.db, { subdomain: 'acme' })).id;
  });
  afterAll(() => t.close());

  const branded = (host: string) => t.app.inject({ method: 'GET', url: '/api/v1/company/settings/branded-settings', headers: { host } });

  it.each(['acme.localhost', 'acme.localhost:3000', 'Acme.LOCALHOST:8080'])('finds the company from the host %s', async (host) => {
    const res = await branded(host);
    expect(res.statusCode).toBe(200);
    expect(BrandedSettingsResponse.parse(res.json()).company_id).toBe(acmeId);
  });

  it.each(['initech.localhost:3000', '127.0.0.1:3000', 'acme.other.example'])('answers API requests on %s with 404', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/post/feed', headers: { host } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ErrorCode.NOT_FOUND, message: 'No company is known at this address.' });
  });

  it('keeps the health check reachable on any host', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host: '10.0.0.5:3000' } })).statusCode).toBe(200);
  });
});
