/**
 * Which requests retire the read caches: every write by default, never a write whose route
 * declares `retiresCaches: false` (tracking), and the GETs that write; and whose: the host's
 * company for its library's routes, every company for the rest.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../db/schema.ts';
import { writeScope, writesData } from './caches.ts';

let app: FastifyInstance;
/** What writesData said of each request, by method and url. */
const seen = new Map<string, boolean>();
/** What writeScope said of each request. */
const scopes = new Map<string, number | null>();
/** The company the tenancy plugin would find for a request carrying `x-company`. */
const ACME = { id: 7 } as CompanyRow;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.decorateRequest('company', null);
  app.addHook('onRequest', async (request) => {
    request.company = request.headers['x-company'] === 'acme' ? ACME : null;
  });
  app.addHook('onSend', async (request) => {
    seen.set(`${request.method} ${request.url}`, writesData(request));
    scopes.set(`${request.method} ${request.url}`, writeScope(request));
  });
  const answer = async () => ({ ok: true });
  app.get('/read', answer);
  app.get('/api/v1/auth/sign-out', answer);
  app.get('/dismiss', { config: { writesData: true } }, answer);
  app.post('/write', answer);
  app.put('/write', answer);
  app.patch('/write', answer);
  app.delete('/write', answer);
  app.post('/track', { config: { retiresCaches: false } }, answer);
  app.post('/declared-true', { config: { retiresCaches: true } }, answer);
  app.post('/api/v2/post/:postId/reaction/type/:typeId', answer);
  app.post('/api/v2/user/category', answer);
  app.post('/api/v1/user/app/language', answer);
  app.post('/api/v1/auth/sign-in', answer);
  await app.ready();
});
afterAll(() => app.close());

describe('writesData', () => {
  it.each([
    ['GET', '/read', false],
    ['GET', '/api/v1/auth/sign-out', true],
    ['GET', '/dismiss', true],
    ['POST', '/write', true],
    ['PUT', '/write', true],
    ['PATCH', '/write', true],
    ['DELETE', '/write', true],
    ['POST', '/track', false],
    ['POST', '/declared-true', true],
  ] as const)('%s %s retires the caches: %s', async (method, url, expected) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(200);
    expect(seen.get(`${method} ${url}`)).toBe(expected);
  });
});

describe('writeScope', () => {
  it.each([
    ['/api/v2/post/5/reaction/type/1', 'acme', ACME.id],
    ['/api/v2/user/category', 'acme', ACME.id],
    // An account or a session may reach into every company the person belongs to.
    ['/api/v1/user/app/language', 'acme', null],
    ['/api/v1/auth/sign-in', 'acme', null],
    // No company host: nothing narrower is known.
    ['/api/v2/post/5/reaction/type/1', 'none', null],
  ] as const)('POST %s on %s retires company %s', async (url, host, expected) => {
    const res = await app.inject({ method: 'POST', url, headers: { 'x-company': host } });
    expect(res.statusCode).toBe(200);
    expect(scopes.get(`POST ${url}`)).toBe(expected);
  });
});
