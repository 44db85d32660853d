/**
 * Health probes for load balancers and orchestrators:
 * - GET /health/live: the process answers (restart it when this fails);
 * - GET /health/ready: it can serve: the database answers, every migration of this build is
 *   applied, the job queue is reachable and delivery is not stalled: no share has waited past
 *   its time while no worker took any (take it out of rotation when this fails);
 * - GET /health: the database check, as before (`docker healthcheck`, existing monitors).
 */
import { readFile } from 'node:fs/promises';
import { HealthResponse } from '@chorus/core';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, queryRows } from '../../db/database.ts';
import { outageOf } from '../../db/outage.ts';
import { deliveryStallMs, deliveryStalled } from '../../jobs/deliver-share.ts';
import type { AppContext } from '../../lib/context.ts';
import { serve } from '../../lib/serve.ts';

type Check = 'ok' | 'unavailable' | 'pending' | 'not-running' | 'stalled';

/** How many migrations this build ships (drizzle's journal). */
async function shippedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Health routes. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const shipped = shippedMigrations();
  // Probes come every few seconds: an outage is logged once, not per probe.
  const outage = outageOf(ctx.database);

  serve(app, 'GET /health', async (request, reply) => {
    try {
      await ctx.database.ping();
    } catch (error) {
      if (!(await outage.report(error, request.log))) request.log.error({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'error', database: 'unavailable' });
    }
    return HealthResponse.parse({ status: 'ok', database: 'ok' });
  });

  serve(app, 'GET /health/live', async () => ({ status: 'ok' }));

  serve(app, 'GET /health/ready', async (request, reply) => {
    const checks: { database: Check; migrations: Check; jobs: Check; delivery: Check } = { database: 'ok', migrations: 'ok', jobs: 'ok', delivery: 'ok' };
    try {
      await ctx.database.ping();
      const [applied] = await queryRows(ctx.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`, z.object({ n: z.number() }));
      if ((applied?.n ?? 0) < (await shipped)) checks.migrations = 'pending';
      if (await deliveryStalled(ctx.db, deliveryStallMs(ctx.config))) checks.delivery = 'stalled';
    } catch (error) {
      if (!(await outage.report(error, request.log))) request.log.error({ err: error }, 'readiness: database unavailable');
      checks.database = 'unavailable';
      checks.migrations = 'unavailable';
      checks.delivery = 'unavailable';
    }
    if (ctx.jobs === null) checks.jobs = 'not-running';
    else if (checks.database === 'ok') {
      try {
        await ctx.db.execute(sql`select version from pgboss.version`);
      } catch (error) {
        request.log.error({ err: error }, 'readiness: job queue unavailable');
        checks.jobs = 'unavailable';
      }
    } else checks.jobs = 'unavailable';
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', ...checks });
  });
};
