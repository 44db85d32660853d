/**
 * The API budget: the real server (a child, `--role=api`) on a fresh PostgreSQL database with
 * 50,000 posts and 5,000 users, next to a bare Fastify route (another child), both loaded by
 * autocannon from a third child with the same connections and duration.
 */
import os from 'node:os';
import path from 'node:path';
import { request } from './http.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import { benchSessions, createDatabase, dropDatabase, growDataset, seedDemo, SEARCH_WORD, type DatasetSize } from './dataset.ts';
import { BENCH_SECRET_KEY, freePort, onCleanup, runNodeToCompletion, startNode, waitForHttp, type Child, type ChildEnv } from './processes.ts';

/**
 * The API budgets of ARCHITECTURE.md ("Budgets"): with the read caches on, p99 under 50 ms and
 * at least half the requests/s of the `fastify + SELECT 1` route in the same run; with them off
 * (CHORUS_CACHE_TTL_MS=0), the feed 800 and list page 1 1,000 requests/s with p99 under 250 ms.
 */
export const API_P99_BUDGET_MS = 50;
export const API_RATIO_BUDGET = 0.5;
export const UNCACHED_P99_BUDGET_MS = 250;
const UNCACHED_MIN_RPS: Readonly<Record<string, number>> = { feed: 800, 'list page 1': 1000 };

/** What a route must reach; every budget also wants no errors. */
export interface RouteBudget {
  p99Ms: number;
  /** At least this share of the SELECT 1 route's requests/s. */
  minRatio?: number;
  /** At least this many requests/s. */
  minRps?: number;
}

/** The budget as the report prints it. */
export function budgetText(budget: RouteBudget): string {
  const rate = budget.minRatio !== undefined ? `>= ${budget.minRatio * 100}% of SELECT 1 req/s` : `>= ${budget.minRps ?? 0} req/s`;
  return `p99 < ${budget.p99Ms} ms, ${rate}, no errors`;
}

/** How to run the API benchmark. */
export interface ApiLoadOptions {
  root: string;
  adminUrl: string;
  databaseName: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  size: DatasetSize;
  /** Environment the children start from. */
  childEnv: ChildEnv;
  serverLogLevel: string;
  /** The server's read-cache time limit (CHORUS_CACHE_TTL_MS) for the budgeted runs. */
  cacheTtlMs: number;
  log(line: string): void;
}

/** One loaded route. */
export interface TargetResult {
  name: string;
  path: string;
  /** The API budget of the route (feed and list, cached or not), or null: informational. */
  budget: RouteBudget | null;
  /** What one response contained, checked before the load. */
  sample: string;
  result: LoadResult;
  /** Requests/s relative to the `fastify + SELECT 1` route of the same run (1 for that route itself). */
  ratio: number;
}

/** Everything measured. */
export interface ApiLoadReport {
  dataset: { posts: number; members: number; setupSeconds: number };
  targets: TargetResult[];
  /**
   * The machine: cores, the share of CPU time other processes used in the second before the
   * first load run (everything of ours idle), and the one-minute load average after the last.
   */
  machine: { cores: number; busyBefore: number; loadAfter: number };
}

interface Target {
  name: string;
  path: string;
}

const TARGETS: readonly Target[] = [
  { name: 'feed', path: '/api/v4/post/feed' },
  { name: 'list page 1', path: '/api/v4/post/?page_num=1&results_per_page=20' },
  { name: 'list p50 top', path: '/api/v4/post/?page_num=50&sort_by=top_performing' },
  { name: 'list search', path: `/api/v4/post/?query=${SEARCH_WORD}` },
];
const CACHED_BUDGET: RouteBudget = { p99Ms: API_P99_BUDGET_MS, minRatio: API_RATIO_BUDGET };

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/**
 * People signed in for the load: each request goes as the next of them in turn, so every
 * connection's requests come from many users and the server's per-user answers and session
 * look-ups are as varied as a company's morning.
 */
const USERS_UNDER_LOAD = 500;

/** Requests timed one after another per route before the load, for latency without queueing. */
const SERIAL_REQUESTS = 10;
const DEMO_EMAIL = 'user@acme.example';
const DEMO_PASSWORD = 'Chorus!2026';

function countOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/** A short description of a response body, to show the routes answered with real data. */
function describe(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'not an object';
  const record = body as Record<string, unknown>;
  if ('latest' in record) {
    const topics = Array.isArray(record.topics) ? record.topics : [];
    return `${countOf(record.featured)} featured, ${countOf(record.latest)} latest, ${topics.length} topics`;
  }
  if ('objects' in record) return `${countOf(record.objects)} of ${String(record.num_results)} posts`;
  return Object.keys(record).slice(0, 4).join(', ');
}

