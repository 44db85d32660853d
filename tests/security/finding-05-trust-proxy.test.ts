/**
 * Finding 5: production trusted every X-Forwarded-For, so a made-up one gave each request a
 * fresh client address and the auth rate limit never applied. Proxies are now trusted only
 * through CHORUS_TRUST_PROXY (off by default).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS } from '../../server/src/plugins/rate-limit.ts';
import { createTestContext, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { TEST_PASSWORD } from '../../server/src/test/factories.ts';
import { buildTenants } from '../../server/src/test/fixtures.ts';

const AUTH_LIMIT = 3;
const LIMITS = { CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT) };
const CREDENTIALS = JSON.stringify({ email: 'user@acme.test', password: TEST_PASSWORD });

let untrusting: TestContext;
let byAddress: TestContext;
let byHops: TestContext;

beforeAll(async () => {
  untrusting = await createTestContext({ production: true, env: LIMITS });
  byAddress = await createTestContext({ production: true, env: { ...LIMITS, CHORUS_TRUST_PROXY: '10.9.9.9, 192.168.50.0/24' } });
  byHops = await createTestContext({ production: true, env: { ...LIMITS, CHORUS_TRUST_PROXY: '1' } });
  for (const t of [untrusting, byAddress, byHops]) await buildTenants(t.db);
});
afterAll(async () => {
  for (const t of [untrusting, byAddress, byHops]) await t.close();
});

// A window ending mid-test would reset the counts; start each test well inside one.
beforeEach(async () => {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 8000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}, 15_000);

function signIn(t: TestContext, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: { host: hostOf('acme'), 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    remoteAddress,
    payload: CREDENTIALS,
  });
}

describe('finding 5: X-Forwarded-For is believed only from configured proxies', () => {
  it('by default counts the connection address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await signIn(untrusting, '10.1.1.1', `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const res = await signIn(untrusting, '10.1.1.1', '198.51.100.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(425);
  });

  it('with proxy addresses configured, counts the address those proxies forward', async () => {
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await signIn(byAddress, '10.9.9.9', '203.0.113.7')).statusCode).toBe(200);
    expect((await signIn(byAddress, '10.9.9.9', '203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy (or a proxy in the configured range) has its own count.
    expect((await signIn(byAddress, '10.9.9.9', '203.0.113.8')).statusCode).toBe(200);
    expect((await signIn(byAddress, '192.168.50.20', '203.0.113.9')).statusCode).toBe(200);
    // A sender that is not a configured proxy is counted by its own address.
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await signIn(byAddress, '10.1.1.2', `198.51.100.${i + 1}`)).statusCode).toBe(200);
    expect((await signIn(byAddress, '10.1.1.2', '198.51.100.99')).statusCode).toBe(429);
  });

  it('with a hop count, believes that many proxies and no further', async () => {
    // One proxy: the address it saw (the last one listed) is the client, whatever the client prepended.
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await signIn(byHops, '10.9.9.9', `198.51.100.${i + 1}, 203.0.113.20`)).statusCode).toBe(200);
    expect((await signIn(byHops, '10.9.9.9', '198.51.100.99, 203.0.113.20')).statusCode).toBe(429);
    expect((await signIn(byHops, '10.9.9.9', '203.0.113.21')).statusCode).toBe(200);
  });
});
