/**
 * Finding 8: a company admin could make the server fetch internal URLs through the Google
 * sign-in issuer, because OpenID discovery (and the JWKS and token requests after it) bypassed
 * the SSRF guard. An inside issuer is refused when saved; one stored earlier, or endpoints an
 * outside provider's document points inside, are refused when fetched; production speaks
 * https only. A listener on loopback proves that no request reaches the inside.
 */
import { ErrorCode } from '@chorus/core';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_FLOW_COOKIE, GoogleSignIn, issuerProblem } from '../../server/src/auth/google.ts';
import type { CompanyRow, OidcConfigColumn } from '../../server/src/db/schema.ts';
import { createTestContext, hostOf, type TestContext } from '../../server/src/test/app.ts';
import { buildCompany } from '../../server/src/test/factories.ts';
import { buildTenants, type Tenants } from '../../server/src/test/fixtures.ts';

/** The "outside" provider's address: loopback too, so the test app allows it explicitly. */
const OUTSIDE = '127.0.0.2';

let t: TestContext;
let f: Tenants;
/** Something inside our network (a metadata service, an admin panel): counts what reaches it. */
let inside: http.Server;
let insideHits: string[] = [];
let insidePort: number;
/** A provider outside whose discovery document points its token and JWKS endpoints inside. */
let outside: http.Server;
let outsideIssuer: string;

async function listen(server: http.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

async function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeAll(async () => {
  inside = http.createServer((request, response) => {
    insideHits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  insidePort = await listen(inside, '127.0.0.1');
  outside = http.createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      const internal = `http://127.0.0.1:${insidePort}`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          issuer: outsideIssuer,
          authorization_endpoint: `${outsideIssuer}/auth`,
          token_endpoint: `${internal}/token`,
          jwks_uri: `${internal}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    response.writeHead(404);
    response.end();
  });
  outsideIssuer = `http://${OUTSIDE}:${await listen(outside, OUTSIDE)}`;
  t = await createTestContext({ env: { CHORUS_FETCH_ALLOW_ADDRESSES: OUTSIDE } });
  f = await buildTenants(t.db);
});

afterAll(async () => {
  await t.close();
  await stop(inside);
  await stop(outside);
});

beforeEach(() => {
  insideHits = [];
});

function googleClient(issuer: string): OidcConfigColumn {
  return { issuer, clientId: 'chorus', clientSecret: 'a-long-enough-client-secret', jitProvisioning: false, allowedDomains: [] };
}

/** A company whose Google issuer was stored as given (as before this fix, or by hand). */
async function companyWithIssuer(subdomain: string, issuer: string): Promise<CompanyRow> {
  return buildCompany(t.db, { subdomain, ssoSettings: { saml_enabled: false, saml_url: null, google_enabled: true }, googleConfig: googleClient(issuer) });
}

describe('finding 8: Google sign-in fetches only through the SSRF guard', () => {
  it('refuses an inside issuer when an admin saves it, and fetches nothing', async () => {
    for (const issuer of [
      `http://127.0.0.1:${insidePort}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:0:7f00:1]:${insidePort}/`,
      `http://[64:ff9b:1::7f00:1]:${insidePort}/`,
      `http://localhost:${insidePort}/`,
      'http://10.0.0.5/',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/company/settings/sso/google',
        headers: { host: hostOf('acme'), 'x-auth-token': f.tokens.acmeAdmin },
        payload: { issuer, client_id: 'chorus', client_secret: 'a-long-enough-client-secret' },
      });
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json()).toMatchObject({ error: ErrorCode.MISSING_OR_INCORRECT, issues: [{ path: 'issuer', message: 'The server does not fetch from private or local addresses.' }] });
    }
    expect(insideHits).toEqual([]);
  });

  it('refuses discovery from an inside issuer stored earlier, by address or by a name that resolves inside', async () => {
    for (const [subdomain, issuer] of [
      ['inside-literal', `http://127.0.0.1:${insidePort}`],
      ['inside-name', `http://localhost:${insidePort}`],
    ] as const) {
      await companyWithIssuer(subdomain, issuer);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google/sign-in', headers: { host: hostOf(subdomain) } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/error');
    }
    expect(insideHits).toEqual([]);
  });

  it('refuses the token and JWKS endpoints an outside provider points inside', async () => {
    await companyWithIssuer('pointing-inside', outsideIssuer);
    const started = await t.app.inject({ method: 'GET', url: '/api/v1/auth/google/sign-in', headers: { host: hostOf('pointing-inside') } });
    expect(started.statusCode).toBe(302);
    const authorization = new URL(String(started.headers.location));
    expect(authorization.origin).toBe(outsideIssuer);
    const flow = started.cookies.find((c) => c.name === GOOGLE_FLOW_COOKIE)?.value ?? '';
    const state = authorization.searchParams.get('state') ?? '';
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/google/callback?code=any-code&state=${encodeURIComponent(state)}`,
      headers: { host: hostOf('pointing-inside') },
      cookies: { [GOOGLE_FLOW_COOKIE]: flow },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/error');
    expect(insideHits).toEqual([]);
  });

  it('speaks https only in production, even to an allowed address', async () => {
    const company = await companyWithIssuer('production-http', outsideIssuer);
    const production = { ...t.config, nodeEnv: 'production', fetchAllowAddresses: [OUTSIDE], secretKeys: { current: randomBytes(32), previous: [] } } as const;
    const google = new GoogleSignIn(t.db, production);
    await expect(google.start(company, googleClient(outsideIssuer), { next: null, inviteCode: null })).rejects.toThrow(/scheme|https/i);
    // The admin setting says so when it is saved.
    expect(issuerProblem({ nodeEnv: 'production', fetchAllowAddresses: [] }, 'http://accounts.example.com/')).toBe("Use the provider's https address.");
    expect(issuerProblem({ nodeEnv: 'production', fetchAllowAddresses: [] }, 'https://accounts.google.com')).toBeNull();
    expect(issuerProblem({ nodeEnv: 'development', fetchAllowAddresses: [] }, 'http://accounts.example.com/')).toBeNull();
    expect(insideHits).toEqual([]);
  });
});
