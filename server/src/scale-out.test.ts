/**
 * Scale-out on PostgreSQL, as a real deployment runs: two `--role=api` processes and one
 * `--role=worker` process on one database, set up the README's way (the provisioning command
 * creates the company and mails its admin's invite). It proves a session made on one API
 * process works on the other, a cached read retired by a write on one is retired on the other,
 * and a mail requested through one is sent by the worker exactly once. PostgreSQL only: the
 * embedded database belongs to one process, so this runs in the suite's PostgreSQL pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AUTH_HEADER, PostListResponse } from '@chorus/core';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT, testDatabaseUrl } from './config.ts';
import { queryRows } from './db/database.ts';
import { companies, outboxMails } from './db/schema.ts';
import { childEnv, runNode } from './test/child-process.ts';
import { openTestDatabase, type TestDatabase } from './test/database.ts';
import { buildPost } from './test/factories.ts';

const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');
const CLI = path.join(REPO_ROOT, 'server', 'src', 'cli.ts');
const PASSWORD = 'Scale!out1';
const ADMIN = 'ops@initech.example';

interface Received {
  to: string[];
  raw: string;
}

let database: TestDatabase;
let smtp: SMTPServer;
let dir: string;
const received: Received[] = [];
const processes: ChildProcess[] = [];
let ports: [number, number];
let env: Record<string, string>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A request to one API process on the company's host (fetch cannot set Host). */
function call(port: number, method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { host: `initech.localhost:${port}`, accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.token !== undefined) headers[AUTH_HEADER] = options.token;
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text === '' ? null : (JSON.parse(text) as unknown) });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls until `check` holds (a state, never a fixed sleep), failing after `ms`. */
async function waitFor<T>(what: string, check: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function start(role: 'api' | 'worker', port: number): ChildProcess {
  const child = spawn(process.execPath, [MAIN, `--role=${role}`], { cwd: REPO_ROOT, env: childEnv({ ...env, PORT: String(port) }), stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${role}:${port}] ${chunk.toString('utf8')}`));
  processes.push(child);
  return child;
}

function codeOf(mail: Received): string {
  const match = /sign-up\?code=3D([\w-]+)|sign-up\?code=([\w-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''));
  const code = match?.[1] ?? match?.[2];
  if (code === undefined) throw new Error('no invite link in the mail');
  return code;
}

describe.runIf(testDatabaseUrl() !== null)('scale-out: two API processes and a worker on one PostgreSQL database', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-scale-'));
    if (database.handle.driver.kind !== 'postgres') throw new Error('scale-out needs PostgreSQL');
    env = {
      DATABASE_URL: database.handle.driver.url,
      CHORUS_DATA_DIR: path.join(dir, 'data'),
      CHORUS_WEB_DIST: path.join(dir, 'web-dist'),
      CHORUS_TAB_DIST: path.join(dir, 'tab-dist'),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      // Caches on, and long enough that only cross-process retirement can explain a fresh read.
      CHORUS_CACHE_TTL_MS: '60000',
      CHORUS_SEED: 'never',
      LOG_LEVEL: 'warn',
    };
    ports = [await freePort(), await freePort()];
    start('api', ports[0]);
    start('api', ports[1]);
    start('worker', 0);
    for (const port of ports) await waitFor(`API on ${port}`, async () => ((await call(port, 'GET', '/health/ready')).status === 200 ? true : null), 120_000);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  let token = '';

  it('the README path: the command creates the company and mails its admin an invite; the admin signs up on one API process', async () => {
    const created = await runNode(CLI, ['company', 'create', '--subdomain', 'initech', '--name', 'Initech', '--admin', ADMIN], env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const mail = await waitFor('the invite mail', async () => received.find((m) => m.to.includes(ADMIN)) ?? null);
    const code = codeOf(mail);
    expect(created.stdout).toContain(`sign-up?code=${code}`);
    const signUp = await call(ports[0], 'POST', `/api/v1/auth/sign-up/invite/${code}`, { body: { first_name: 'Olga', last_name: 'Ops', password: PASSWORD, confirm_password: PASSWORD } });
    expect(signUp.status).toBe(200);
  });

  it('a session made on one API process works on the other', async () => {
    const signIn = await call(ports[0], 'POST', '/api/v1/auth/sign-in', { body: { email: ADMIN, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    const session = z.object({ token: z.string(), user: z.object({ id: z.number() }) }).parse(signIn.body);
    token = session.token;
    const me = await call(ports[1], 'GET', `/api/v1/user/${session.user.id}`, { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: ADMIN });
    // Signing out on the second ends it on the first.
    const other = z.object({ token: z.string() }).parse((await call(ports[1], 'POST', '/api/v1/auth/sign-in', { body: { email: ADMIN, password: PASSWORD } })).body).token;
    expect((await call(ports[1], 'GET', '/api/v1/auth/sign-out', { token: other })).status).toBeLessThan(400);
    expect((await call(ports[0], 'GET', `/api/v1/user/${session.user.id}`, { token: other })).status).toBe(401);
  });

  it('a cached read on one process is retired by a write on the other', async () => {
    const [company] = await database.handle.db.select().from(companies).where(eq(companies.subdomain, 'initech'));
    if (company === undefined) throw new Error('no company');
    const postRow = await buildPost(database.handle.db, company);
    const bookmarks = async () => PostListResponse.parse((await call(ports[1], 'GET', '/api/v4/post/?type=bookmarks', { token })).body);
    expect((await bookmarks()).num_results).toBe(0);
    expect((await bookmarks()).num_results).toBe(0);
    expect((await call(ports[0], 'POST', `/api/v2/post/${postRow.id}/bookmark`, { token, body: {} })).status).toBe(200);
    // The second process hears of the write through PostgreSQL NOTIFY; its 60 s cache would otherwise answer.
    const after = await waitFor('the bookmark on the other process', async () => {
      const list = await bookmarks();
      return list.num_results === 1 ? list : null;
    }, 5_000);
    expect(after.num_results).toBe(1);
  });

  it('a mail requested through one API process is sent by the worker exactly once', async () => {
    const before = received.filter((m) => m.to.includes(ADMIN)).length;
    const asked = await call(ports[1], 'POST', '/api/v1/auth/recover', { body: { username: ADMIN } });
    expect(asked.status).toBe(200);
    await waitFor('the recovery mail', async () => (received.filter((m) => m.to.includes(ADMIN)).length > before ? true : null));
    // The job is done (not merely picked up), so a second delivery would already have happened.
    await waitFor('the job to complete', async () => {
      const rows = await queryRows(database.handle.db, sql`select count(*)::int as n from pgboss.job where name = 'mail-request' and state = 'completed'`, z.object({ n: z.number() }));
      return (rows[0]?.n ?? 0) >= 1 ? true : null;
    });
    expect(received.filter((m) => m.to.includes(ADMIN)).length).toBe(before + 1);
    const outbox = await database.handle.db.select().from(outboxMails).where(and(eq(outboxMails.to, ADMIN), eq(outboxMails.kind, 'recovery')));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.sentAt).not.toBeNull();
  });
});
