import { Writable } from 'node:stream';
import { Network } from '@chorus/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/database.ts';
import { deliveryStallMs } from '../../jobs/deliver-share.ts';
import { startJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { shares } from '../../db/schema.ts';
import { buildCompany, buildPost, buildUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';

let t: TestContext;
let runner: JobRunner;
/** The app as an API process runs it: with the job system started. */
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  runner = await startJobRunner({ database: t.database, config: t.config, work: false, notifier: null, log: t.app.log });
  app = await buildApp({ logger: false, config: t.config, database: t.database, jobs: runner });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runner.stop();
  await t.close();
});

const probe = (target: FastifyInstance, url: string) => target.inject({ method: 'GET', url, headers: { host: '10.0.0.5:3000' } });

describe('GET /health', () => {
  it('reports the database as ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database cannot answer', async () => {
    const broken = await openTestDatabase();
    const brokenApp = await buildApp({ config: t.config, database: broken.handle, logger: false });
    await broken.dispose();
    const res = await brokenApp.inject({ method: 'GET', url: '/health', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: 'unavailable' });
    await brokenApp.close();
  });
});

describe('GET /health/live and /health/ready', () => {
  it('live answers while the process runs, whatever the database', async () => {
    const res = await probe(app, '/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready: database reachable, migrations applied, job queue alive', async () => {
    const res = await probe(app, '/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', jobs: 'ok', delivery: 'ok' });
  });

  it('not ready without a job system in the process', async () => {
    const res = await probe(t.app, '/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', database: 'ok', migrations: 'ok', jobs: 'not-running', delivery: 'ok' });
  });

  it('not ready while a migration of this build is not applied', async () => {
    const Row = z.object({ id: z.number(), hash: z.string(), created_at: z.union([z.string(), z.number()]) });
    const [row] = await queryRows(t.db, sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id desc limit 1`, Row);
    if (row === undefined) throw new Error('no migration recorded');
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await probe(app, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', migrations: 'pending' });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`);
    }
    expect((await probe(app, '/health/ready')).statusCode).toBe(200);
  });

  it('not ready while a share waits past its time and no worker takes any; ready again once one does', async () => {
    const company = await buildCompany(t.db);
    const post = await buildPost(t.db, company);
    const user = await buildUser(t.db, [{ company }]);
    const stall = deliveryStallMs(t.config);
    const due = new Date(Date.now() - stall - 5_000);
    const [share] = await t.db
      .insert(shares)
      .values({ companyId: company.id, userId: user.id, postId: post.id, network: Network.TWITTER, state: 'queued', content: 'Waiting', scheduledAt: due, dueAt: due, timezone: 'UTC' })
      .returning();
    if (!share) throw new Error('no share');
    try {
      const res = await probe(app, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'ok', migrations: 'ok', jobs: 'ok', delivery: 'stalled' });
      // A worker taking shares (a long wave being worked through) is no stall.
      const [other] = await t.db
        .insert(shares)
        .values({ companyId: company.id, userId: user.id, postId: post.id, network: Network.LINKEDIN, state: 'publishing', content: 'Going', publishingAt: new Date(), timezone: 'UTC' })
        .returning();
      expect((await probe(app, '/health/ready')).statusCode).toBe(200);
      if (other) await t.db.delete(shares).where(eq(shares.id, other.id));
    } finally {
      await t.db.delete(shares).where(eq(shares.id, share.id));
    }
    expect((await probe(app, '/health/ready')).statusCode).toBe(200);
  });

  it('not ready when the database cannot answer', async () => {
    const broken = await openTestDatabase();
    const brokenApp = await buildApp({ config: t.config, database: broken.handle, logger: false, jobs: runner });
    await broken.dispose();
    const res = await probe(brokenApp, '/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', database: 'unavailable', migrations: 'unavailable', jobs: 'unavailable', delivery: 'unavailable' });
    await brokenApp.close();
  });
});

describe('request ids', () => {
  it('returns an id in X-Request-Id and writes it in every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logged = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.database, logStream: stream });
    const res = await logged.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const own = lines.filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Another request gets another id.
    expect((await logged.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost' } })).headers['x-request-id']).not.toBe(id);
    await logged.close();
  });

  it('ignores an incoming X-Request-Id unless a trusted proxy sent it', async () => {
    const res = await probe(t.app, '/health/live');
    const forged = await t.app.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost', 'x-request-id': 'forged-id-1234' } });
    expect(forged.headers['x-request-id']).not.toBe('forged-id-1234');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed id from a trusted proxy, and refuses a malformed one', async () => {
    const behindProxy = await buildApp({ config: { ...t.config, trustProxy: ['127.0.0.1'] }, database: t.database, logger: false });
    const kept = await behindProxy.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost', 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    const bad = await behindProxy.inject({ method: 'GET', url: '/health/live', headers: { host: 'localhost', 'x-request-id': 'bad id\twith spaces' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await behindProxy.close();
  });
});
