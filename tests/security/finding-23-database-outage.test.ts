/**
 * Finding 23: with the database unreachable the API answered HTTP 500 (error 202) and the log
 * got ~10 lines a second ('unhandled error', 'job system error', 'share sweep failed'). Now
 * the API answers 498 (HTTP 503, Retry-After) and the outage is logged once, then at most one
 * summary line a minute, then once when the database is back. The database here is a real
 * PostgreSQL client pointed at a port where nothing listens, or at a server that accepts and
 * hangs up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@chorus/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { connectPostgres, type DatabaseHandle } from '../../server/src/db/database.ts';
import { DatabaseOutage, OUTAGE_SUMMARY_MS, type OutageLog } from '../../server/src/db/outage.ts';
import { isDatabaseUnavailable } from '../../server/src/db/sql-errors.ts';
import { hostOf, testConfig } from '../../server/src/test/app.ts';

interface LogLine {
  level: number;
  msg: string;
  failures?: number;
}

const MESSAGE = 'The service is briefly unavailable; try again in a few seconds.';
const WARN = 40;
const ERROR = 50;

/** An app on a database at `port`, its log lines collected. */
async function appOn(port: number, dir: string): Promise<{ app: FastifyInstance; database: DatabaseHandle; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const database = connectPostgres(`postgres://chorus:not-a-secret@127.0.0.1:${port}/chorus`);
  const app = await buildApp({
    config: testConfig(dir, { LOG_LEVEL: 'info' }),
    database,
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  await app.ready();
  return { app, database, lines };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let dir: string;
let refused: Awaited<ReturnType<typeof appOn>>;
let hangingUp: Awaited<ReturnType<typeof appOn>>;
let hangUpServer: Server;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-outage-'));
  refused = await appOn(await closedPort(), path.join(dir, 'refused'));
  // Accepts each connection and closes it at once, as a database going down does.
  hangUpServer = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => hangUpServer.listen(0, '127.0.0.1', resolve));
  hangingUp = await appOn((hangUpServer.address() as AddressInfo).port, path.join(dir, 'hanging-up'));
});
afterAll(async () => {
  for (const t of [refused, hangingUp]) {
    await t.app.close();
    await t.database.close();
  }
  await new Promise<void>((resolve) => hangUpServer.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toEqual({ error: ErrorCode.DATABASE_UNAVAILABLE, message: MESSAGE });
}

describe('finding 23: the API while the database is unreachable', () => {
  for (const [name, target] of [
    ['refused connections', () => refused],
    ['connections closed at once', () => hangingUp],
  ] as const) {
    it(`answers 503 with Retry-After and logs the outage once (${name})`, async () => {
      const { app, lines } = target();
      for (let i = 0; i < 15; i += 1) {
        expectUnavailable(await app.inject({ method: 'GET', url: '/api/v1/company/settings/branded-settings', headers: { host: hostOf('acme') } }));
      }
      // The sign-in limit counts in the database before anything else runs.
      expectUnavailable(
        await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', headers: { host: hostOf('acme'), 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.test', password: 'x' }) }),
      );
      // Load balancer probes say so, without a line each.
      for (let i = 0; i < 5; i += 1) expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);

      const outageLines = lines.filter((line) => line.msg.startsWith('database unreachable'));
      expect(outageLines).toHaveLength(1);
      expect(outageLines[0]?.level).toBe(WARN);
      expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
      expect(lines.filter((line) => line.msg === 'database still unreachable')).toEqual([]);
    });
  }

  it('recognises a refused connection, and not a query the database refused', async () => {
    const error = await refused.database.ping().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe('finding 23: the outage log', () => {
  it('says it once, then at most once a minute with the count, then that the database is back', async () => {
    const refusal = await refused.database.ping().then(
      () => null,
      (e: unknown) => e,
    );
    let now = 1_000_000;
    // The database, as the probe sees it: down until the test brings it back.
    let up = false;
    const outage = new DatabaseOutage({
      ping: async () => {
        if (!up) throw refusal;
      },
      now: () => now,
    });
    const lines: { level: 'warn' | 'info'; fields: Record<string, unknown>; msg: string }[] = [];
    const log = {
      warn: (fields: Record<string, unknown>, msg: string) => void lines.push({ level: 'warn', fields, msg }),
      info: (fields: Record<string, unknown>, msg: string) => void lines.push({ level: 'info', fields, msg }),
    } as unknown as OutageLog;
    try {
      expect(await outage.report(new Error('not the database'), log)).toBe(false);
      for (let i = 0; i < 100; i += 1) expect(await outage.report(refusal, log)).toBe(true);
      expect(outage.down).toBe(true);
      expect(lines.map((line) => line.msg)).toEqual(['database unreachable: the API answers 503 until it is back (at most one line a minute meanwhile)']);

      now += OUTAGE_SUMMARY_MS - 1;
      await outage.report(refusal, log);
      await outage.probe();
      expect(lines).toHaveLength(1);
      now += 1;
      await outage.report(refusal, log);
      await outage.report(refusal, log);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({ level: 'warn', msg: 'database still unreachable', fields: { failures: 101 } });

      // A probe with nothing new to say says nothing, even a minute later.
      now += OUTAGE_SUMMARY_MS;
      await outage.probe();
      expect(lines).toHaveLength(3);
      expect(lines[2]).toMatchObject({ msg: 'database still unreachable', fields: { failures: 1 } });
      now += OUTAGE_SUMMARY_MS;
      await outage.probe();
      expect(lines).toHaveLength(3);

      up = true;
      await outage.probe();
      expect(outage.down).toBe(false);
      expect(lines[3]).toMatchObject({ level: 'info', msg: 'database is back', fields: { failures: 103 } });
      await outage.probe();
      expect(lines).toHaveLength(4);
    } finally {
      outage.stop();
    }
  });

  it('does not take a lost connection for an outage while the database answers', async () => {
    const outage = new DatabaseOutage({ ping: async () => undefined });
    const lines: string[] = [];
    const log = { warn: (_fields: unknown, msg: string) => void lines.push(msg), info: (_fields: unknown, msg: string) => void lines.push(msg) } as unknown as OutageLog;
    expect(await outage.report(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), log)).toBe(false);
    expect(outage.down).toBe(false);
    expect(lines).toEqual([]);
  });
});
