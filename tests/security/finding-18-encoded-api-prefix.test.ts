/**
 * Finding 18: tenancy and the rate limit decided "is this the API?" from the raw url, while the
 * router decodes percent-escapes before matching. `GET /%61pi/v1/...` reached the API but
 * skipped the suspension check and the rate-limit count. Both now judge a request by the route
 * it matched (its normalised path when unrouted), and spellings the router does not route
 * (`//api`, `/./api`, `/API`, `/%2Fapi`...) answer the API's 404, never the API.
 */
import http from 'node:http';
import { ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS } from '../../server/src/plugins/rate-limit.ts';
import { createTestContext, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany, TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

const AUTH_LIMIT = 3;
const API_LIMIT = 4;

/** Spellings of `/api/` the router decodes to it. */
const ROUTED = ['/%61pi/', '/%61%70%69/', '/a%70i/'];
/** Spellings the router does not route. */
const UNROUTED = ['//api/', '/./api/', '/x/../api/', '/api./', '/API/', '/Api/', '/%41PI/', '/%2Fapi/', '/%2fapi/', '/%2561pi/', '/%2e/api/', '/\\api/'];

let t: TestContext;
let limited: TestContext;
let f: Tenants;
let port: number;
let limitedPort: number;

/** A request over a real connection, its path sent exactly as written. */
function raw(onPort: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: () => { error?: number; message?: string } }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: onPort, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, json: () => JSON.parse(text) as { error?: number; message?: string } }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function listen(context: TestContext): Promise<number> {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  await buildCompany(t.db, { subdomain: 'frozen', suspendedAt: new Date() });
  port = await listen(t);
  limited = await createTestContext({ env: { CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT), CHORUS_RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT) } });
  await buildTenants(limited.db);
  limitedPort = await listen(limited);
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

describe('finding 18: a percent-encoded /api/ prefix', () => {
  it('reaches the API the way the plain prefix does (the router decodes it)', async () => {
    for (const prefix of ROUTED) {
      const res = await raw(port, 'GET', `${prefix}v1/user/${f.acmeUser.id}`, { host: hostOf('acme'), 'x-auth-token': f.tokens.acmeUser });
      expect(res.status, prefix).toBe(200);
    }
  });

  it("is refused for a suspended company's host, like the plain prefix", async () => {
    for (const prefix of ['/api/', ...ROUTED]) {
      for (const [method, path] of [
        ['GET', 'v1/company/settings/branded-settings'],
        ['GET', `v1/user/${f.acmeUser.id}`],
      ] as const) {
        const res = await raw(port, method, `${prefix}${path}`, { host: hostOf('frozen'), 'x-auth-token': f.tokens.acmeUser });
        expect(res.status, `${method} ${prefix}${path}`).toBe(403);
        expect(res.json()).toEqual({ error: ErrorCode.COMPANY_SUSPENDED, message: 'This company is suspended. Please contact your administrator.' });
      }
    }
  });

  it('on a host naming no company answers 404, like the plain prefix', async () => {
    for (const prefix of ['/api/', ...ROUTED]) {
      const res = await raw(port, 'GET', `${prefix}v1/company/settings/branded-settings`, { host: hostOf('nobody-here') });
      expect(res.status, prefix).toBe(404);
      expect(res.json()).toEqual({ error: ErrorCode.NOT_FOUND, message: 'No company is known at this address.' });
    }
  });

  it('answers 404 for spellings the router does not route, to API clients and browsers alike', async () => {
    for (const prefix of UNROUTED) {
      for (const accept of ['application/json', 'text/html']) {
        const res = await raw(port, 'GET', `${prefix}v1/user/${f.acmeUser.id}`, { host: hostOf('acme'), 'x-auth-token': f.tokens.acmeUser, accept });
        expect(res.status, `${prefix} ${accept}`).toBe(404);
        expect(res.json().error).toBe(ErrorCode.NOT_FOUND);
      }
    }
  });
});

describe('finding 18: the rate limit counts encoded API requests', () => {
  // A window ending mid-test would reset the counts; start each test well inside one.
  beforeEach(async () => {
    const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
    if (left < 8000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }, 15_000);

  it('against the general API budget', async () => {
    const headers = { host: hostOf('acme') };
    for (let i = 0; i < API_LIMIT; i += 1) {
      const prefix = ROUTED[i % ROUTED.length] ?? '/%61pi/';
      expect((await raw(limitedPort, 'GET', `${prefix}v1/company/settings/branded-settings`, headers)).status).toBe(200);
    }
    for (const prefix of ['/api/', ...ROUTED]) {
      const res = await raw(limitedPort, 'GET', `${prefix}v1/company/settings/branded-settings`, headers);
      expect(res.status, prefix).toBe(429);
      expect(res.json().error).toBe(ErrorCode.TOO_MANY_REQUESTS);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });

  it("against the sign-in route's own tight budget", async () => {
    const headers = { host: hostOf('acme'), 'content-type': 'application/json' };
    const credentials = JSON.stringify({ email: 'user@acme.test', password: TEST_PASSWORD });
    for (let i = 0; i < AUTH_LIMIT; i += 1) {
      const prefix = ROUTED[i % ROUTED.length] ?? '/%61pi/';
      expect((await raw(limitedPort, 'POST', `${prefix}v1/auth/sign-in`, headers, credentials)).status).toBe(200);
    }
    for (const path of ['/api/v1/auth/sign-in', '/%61pi/v1/auth/sign-in', '/api/v1/auth/sign-%69n']) {
      const res = await raw(limitedPort, 'POST', path, headers, credentials);
      expect(res.status, path).toBe(429);
      expect(res.json().error).toBe(ErrorCode.TOO_MANY_REQUESTS);
    }
  });
});
