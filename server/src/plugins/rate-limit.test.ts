import { ErrorCode } from '@chorus/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestCounters } from '../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../test/app.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { buildTenants, type Tenants } from '../test/fixtures.ts';
import { MemoryWindowCounter, RATE_LIMIT_WINDOW_MS, rateLimitBucket } from './rate-limit.ts';

const AUTH_LIMIT = 3;
const API_LIMIT = 5;
let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext({ env: { CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT), CHORUS_RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT) } });
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

function fromIp(ip: string, method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { host: hostOf('acme') };
  if (token) headers['x-auth-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method, url, headers, remoteAddress: ip, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
}

describe('rate limiting (425)', () => {
  // A window ending mid-test would reset the counts; start each test well inside one.
  beforeEach(async () => {
    const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
    if (left < 8000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }, 15_000);

  it('answers 425 with HTTP 429 and Retry-After once an IP passes the sign-in limit', async () => {
    const credentials = { email: 'user@acme.test', password: TEST_PASSWORD };
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await fromIp('10.0.0.1', 'POST', '/api/v1/auth/sign-in', credentials)).statusCode).toBe(200);
    const res = await fromIp('10.0.0.1', 'POST', '/api/v1/auth/sign-in', credentials);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each IP separately', async () => {
    const credentials = { email: 'user@acme.test', password: TEST_PASSWORD };
    for (let i = 0; i < AUTH_LIMIT; i += 1) await fromIp('10.0.0.2', 'POST', '/api/v1/auth/sign-in', credentials);
    expect((await fromIp('10.0.0.2', 'POST', '/api/v1/auth/sign-in', credentials)).statusCode).toBe(429);
    expect((await fromIp('10.0.0.3', 'POST', '/api/v1/auth/sign-in', credentials)).statusCode).toBe(200);
  });

  it('limits the rest of the API with its own, larger budget', async () => {
    const url = `/api/v1/user/${f.acmeUser.id}`;
    for (let i = 0; i < API_LIMIT; i += 1) expect((await fromIp('10.0.0.4', 'GET', url, undefined, f.tokens.acmeUser)).statusCode).toBe(200);
    const res = await fromIp('10.0.0.4', 'GET', url, undefined, f.tokens.acmeUser);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(res.headers['retry-after']).toBeDefined();
    // The auth budget of that IP is untouched by its API calls.
    expect((await fromIp('10.0.0.4', 'POST', '/api/v1/auth/sign-in', { email: 'user@acme.test', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps its counts in the database, one row per key and window', async () => {
    const rows = await t.db.select().from(requestCounters);
    const row = rows.find((r) => r.key === 'auth:/api/v1/auth/sign-in|10.0.0.1');
    expect(row?.count).toBe(AUTH_LIMIT + 1);
    expect((row?.windowStart.getTime() ?? 1) % 60_000).toBe(0);
  });

  it('does not limit pages outside the API', async () => {
    for (let i = 0; i < API_LIMIT + 2; i += 1) expect((await get(t.app, 'acme', '/health')).statusCode).not.toBe(429);
  });

  it('is answered before validation, so junk requests count too', async () => {
    for (let i = 0; i < AUTH_LIMIT; i += 1) await fromIp('10.0.0.5', 'POST', '/api/v1/auth/sign-in', {});
    expect((await post(t.app, 'acme', '/api/v1/auth/sign-in', {})).statusCode).toBe(400);
    expect((await fromIp('10.0.0.5', 'POST', '/api/v1/auth/sign-in', {})).statusCode).toBe(429);
  });
});

describe('rateLimitBucket', () => {
  const limits = { authPerMinute: 20, apiPerMinute: 600 };
  it.each([
    { method: 'POST', route: '/api/v1/auth/sign-in', url: '/api/v1/auth/sign-in', expected: { group: 'auth:/api/v1/auth/sign-in', limit: 20 } },
    { method: 'POST', route: '/api/v1/auth/sign-up/invite/:code', url: '/api/v1/auth/sign-up/invite/abc', expected: { group: 'auth:/api/v1/auth/sign-up/invite/:code', limit: 20 } },
    { method: 'GET', route: '/api/v1/auth/sign-out', url: '/api/v1/auth/sign-out', expected: { group: 'api', limit: 600 } },
    { method: 'GET', route: '/api/v4/post/feed', url: '/api/v4/post/feed?_=1', expected: { group: 'api', limit: 600 } },
    { method: 'GET', route: undefined, url: '/api/v1/nothing', expected: { group: 'api', limit: 600 } },
    { method: 'GET', route: undefined, url: '//%41PI/./v1/nothing', expected: { group: 'api', limit: 600 } },
    { method: 'GET', route: '/*', url: '/sign-in', expected: null },
  ])('$method $url', ({ method, route, url, expected }) => {
    expect(rateLimitBucket(method, route, url, limits)).toEqual(expected);
  });

  it('turns a limit off at 0', () => {
    expect(rateLimitBucket('POST', '/api/v1/auth/sign-in', '/api/v1/auth/sign-in', { authPerMinute: 0, apiPerMinute: 600 })).toBeNull();
    expect(rateLimitBucket('GET', '/api/v4/post/feed', '/api/v4/post/feed', { authPerMinute: 20, apiPerMinute: 0 })).toBeNull();
  });
});

describe('MemoryWindowCounter', () => {
  it('counts per key within a window and starts again in the next one', () => {
    const counter = new MemoryWindowCounter();
    expect(counter.count('api|10.0.0.9', 60_000)).toBe(1);
    expect(counter.count('api|10.0.0.9', 60_000)).toBe(2);
    expect(counter.count('api|10.0.0.8', 60_000)).toBe(1);
    expect(counter.count('api|10.0.0.9', 120_000)).toBe(1);
  });
});
