/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FEATURE_TOGGLES, WEEKDAYS } from '../domain/enums.ts';
import { NOTIFICATION_KINDS, type UserResponse } from '../contract/user.ts';
import { routePath } from '../contract/routes.ts';
import { ApiClient } from './api-client.ts';
import { ApiError, retryAfterSeconds } from './api-error.ts';
import { memoryTokenStore, type TokenStore } from './token-store.ts';

interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

type Responder = (request: SeenRequest, response: ServerResponse) => void;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const NOW = 1_767_225_600_000;
const Ok = z.object({ ok: z.boolean() });

let server: Server;
let baseUrl: string;
let seen: SeenRequest[] = [];
let respond: Responder = (_request, response) => sendJson(response, 200, { ok: true });

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const record: SeenRequest = {
        method: request.method ?? '',
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(record);
      respond(record, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  seen = [];
  respond = (_request, response) => sendJson(response, 200, { ok: true });
});

function client(tokens: TokenStore = memoryTokenStore(), extra: Partial<{ headers: Record<string, string> }> = {}): ApiClient {
  return new ApiClient({ baseUrl, tokens, now: () => NOW, ...extra });
}

function lastRequest(): SeenRequest {
  const request = seen.at(-1);
  if (request === undefined) throw new Error('the server saw no request');
  return request;
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

function userFixture(): UserResponse {
  const toggles = Object.fromEntries(FEATURE_TOGGLES.map((t) => [t, true])) as UserResponse['companies'][number]['feature_toggles'];
  const queue = {
    auto_queue_enabled: false,
    post_queue_time: [{ hour: 9, minute: 15, ampm: 0 as const }],
    post_queue_weekday: Object.fromEntries(WEEKDAYS.map((d) => [d, true])) as UserResponse['user_settings']['post_queue']['twitter']['post_queue_weekday'],
  };
  return {
    id: 7,
    role: 3,
    language: 'en-US',
    created: '2026-01-01T00:00:00.000Z',
    timezone: 'America/New_York',
    picture_images: { avatar: null },
    first_name: 'Uma',
    last_name: 'User',
    username: 'user@acme.example',
    full_name: 'Uma User',
    groups: [],
    companies: [{ company_id: 1, company_name: 'Acme Corporation', subdomain: 'acme', logo_images: { original: null }, feature_toggles: toggles }],
    user_settings: {
      ai: { consent_granted: false, job_title: '', goal: '', default_tone: 'Friendly' },
      intelligence: { post_recommendations_enabled: true },
      email_updates: { manual_updates: true },
      leader_board: { show_in_leader_board: true },
      post_queue: { twitter: queue, facebook: queue, linkedin: queue },
      notifications: Object.fromEntries(
        NOTIFICATION_KINDS.flatMap((k) => [
          [`email_${k}`, true],
          [`push_${k}`, false],
        ]),
      ) as UserResponse['user_settings']['notifications'],
    },
    email_confirmed: true,
  };
}

describe('ApiClient against a real HTTP server', () => {
  describe('X-AUTH-TOKEN', () => {
    it('is absent when no token is stored', async () => {
      await client().getJson('v1', 'config/ping', Ok);
      expect(lastRequest().headers['x-auth-token']).toBeUndefined();
    });

    it('carries the stored token on GET and POST', async () => {
      const api = client(memoryTokenStore('session-token-1'));
      await api.getJson('v2', 'notifications', Ok);
      await api.postJson('v2', 'notifications/read', Ok, {});
      expect(seen.map((r) => r.headers['x-auth-token'])).toEqual(['session-token-1', 'session-token-1']);
    });

    it('follows the store as the token changes', async () => {
      const tokens = memoryTokenStore('first');
      const api = client(tokens);
      await api.getJson('v1', 'a', Ok);
      tokens.set('second');
      await api.getJson('v1', 'b', Ok);
      tokens.clear();
      await api.getJson('v1', 'c', Ok);
      expect(seen.map((r) => r.headers['x-auth-token'])).toEqual(['first', 'second', undefined]);
    });
  });

  describe('calls by route definition', () => {
    it('takes the method and path from the key, each parameter encoded as one path segment', async () => {
      await client().call('DELETE /api/v4/post/deferred/:id', Ok, { params: { id: 'a/b c' } });
      const { method, url } = lastRequest();
      expect(method).toBe('DELETE');
      expect(url.pathname).toBe('/api/v4/post/deferred/a%2Fb%20c');
      // A parameter inside a segment.
      expect(routePath('POST /api/v1/social/link-:network', { network: 'linkedin' })).toBe('/api/v1/social/link-linkedin');
    });

    it('sends a GET with its query and the cache-busting timestamp', async () => {
      await client().call('GET /api/v1/user/:id/avatar', Ok, { params: { id: 7 }, query: { page_num: 3 } });
      const { method, url } = lastRequest();
      expect(method).toBe('GET');
      expect(url.pathname).toBe('/api/v1/user/7/avatar');
      expect(url.searchParams.get('page_num')).toBe('3');
      expect(url.searchParams.get('_')).toBe(String(NOW));
    });

    it('refuses to send a call whose path parameter is missing', async () => {
      const api = client();
      await expect(api.call('GET /api/v1/user/:id/avatar', Ok, { params: {} as { id: number } })).rejects.toThrow('GET /api/v1/user/:id/avatar: the path parameter id is missing');
      expect(seen).toHaveLength(0);
    });
  });

  describe('cache busting', () => {
    it('adds the timestamp parameter _ to GET requests, beside the query', async () => {
      await client().getJson('v4', 'post/', Ok, { page_num: 2, categories: [3, 5], query: null, filter_by: undefined });
      const { method, url } = lastRequest();
      expect(method).toBe('GET');
      expect(url.pathname).toBe('/api/v4/post/');
      expect(url.searchParams.get('_')).toBe(String(NOW));
      expect(url.searchParams.get('page_num')).toBe('2');
      expect(url.searchParams.get('categories')).toBe('3,5');
      expect(url.searchParams.has('query')).toBe(false);
      expect(url.searchParams.has('filter_by')).toBe(false);
    });

    it('uses the clock at each request', async () => {
      let now = 1000;
      const api = new ApiClient({ baseUrl, tokens: memoryTokenStore(), now: () => now });
      await api.getJson('v1', 'x', Ok);
      now = 2000;
      await api.getJson('v1', 'x', Ok);
      expect(seen.map((r) => r.url.searchParams.get('_'))).toEqual(['1000', '2000']);
    });

    it('leaves POST requests without it and sends the body as JSON', async () => {
      await client().postJson('v1', 'auth/recover', Ok, { username: 'user@acme.example' });
      const { method, url, headers, body } = lastRequest();
      expect(method).toBe('POST');
      expect(url.pathname).toBe('/api/v1/auth/recover');
      expect(url.searchParams.has('_')).toBe(false);
      expect(url.search).toBe('');
      expect(headers['content-type']).toBe('application/json');
      expect(JSON.parse(body)).toEqual({ username: 'user@acme.example' });
    });

    it('treats a lower-case get as GET', async () => {
      await client().request('get', { version: 'v1', path: 'x', schema: Ok });
      expect(lastRequest().method).toBe('GET');
      expect(lastRequest().url.searchParams.get('_')).toBe(String(NOW));
    });
  });

  it('sends the configured extra headers', async () => {
    await client(memoryTokenStore(), { headers: { 'X-Chorus-Test': 'yes' } }).getJson('v1', 'x', Ok);
    expect(lastRequest().headers['x-chorus-test']).toBe('yes');
  });

  describe('failures', () => {
    it('throws ApiError with the code, status and message of a JSON error body', async () => {
      respond = (_request, response) => sendJson(response, 401, { error: 302, message: 'Wrong username or password.' });
      const error = await apiErrorOf(client().getJson('v1', 'x', Ok));
      expect(error.code).toBe(302);
      expect(error.status).toBe(401);
      expect(error.message).toBe('Wrong username or password.');
    });

    it("reads how long to wait from a lock-out's Retry-After, in seconds", async () => {
      respond = (_request, response) => {
        response.setHeader('retry-after', '840');
        sendJson(response, 429, { error: 308, message: 'Too many failed login attempts; wait and retry.' });
      };
      const error = await apiErrorOf(client().getJson('v1', 'x', Ok));
      expect(error.code).toBe(308);
      expect(error.retryAfterSeconds).toBe(840);
      respond = (_request, response) => sendJson(response, 429, { error: 425, message: 'Too many requests.' });
      expect((await apiErrorOf(client().getJson('v1', 'x', Ok))).retryAfterSeconds).toBeUndefined();
    });

    it('keeps the url and issues of an error body', async () => {
      respond = (_request, response) =>
        sendJson(response, 409, {
          error: 418,
          message: 'Social network not linked; link it in queue settings.',
          url: 'https://acme.localhost/link',
          issues: [{ path: 'network', message: 'not linked' }],
        });
      const error = await apiErrorOf(client().postJson('v4', 'post/deferred/queue', Ok, {}));
      expect(error).toMatchObject({ code: 418, status: 409, url: 'https://acme.localhost/link' });
      expect(error.issues).toEqual([{ path: 'network', message: 'not linked' }]);
    });

    it('uses the code of an error body that has no message, with the catalogue text', async () => {
      respond = (_request, response) => sendJson(response, 429, { error: 308 });
      const error = await apiErrorOf(client().getJson('v1', 'x', Ok));
      expect(error).toMatchObject({ code: 308, status: 429, message: 'Too many failed login attempts; wait and retry.' });
    });

    it.each<[string, number, string, string]>([
      ['an HTML error page', 502, 'text/html', '<h1>Bad gateway</h1>'],
      ['an empty error body', 500, 'text/plain', ''],
      ['JSON without a code', 400, 'application/json', '{"message":"nope"}'],
    ])('gives 202 for %s', async (_name, status, type, body) => {
      respond = (_request, response) => {
        response.writeHead(status, { 'Content-Type': type });
        response.end(body);
      };
      const error = await apiErrorOf(client().getJson('v1', 'x', Ok));
      expect(error).toMatchObject({ code: 202, status, message: 'Unknown error; try again later.' });
    });

    it('gives 202 with status 0 when the server cannot be reached', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const api = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, tokens: memoryTokenStore() });
      const error = await apiErrorOf(api.getJson('v1', 'x', Ok));
      expect(error).toMatchObject({ code: 202, status: 0 });
    });

    it('gives 202 with status 0 when the connection drops mid-response', async () => {
      respond = (_request, response) => response.socket?.destroy();
      const error = await apiErrorOf(client().getJson('v1', 'x', Ok));
      expect(error).toMatchObject({ code: 202, status: 0 });
    });

    it.each<[string, string]>([
      ['a body that does not match the schema', '{"ok":"yes"}'],
      ['a body that is not JSON', 'ok'],
      ['an empty body', ''],
    ])('throws for %s on a 200', async (_name, body) => {
      respond = (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(body);
      };
      const error = await apiErrorOf(client().getJson('v1', 'config/ping', Ok));
      expect(error).toMatchObject({ code: 202, status: 200 });
      expect(error.message).toContain('config/ping');
    });
  });

  describe('sign-in and sign-out', () => {
    it('signIn posts the credentials and stores the returned token', async () => {
      const user = userFixture();
      respond = (_request, response) => sendJson(response, 200, { token: 'new-session', sso_url: null, user });
      const tokens = memoryTokenStore();
      const result = await client(tokens).signIn({ email: 'user@acme.example', password: 'Chorus!2026' });
      expect(result.user.username).toBe('user@acme.example');
      expect(tokens.get()).toBe('new-session');
      const request = lastRequest();
      expect(request.method).toBe('POST');
      expect(request.url.pathname).toBe('/api/v1/auth/sign-in');
      expect(JSON.parse(request.body)).toEqual({ email: 'user@acme.example', password: 'Chorus!2026' });
    });

    it('signIn keeps the old token when sign-in fails', async () => {
      respond = (_request, response) => sendJson(response, 401, { error: 302, message: 'Wrong username or password.' });
      const tokens = memoryTokenStore('old');
      const error = await apiErrorOf(client(tokens).signIn({ email: 'user@acme.example', password: 'wrong' }));
      expect(error.code).toBe(302);
      expect(tokens.get()).toBe('old');
    });

    it('signOut sends the token, returns the url and clears the token', async () => {
      respond = (_request, response) => sendJson(response, 200, { url: 'https://idp.example/logout' });
      const tokens = memoryTokenStore('session');
      await expect(client(tokens).signOut()).resolves.toEqual({ url: 'https://idp.example/logout' });
      expect(lastRequest().headers['x-auth-token']).toBe('session');
      expect(lastRequest().url.pathname).toBe('/api/v1/auth/sign-out');
      expect(tokens.get()).toBeNull();
    });

    it('signOut clears the token even when the server fails', async () => {
      respond = (_request, response) => sendJson(response, 500, { error: 202, message: 'boom' });
      const tokens = memoryTokenStore('session');
      const error = await apiErrorOf(client(tokens).signOut());
      expect(error.code).toBe(202);
      expect(tokens.get()).toBeNull();
    });
  });

  it('builds urls under /api/{version}', () => {
    const api = client();
    expect(api.url('v4', '/post/feed', { latest: 12, categories_followed: true })).toBe(
      `${baseUrl}/api/v4/post/feed?latest=12&categories_followed=true`,
    );
    expect(api.url('v1', 'auth/sign-in/twitter', { is_element: 1 })).toBe(`${baseUrl}/api/v1/auth/sign-in/twitter?is_element=1`);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    { value: '90', expected: 90, why: 'delay-seconds' },
    { value: ' 5 ', expected: 5, why: 'delay-seconds with spaces' },
    { value: 'Thu, 01 Jan 2026 12:02:00 GMT', expected: 120, why: 'an HTTP date two minutes ahead' },
    { value: 'Thu, 01 Jan 2026 11:59:00 GMT', expected: undefined, why: 'a date already past' },
    { value: '0', expected: undefined, why: 'no wait' },
    { value: '-3', expected: undefined, why: 'a negative number' },
    { value: 'soon', expected: undefined, why: 'anything else' },
    { value: null, expected: undefined, why: 'no header' },
  ])('$why: $expected', ({ value, expected }) => {
    expect(retryAfterSeconds(value, now)).toBe(expected);
  });
});
