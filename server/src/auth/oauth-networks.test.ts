/**
 * The X, LinkedIn and Facebook OAuth clients against local fake servers that answer as each
 * network documents: token endpoints, profile calls and pages, including their errors.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACEBOOK_GRAPH_VERSION, OAuthNetworkError, oauthEndpoints, oauthNetworkClient, pkcePair, type OAuthEndpoints } from './oauth-networks.ts';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

let server: Server;
let base = '';
const seen: Seen[] = [];
const VERIFIERS = new Map<string, string>();

function send(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, form });
      const auth = req.headers.authorization ?? '';
      switch (url.pathname) {
        // X: Basic client auth, PKCE checked against the challenge the fake was told about.
        case '/x/2/oauth2/token': {
          if (auth !== `Basic ${Buffer.from('x-client:x-secret').toString('base64')}`) return send(res, 401, { error: 'unauthorized_client' });
          if (form.get('grant_type') === 'refresh_token') return send(res, 200, { token_type: 'bearer', access_token: 'x-access-2', refresh_token: 'x-refresh-2', expires_in: 7200 });
          const challenge = VERIFIERS.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge) {
            return send(res, 400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' });
          }
          return send(res, 200, { token_type: 'bearer', access_token: 'x-access', refresh_token: 'x-refresh', expires_in: 7200, scope: 'tweet.read users.read' });
        }
        case '/x/2/users/me':
          if (auth !== 'Bearer x-access') return send(res, 401, { title: 'Unauthorized', detail: 'Unauthorized', status: 401 });
          return send(res, 200, { data: { id: '2244994945', name: 'Pat Poster', username: 'patposter', profile_image_url: 'https://pbs.twimg.com/p.jpg' } });
        // LinkedIn: client credentials in the form.
        case '/li/oauth/v2/accessToken':
          if (form.get('client_id') !== 'li-client' || form.get('client_secret') !== 'li-secret' || form.get('code') !== 'li-code') {
            return send(res, 400, { error: 'invalid_request', error_description: 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.' });
          }
          return send(res, 200, { access_token: 'li-access', expires_in: 5184000, scope: 'openid,profile,email,w_member_social' });
        case '/li-api/v2/userinfo':
          return send(res, 200, { sub: 'li-782bbtaQ', name: 'Lee Linked', given_name: 'Lee', family_name: 'Linked', picture: 'https://media.licdn.com/p.jpg', email: 'Lee@Example.COM', email_verified: true });
        case '/li-api/rest/organizationAcls':
          if (req.headers['linkedin-version'] === undefined) return send(res, 426, { message: 'A version header is required' });
          return send(res, 200, { elements: [{ organization: 'urn:li:organization:2414183', role: 'ADMINISTRATOR', state: 'APPROVED' }] });
        case '/li-api/rest/organizations/2414183':
          return send(res, 200, { id: 2414183, localizedName: 'Acme Corporation' });
        // Facebook: GET token exchange, Graph objects.
        case '/fb/oauth/access_token':
          if (url.searchParams.get('grant_type') === 'fb_exchange_token') return send(res, 200, { access_token: 'fb-long', token_type: 'bearer', expires_in: 5183944 });
          if (url.searchParams.get('code') !== 'fb-code' || url.searchParams.get('client_secret') !== 'fb-secret') {
            return send(res, 400, { error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 } });
          }
          return send(res, 200, { access_token: 'fb-access', token_type: 'bearer', expires_in: 5183944 });
        case '/fb-api/me':
          return send(res, 200, { id: '10158', name: 'Fran Facebook', email: 'fran@example.com', picture: { data: { url: 'https://fb.example/p.jpg' } } });
        case '/fb-api/me/accounts':
          return send(res, 200, { data: [{ id: '1122', name: 'Acme Community', access_token: 'page-token', picture: { data: { url: 'https://fb.example/page.jpg' } } }], paging: {} });
        default:
          return send(res, 404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const endpoints = (prefix: string, api: string): OAuthEndpoints => ({ authorize: `https://${prefix}.example/authorize`, token: '', api: `${base}/${api}` });

describe('X (OAuth 2.0 with PKCE)', () => {
  const client = () => oauthNetworkClient('twitter', { clientId: 'x-client', clientSecret: 'x-secret', endpoints: { ...endpoints('x', 'x'), token: `${base}/x/2/oauth2/token` } });

  it('asks for consent with S256 PKCE, state and the posting scopes', () => {
    const { challenge } = pkcePair();
    const url = new URL(client().authorizeUrl({ state: 's1', redirectUri: 'https://acme.chorus.test/cb', codeChallenge: challenge }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: 'https://acme.chorus.test/cb',
      state: 's1',
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(() => client().authorizeUrl({ state: 's1', redirectUri: 'https://acme.chorus.test/cb' })).toThrow(OAuthNetworkError);
  });

  it('exchanges the code with the verifier over Basic auth, reads the profile, and refreshes', async () => {
    const { verifier, challenge } = pkcePair();
    VERIFIERS.set('x-code', challenge);
    const tokens = await client().exchangeCode({ code: 'x-code', redirectUri: 'https://acme.chorus.test/cb', codeVerifier: verifier });
    expect(tokens).toMatchObject({ accessToken: 'x-access', refreshToken: 'x-refresh' });
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    const request = seen.findLast((s) => s.path === '/x/2/oauth2/token');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.form.get('redirect_uri')).toBe('https://acme.chorus.test/cb');
    expect(await client().profile('x-access')).toEqual({ id: '2244994945', name: 'Pat Poster', email: null, picture: 'https://pbs.twimg.com/p.jpg' });
    expect(await client().refresh('x-refresh')).toMatchObject({ accessToken: 'x-access-2', refreshToken: 'x-refresh-2' });
    expect(await client().pages('x-access')).toEqual([]);
  });

  it('reports a wrong verifier or a refused token with the network\'s reason', async () => {
    VERIFIERS.set('x-code-2', pkcePair().challenge);
    await expect(client().exchangeCode({ code: 'x-code-2', redirectUri: 'https://acme.chorus.test/cb', codeVerifier: 'wrong' })).rejects.toThrow(
      'twitter: Value passed for the authorization code was invalid.',
    );
    await expect(client().profile('expired')).rejects.toMatchObject({ name: 'OAuthNetworkError', status: 401 });
  });
});

describe('LinkedIn (OpenID Connect userinfo, organization pages)', () => {
  const client = (secret = 'li-secret') =>
    oauthNetworkClient('linkedin', { clientId: 'li-client', clientSecret: secret, apiVersion: '202511', endpoints: { ...endpoints('li', 'li-api'), token: `${base}/li/oauth/v2/accessToken` } });

  it('exchanges the code with the client credentials in the form and reads the member and their pages', async () => {
    const url = new URL(client().authorizeUrl({ state: 's2', redirectUri: 'https://acme.chorus.test/cb' }));
    expect(url.searchParams.get('scope')).toBe('openid profile email w_member_social r_organization_admin w_organization_social');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    const tokens = await client().exchangeCode({ code: 'li-code', redirectUri: 'https://acme.chorus.test/cb' });
    expect(tokens).toMatchObject({ accessToken: 'li-access', refreshToken: null });
    expect(seen.findLast((s) => s.path === '/li/oauth/v2/accessToken')?.form.get('grant_type')).toBe('authorization_code');
    expect(await client().profile('li-access')).toEqual({ id: 'li-782bbtaQ', name: 'Lee Linked', email: 'lee@example.com', picture: 'https://media.licdn.com/p.jpg' });
    expect(await client().pages('li-access')).toEqual([{ id: 'urn:li:organization:2414183', name: 'Acme Corporation', picture: null }]);
    expect(seen.findLast((s) => s.path === '/li-api/rest/organizationAcls')?.headers['linkedin-version']).toBe('202511');
  });

  it('reports a refused exchange', async () => {
    await expect(client('wrong').exchangeCode({ code: 'li-code', redirectUri: 'https://acme.chorus.test/cb' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('Facebook (Graph API at the configured version)', () => {
  it('builds the endpoints on the configured Graph version, a current one by default', () => {
    expect(oauthEndpoints('facebook').token).toBe(`https://graph.facebook.com/${DEFAULT_FACEBOOK_GRAPH_VERSION}/oauth/access_token`);
    const bases = { xApiBaseUrl: 'http://x.test', linkedinApiBaseUrl: 'http://li.test', facebookGraphBaseUrl: 'http://fb.test', facebookGraphVersion: 'v25.0' };
    expect(oauthEndpoints('facebook', bases)).toEqual({ authorize: 'https://www.facebook.com/v25.0/dialog/oauth', token: 'http://fb.test/v25.0/oauth/access_token', api: 'http://fb.test/v25.0' });
    expect(oauthEndpoints('twitter', bases)).toMatchObject({ token: 'http://x.test/2/oauth2/token', api: 'http://x.test' });
  });

  const client = () => oauthNetworkClient('facebook', { clientId: 'fb-app', clientSecret: 'fb-secret', endpoints: { ...endpoints('fb', 'fb-api'), token: `${base}/fb/oauth/access_token` } });

  it('uses comma-separated scopes, a GET code exchange, the profile with picture and the managed pages', async () => {
    const url = new URL(client().authorizeUrl({ state: 's3', redirectUri: 'https://acme.chorus.test/cb' }));
    expect(url.searchParams.get('scope')).toBe('public_profile,email,pages_show_list,pages_manage_posts,pages_read_engagement');
    expect(await client().exchangeCode({ code: 'fb-code', redirectUri: 'https://acme.chorus.test/cb' })).toMatchObject({ accessToken: 'fb-access' });
    expect(seen.findLast((s) => s.path === '/fb/oauth/access_token')?.method).toBe('GET');
    expect(await client().profile('fb-access')).toEqual({ id: '10158', name: 'Fran Facebook', email: 'fran@example.com', picture: 'https://fb.example/p.jpg' });
    expect(await client().pages('fb-access')).toEqual([{ id: '1122', name: 'Acme Community', picture: 'https://fb.example/page.jpg' }]);
    expect(await client().refresh('fb-access')).toMatchObject({ accessToken: 'fb-long' });
  });

  it('reports a Graph error with its message', async () => {
    await expect(client().exchangeCode({ code: 'bad', redirectUri: 'https://acme.chorus.test/cb' })).rejects.toThrow('facebook: Invalid verification code format.');
  });
});
