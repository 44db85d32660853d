/**
 * Prometheus metrics (prom-client), served at /metrics when switched on (routes/metrics).
 * One registry per process: the counters are process-wide (a process may build several apps
 * in tests, and the share command and caches record without an app at hand). Job counts and
 * lateness are read from pg-boss's table when scraped, so every process reports the same
 * queue state and no worker has to be asked.
 */
import { SHAREABLE_NETWORK_SLUGS, type ShareableNetworkId, type ShareState } from '@chorus/core';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { queryRows, type Database } from '../db/database.ts';
import type { RefreshOutcome } from './read-cache.ts';

/** The process's registry. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'chorus_process_' });

/** HTTP answers by method, route pattern (never the raw URL: codes travel in paths) and status. */
export const httpDuration = new Histogram({
  name: 'chorus_http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by route pattern',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** A counter or gauge of the process's registry, with its labels. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}
function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

const shareOutcomes = counter('chorus_share_outcomes_total', 'Shares to social networks by network and outcome (published, failed, unconfirmed)', ['network', 'outcome']);

const cacheLookups = counter('chorus_cache_lookups_total', 'Read-cache look-ups by cache and result (hit or miss); the hit rate is hit / (hit + miss)', ['cache', 'result']);

const cacheRefreshes = counter(
  'chorus_cache_refreshes_total',
  'Background refreshes of read-cache entries by cache and outcome (replaced; overtaken by a write or a miss; failed, the entry kept until its time limit)',
  ['cache', 'outcome'],
);

const jobCounts = gauge('chorus_jobs', 'Jobs in the queue system by queue and state', ['queue', 'state']);

const jobLateness = gauge('chorus_job_lateness_seconds', 'How long the oldest job that is due has waited past its start time, by queue (0 when none waits)', ['queue']);

/** The states that end a share's publishing (ARCHITECTURE.md "Jobs and delivery guarantees"). */
const SETTLED_STATES: ReadonlySet<ShareState> = new Set<ShareState>(['published', 'failed', 'unconfirmed', 'cancelled']);

/**
 * Counts a share to a network (id) that reached `state`, for chorus_share_outcomes_total: the
 * settled states only (published, failed, unconfirmed); queued and publishing are not outcomes.
 * Called where a share's outcome is stored: share-now's recordOutcome (share now and the video
 * poll) and the queue's delivery.
 */
export function recordShareOutcome(network: number, state: ShareState): void {
  if (!SETTLED_STATES.has(state)) return;
  shareOutcomes.inc({ network: SHAREABLE_NETWORK_SLUGS[network as ShareableNetworkId] ?? String(network), outcome: state });
}

/** Counts one read-cache look-up (lib/caches.ts wires each cache to it). */
export function recordCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

/** Counts one background refresh of a read-cache entry by its outcome (lib/read-cache.ts). */
export function recordCacheRefresh(cache: string, outcome: RefreshOutcome): void {
  cacheRefreshes.inc({ cache, outcome });
}

/** Job states pg-boss keeps; all are reported (0 where none), so a series never disappears. */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** Reads the queue state from pg-boss's tables into the job gauges. */
async function collectJobs(db: Database): Promise<void> {
  const rows = await queryRows(db, sql`
    select name, state::text as state, count(*)::int as jobs,
      max(extract(epoch from (now() - start_after)))
        filter (where state in ('created', 'retry') and start_after <= now())::float8 as late
    from pgboss.job group by name, state`, z.object({ name: z.string(), state: z.string(), jobs: z.number(), late: z.number().nullable() }));
  jobCounts.reset();
  jobLateness.reset();
  const queues = new Set<string>();
  const late = new Map<string, number>();
  for (const row of rows) {
    queues.add(row.name);
    jobCounts.set({ queue: row.name, state: row.state }, row.jobs);
    if (row.late !== null) late.set(row.name, Math.max(late.get(row.name) ?? 0, row.late));
  }
  for (const row of await queryRows(db, sql`select name from pgboss.queue`, z.object({ name: z.string() }))) queues.add(row.name);
  for (const queue of queues) {
    for (const state of JOB_STATES) if (!rows.some((r) => r.name === queue && r.state === state)) jobCounts.set({ queue, state }, 0);
    jobLateness.set({ queue }, late.get(queue) ?? 0);
  }
}

/** The exposition text of every metric, with the job gauges read now. */
export async function renderMetrics(db: Database): Promise<{ contentType: string; body: string }> {
  try {
    await collectJobs(db);
  } catch {
    // No job system in this database (yet): the other metrics still answer.
    jobCounts.reset();
    jobLateness.reset();
  }
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