async function signIn(origin: string, host: string): Promise<string> {
  const response = await request(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const body: unknown = JSON.parse(response.body);
  const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : null;
  if (response.status !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in as ${DEMO_EMAIL} failed: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  }
  return token;
}

/** Checks a route answers 200 with JSON, then times `SERIAL_REQUESTS` requests one after another. */
async function sample(url: string, headers: Record<string, string>): Promise<string> {
  const first = await request(url, { headers });
  if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}: ${first.body.slice(0, 300)}`);
  let body: unknown = null;
  try {
    body = JSON.parse(first.body);
  } catch {
    throw new Error(`GET ${url} did not answer JSON: ${first.body.slice(0, 200)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < SERIAL_REQUESTS; i++) times.push((await request(url, { headers })).ms);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  // What a browser receives: browsers accept brotli, which the load below does not ask for.
  const compressed = await request(url, { headers: { ...headers, 'accept-encoding': 'br' } });
  return `${describe(body)}; ${(first.bytes / 1024).toFixed(0)} KB, ${(compressed.bytes / 1024).toFixed(1)} KB to a browser (brotli); one at a time: first ${first.ms.toFixed(0)} ms, median of ${SERIAL_REQUESTS} ${median.toFixed(0)} ms`;
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
  }
  return { idle, total };
}

