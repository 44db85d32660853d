/**
 * Which requests retire the read caches: every write by default, never a write whose route
 * declares `retiresCaches: false` (tracking), and the GETs that write.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writesData } from './caches.ts';

let app: FastifyInstance;
/** What writesData said of each request, by method and url. */
const seen = new Map<string, boolean>();

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.addHook('onSend', async (request) => {
    seen.set(`${request.method} ${request.url}`, writesData(request));
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
