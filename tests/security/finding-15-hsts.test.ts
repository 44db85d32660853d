/** Finding 15: production sends HSTS, and still lets Teams frame the app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, get, type TestContext } from '../../server/src/test/app.ts';

let production: TestContext;
let development: TestContext;

beforeAll(async () => {
  production = await createTestContext({ production: true });
  development = await createTestContext();
});
afterAll(async () => {
  await production.close();
  await development.close();
});

describe('finding 15: Strict-Transport-Security', () => {
  it('is sent in production on API answers, errors and pages, next to frame-ancestors for Teams', async () => {
    for (const url of ['/health', '/api/v1/config/info', '/api/v1/user/1', '/sign-in']) {
      const res = await get(production.app, 'acme', url);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors ');
      expect(String(res.headers['content-security-policy'])).toContain('https://teams.microsoft.com');
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('is not sent by development, which serves plain HTTP', async () => {
    const res = await get(development.app, 'acme', '/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors ');
  });
});