/** The busy share (0..1) of all cores over `ms`. */
async function cpuBusy(ms: number): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** Waits until a health check (one database round trip) answers within 50 ms, at most `limitMs`. */
async function waitForIdle(url: string, limitMs: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  for (let attempt = 0; attempt < 300 && performance.now() - started < limitMs; attempt++) {
    const response = await request(url, { timeoutMs: limitMs }).catch(() => null);
    if (response !== null && response.status === 200 && response.ms < 50) {
      if (performance.now() - started > 1000) log(`server busy with earlier requests for ${seconds(started)} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`server still busy after ${seconds(started)} s; measuring anyway`);
}

async function measure(options: ApiLoadOptions, url: string, headers: Record<string, string>, tokens: string[] = []): Promise<LoadResult> {
  const job: LoadJob = {
    url,
    headers,
    tokens,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
  };
  const timeoutMs = (job.warmupSeconds + job.seconds + 30) * 1000;
  const stdout = await runNodeToCompletion('load generator', [path.join(options.root, 'bench', 'load-worker.ts'), JSON.stringify(job)], options.childEnv, options.root, timeoutMs);
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as LoadResult;
}

/** Starts the real server as an API process on the bench database and waits until it answers. */
async function startServer(options: ApiLoadOptions, url: string, port: number, cacheTtlMs: number): Promise<Child> {
  options.log(`starting the server on port ${port} (NODE_ENV=production, LOG_LEVEL=${options.serverLogLevel}, CHORUS_CACHE_TTL_MS=${cacheTtlMs}) ...`);
  const server = startNode('chorus server', [path.join(options.root, 'server', 'src', 'main.ts'), '--role=api'], {
    ...options.childEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    CHORUS_SEED: 'auto',
    CHORUS_BASE_DOMAIN: 'localhost',
    CHORUS_DATA_DIR: path.join(os.tmpdir(), 'chorus-bench-data'),
    NODE_ENV: 'production',
    CHORUS_SECRET_KEY: BENCH_SECRET_KEY,
    LOG_LEVEL: options.serverLogLevel,
    // All load comes from one IP: the per-IP flood limit would answer most of it with 425.
    CHORUS_RATE_LIMIT_API_PER_MINUTE: '0',
    CHORUS_CACHE_TTL_MS: String(cacheTtlMs),
  }, options.root);
  await waitForHttp(server, `http://127.0.0.1:${port}/health`, {}, 60_000);
  return server;
}

/** Runs the API benchmark. Children and the database are left to the registered clean-up. */
export async function runApiLoad(options: ApiLoadOptions): Promise<ApiLoadReport> {
  const setupStarted = performance.now();
  options.log(`creating database ${options.databaseName}, seeding the demo data ...`);
  const url = await createDatabase(options.adminUrl, options.databaseName);
  onCleanup(`drop database ${options.databaseName}`, () => dropDatabase(options.adminUrl, options.databaseName));
  await seedDemo(url);
  options.log(`seeded in ${seconds(setupStarted)} s; adding ${options.size.posts} posts, ${options.size.users} users, ${options.size.shares} shares, ${options.size.likes} likes ...`);
  const grown = await growDataset(url, options.size);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  options.log(`data set ready after ${seconds(setupStarted)} s`);

  const tokens = await benchSessions(url, USERS_UNDER_LOAD);
  const port = await freePort();
  const host = `acme.localhost:${port}`;
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(options, url, port, options.cacheTtlMs);
  const token = await signIn(origin, host);
  const headers = { host, 'x-auth-token': token };

  const barePort = await freePort();
  const bare = startNode('bare fastify', [path.join(options.root, 'bench', 'bare-server.ts'), String(barePort), url], options.childEnv, options.root);
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  await waitForHttp(bare, bareUrl, {}, 30_000);

  const samples = new Map<string, string>();
  for (const target of TARGETS) samples.set(target.name, await sample(`${origin}${target.path}`, headers));

  const results: TargetResult[] = [];
  const busyBefore = await cpuBusy(1000);
  options.log(`loading bare fastify for ${options.warmupSeconds} + ${options.seconds} s ...`);
  const bareResult = await measure(options, bareUrl, {});
  // The budget's yardstick: what one database round trip per request leaves of the bare route.
  options.log(`loading fastify + SELECT 1 for ${options.warmupSeconds} + ${options.seconds} s ...`);
  const oneQueryResult = await measure(options, `http://127.0.0.1:${barePort}/one-query`, {});
  const ratioOf = (result: LoadResult) => (oneQueryResult.requestsPerSecond > 0 ? result.requestsPerSecond / oneQueryResult.requestsPerSecond : 0);
  results.push({ name: 'bare fastify', path: '/bare', budget: null, sample: '{"hello":"world","ok":true}', result: bareResult, ratio: ratioOf(bareResult) });
  results.push({ name: 'fastify + SELECT 1', path: '/one-query', budget: null, sample: '{"hello":"world","ok":true}', result: oneQueryResult, ratio: 1 });
  for (const target of TARGETS) {
    // Requests left queued by the previous run (clients gone, handlers still running) must not
    // count against the next route.
    await waitForIdle(`${origin}/health`, 20_000, options.log);
    options.log(`loading ${target.name} for ${options.warmupSeconds} + ${options.seconds} s as ${tokens.length} users ...`);
    const result = await measure(options, `${origin}${target.path}`, headers, tokens);
    results.push({ ...target, budget: CACHED_BUDGET, sample: samples.get(target.name) ?? '', result, ratio: ratioOf(result) });
  }
  await server.stop();
  // The feed and list page 1 with the read caches off, every request computed in full.
  const uncachedPort = await freePort();
  const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`;
  const uncached = await startServer(options, url, uncachedPort, 0);
  const uncachedHeaders = { host: `acme.localhost:${uncachedPort}`, 'x-auth-token': token };
  for (const target of TARGETS.filter((t) => UNCACHED_MIN_RPS[t.name] !== undefined)) {
    await waitForIdle(`${uncachedOrigin}/health`, 20_000, options.log);
    options.log(`loading ${target.name} with caching off for ${options.warmupSeconds} + ${options.seconds} s as ${tokens.length} users ...`);
    const result = await measure(options, `${uncachedOrigin}${target.path}`, uncachedHeaders, tokens);
    const budget: RouteBudget = { p99Ms: UNCACHED_P99_BUDGET_MS, minRps: UNCACHED_MIN_RPS[target.name] ?? 0 };
    results.push({ name: `${target.name} (no cache)`, path: target.path, budget, sample: 'CHORUS_CACHE_TTL_MS=0', result, ratio: ratioOf(result) });
  }
  const loadAfter = os.loadavg()[0] ?? 0;
  await bare.stop();
  await uncached.stop();
  return {
    dataset: { posts: grown.totalPosts, members: grown.members, setupSeconds },
    targets: results,
    machine: { cores: os.cpus().length, busyBefore, loadAfter },
  };
}

/** Whether a target met its budget (p99, its rate, and no errors). */
export function targetPasses(target: TargetResult, budget: RouteBudget): boolean {
  const r = target.result;
  const rate = budget.minRatio !== undefined ? target.ratio >= budget.minRatio : r.requestsPerSecond >= (budget.minRps ?? 0);
  return r.requests > 0 && r.latencyP99 < budget.p99Ms && rate && r.non2xx === 0 && r.errors === 0;
}
