/** One app on one test database per test file, plus request helpers. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUTH_HEADER } from '@chorus/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from './database.ts';

/** What a test file works with. */
export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** A scratch folder (data dir, dists) removed on close. */
  dir: string;
  close(): Promise<void>;
}

/** Configuration for tests: silent, under a scratch folder, with no built web apps, rate limits high. */
export function testConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    CHORUS_DATA_DIR: path.join(dir, 'data'),
    CHORUS_WEB_DIST: path.join(dir, 'web-dist'),
    CHORUS_TAB_DIST: path.join(dir, 'tab-dist'),
    TEAMS_APP_ID: '11111111-2222-4333-8444-555555555555',
    // Route tests sign in far more often than people do; rate-limit tests lower these.
    CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    CHORUS_RATE_LIMIT_API_PER_MINUTE: '100000',
    // Tests write through factories behind the API's back; the cache tests turn caching on.
    CHORUS_CACHE_TTL_MS: '0',
    ...env,
  });
}

/** Opens a test database and builds the app on it. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    app?: Partial<Omit<BuildAppOptions, 'config' | 'database'>>;
    /**
     * Runs the app as production does (HSTS, the bot's credential check...) on the test
     * configuration, which production's start-up checks would refuse.
     */
    production?: boolean;
  } = {},
): Promise<TestContext> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-test-'));
  const loaded = testConfig(dir, options.env);
  // Production has a secret key (start-up refuses without one): a fresh one per test app.
  const config: Config =
    options.production === true
      ? { ...loaded, nodeEnv: 'production', secretKeys: { current: loaded.secretKeys.current ?? randomBytes(32), previous: loaded.secretKeys.previous } }
      : loaded;
  const testDb = await openTestDatabase();
  const app = await buildApp({ logger: false, ...options.app, config, database: testDb.handle });
  await app.ready();
  return {
    app,
    config,
    database: testDb.handle,
    db: testDb.handle.db,
    dir,
    async close() {
      await app.close();
      await testDb.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Host header of a company subdomain in tests (with a port, as browsers send it). */
export function hostOf(subdomain: string): string {
  return `${subdomain}.localhost:3000`;
}

/** A GET as a browser on a company host would send it, optionally signed in. */
export function get(app: FastifyInstance, subdomain: string, url: string, token?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain), accept: 'application/json' };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'GET', url, headers });
}

/** A multipart form as the wire carries it: its body and content type (with the boundary). */
export async function encodeForm(form: FormData): Promise<{ contentType: string; body: Buffer }> {
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type') ?? '', body: Buffer.from(await request.arrayBuffer()) };
}

/** POSTs a multipart form to a company's host, as the web client's uploads do. */
export async function postForm(app: FastifyInstance, subdomain: string, url: string, form: FormData, token?: string): Promise<LightMyRequestResponse> {
  const { contentType, body } = await encodeForm(form);
  const headers: Record<string, string> = { host: hostOf(subdomain), 'content-type': contentType };
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method: 'POST', url, headers, payload: body });
}

/** A request with an optional JSON body on a company host, optionally signed in. */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  subdomain: string,
  url: string,
  body: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers[AUTH_HEADER] = token;
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
}

/** A JSON POST on a company host, optionally signed in. */
export function post(app: FastifyInstance, subdomain: string, url: string, body: unknown, token?: string): Promise<LightMyRequestResponse> {
  return send(app, 'POST', subdomain, url, body, token);
}

/**
 * A fresh magic-link code for an address: asks for the link on the company's host, as the
 * sign-in page does, and reads the code from the newest such mail in the development outbox.
 */
export async function magicLinkCode(app: FastifyInstance, subdomain: string, email: string): Promise<string> {
  const asked = await post(app, subdomain, '/api/v1/auth/email/magic-link', { username: email });
  if (asked.statusCode !== 200) throw new Error(`asking for a magic link for ${email} answered ${asked.statusCode}: ${asked.body}`);
  // The outbox lists the newest mail first.
  const mails = (await get(app, subdomain, '/dev/outbox')).json<{ to: string; kind: string; links: string[] }[]>();
  const mail = mails.find((m) => m.to === email && m.kind === 'magic-link');
  const code = new URL(mail?.links[0] ?? 'http://none/').searchParams.get('code');
  if (!code) throw new Error(`no magic link for ${email}`);
  return code;
}
