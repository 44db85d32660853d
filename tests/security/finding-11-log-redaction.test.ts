/**
 * Finding 11: one-time codes reached the info log inside the request URLs the request logger
 * writes. The logger now masks code-bearing path segments and query values, and blanks
 * credentials in logged objects.
 */
import { randomBytes } from 'node:crypto';
import { AUTH_COOKIE, AUTH_HEADER } from '@chorus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../server/src/plugins/log-redaction.ts';
import { createTestContext, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

const lines: string[] = [];
let t: TestContext;
let f: Tenants;

beforeAll(async () => {
  t = await createTestContext({ env: { LOG_LEVEL: 'info' }, app: { logger: true, logStream: { write: (line: string) => void lines.push(line) } } });
  f = await buildTenants(t.db);
});
afterAll(() => t.close());

/** A code shaped like ours (32 random bytes, base64url). */
function code(): string {
  return randomBytes(32).toString('base64url');
}

describe('redactUrl', () => {
  it.each([
    ['/api/v1/invite/check/ABC123', `/api/v1/invite/check/${REDACTED}`],
    ['/api/v1/invite/code/x', `/api/v1/invite/code/${REDACTED}`],
    ['/api/v1/auth/recover-check/short', `/api/v1/auth/recover-check/${REDACTED}`],
    ['/api/v1/auth/sign-up/invite/abc', `/api/v1/auth/sign-up/invite/${REDACTED}`],
    ['/api/v1/user/confirm/tok?x=1', `/api/v1/user/confirm/${REDACTED}?x=1`],
    ['/api/v1/auth/email/magic-link?code=abc&_=1700000000', `/api/v1/auth/email/magic-link?code=${REDACTED}&_=1700000000`],
    ['/sign-in/sso?encrypted_token=abc&next=%2Fsettings', `/sign-in/sso?encrypted_token=${REDACTED}&next=%2Fsettings`],
    ['/api/v1/auth/saml/logout?SAMLResponse=abc&RelayState=def&Signature=ghi', `/api/v1/auth/saml/logout?SAMLResponse=${REDACTED}&RelayState=${REDACTED}&Signature=${REDACTED}`],
    ['/api/v1/social/callback/twitter?state=s&code=c', `/api/v1/social/callback/twitter?state=${REDACTED}&code=${REDACTED}`],
    ['/api/v2/user/category/sort-order', '/api/v2/user/category/sort-order'],
    ['/api/v4/post/feed?page_num=2&sort_by=latest', '/api/v4/post/feed?page_num=2&sort_by=latest'],
    ['/api/v1/user/personal-data', '/api/v1/user/personal-data'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('masks a token-shaped path segment on any route', () => {
    const secret = code();
    expect(redactUrl(`/some/new/route/${secret}/more`)).toBe(`/some/new/route/${REDACTED}/more`);
  });
});

describe('finding 11: the request log never holds a one-time code', () => {
  it('masks codes in every code-bearing route the server has', async () => {
    const secrets: string[] = [];
    const secret = (short = false) => {
      const value = short ? `C${randomBytes(4).toString('hex')}` : code();
      secrets.push(value);
      return value;
    };
    const host = hostOf('acme');
    const requests: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: string }[] = [
      { method: 'GET', url: `/api/v1/auth/recover-check/${secret()}` },
      { method: 'GET', url: `/api/v1/auth/recover-check/${secret(true)}` },
      { method: 'GET', url: `/api/v1/auth/email/magic-link?code=${secret()}&_=1` },
      { method: 'GET', url: `/api/v1/invite/check/${secret(true)}` },
      { method: 'GET', url: `/api/v1/invite/code/${secret(true)}` },
      { method: 'POST', url: `/api/v1/auth/sign-up/invite/${secret(true)}`, payload: '{}' },
      { method: 'GET', url: `/api/v1/user/confirm/${secret(true)}` },
      { method: 'DELETE', url: `/api/v1/user/confirm/${secret(true)}` },
      { method: 'GET', url: `/api/v1/auth/email/verification?code=${secret()}` },
      { method: 'GET', url: `/api/v1/auth/sign-in/twitter/callback?state=${secret()}&code=${secret()}` },
      { method: 'GET', url: `/api/v1/auth/sandbox/twitter/decide?state=${secret()}&decision=allow&email=a%40b.c` },
      { method: 'GET', url: `/api/v1/social/callback/linkedin?state=${secret()}&code=${secret()}` },
      { method: 'GET', url: `/api/v1/social/sandbox/linkedin/decide?state=${secret()}&decision=allow&name=x` },
      { method: 'GET', url: `/api/v1/auth/google/callback?state=${secret()}&code=${secret()}` },
      { method: 'GET', url: `/api/v1/auth/google/sign-up?code=${secret(true)}` },
      { method: 'GET', url: `/api/v1/auth/saml/logout?SAMLResponse=${secret()}&RelayState=${secret()}&logout_token=${secret()}` },
      { method: 'GET', url: `/sign-in/sso?encrypted_token=${secret()}` },
      { method: 'GET', url: `/sign-in/email/reset?code=${secret()}` },
      { method: 'GET', url: `/confirm-user-deletion?token=${secret()}&delete_code=${secret(true)}` },
    ];
    for (const request of requests) {
      await t.app.inject({
        method: request.method,
        url: request.url,
        headers: {
          host,
          [AUTH_HEADER]: f.tokens.acmeUser,
          cookie: `${AUTH_COOKIE}=${f.tokens.acmeUser}`,
          ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
    }
    const log = lines.join('');
    // The requests were logged, masked.
    expect(log).toContain(`"url":"/api/v1/invite/check/${REDACTED}"`);
    expect(log).toContain(`"url":"/sign-in/sso?encrypted_token=${REDACTED}"`);
    for (const value of [...secrets, f.tokens.acmeUser]) expect(log).not.toContain(value);
  });
});
