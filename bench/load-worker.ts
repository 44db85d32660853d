/**
 * The load generator, run as its own child process so its CPU use is visible as a separate
 * process: `node bench/load-worker.ts '<json LoadJob>'`. It runs autocannon once to warm up
 * (result discarded) and once to measure, then prints one JSON LoadResult line on stdout.
 */
import autocannon from 'autocannon';

/** What to load. */
export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  /** Session tokens sent in turn as X-AUTH-TOKEN, one per request; none sends `headers` only. */
  tokens?: string[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** What was measured (latencies in ms). */
export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyAverage: number;
  latencyP50: number;
  latencyP90: number;
  latencyP99: number;
  latencyMax: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function isLoadJob(value: unknown): value is LoadJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  return (
    typeof job.url === 'string' &&
    typeof job.headers === 'object' &&
    job.headers !== null &&
    (job.tokens === undefined || (Array.isArray(job.tokens) && job.tokens.every((t) => typeof t === 'string'))) &&
    typeof job.connections === 'number' &&
    typeof job.warmupSeconds === 'number' &&
    typeof job.seconds === 'number'
  );
}

async function load(job: LoadJob, seconds: number): Promise<autocannon.Result> {
  const tokens = job.tokens ?? [];
  let turn = 0;
  return autocannon({
    url: job.url,
    headers: job.headers,
    ...(tokens.length === 0
      ? {}
      : {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...job.headers, 'x-auth-token': tokens[turn++ % tokens.length] ?? '' },
              }),
            },
          ],
        }),
    connections: job.connections,
    duration: seconds,
    // A request open for 10 s counts as an error rather than hanging the run.
    timeout: 10,
  });
}

const parsed: unknown = JSON.parse(process.argv[2] ?? 'null');
if (!isLoadJob(parsed)) throw new Error("usage: node bench/load-worker.ts '<json job>'");
const job = parsed;

if (job.warmupSeconds > 0) await load(job, job.warmupSeconds);
const r = await load(job, job.seconds);
const result: LoadResult = {
  requests: r.requests.total,
  seconds: r.duration,
  requestsPerSecond: r.duration > 0 ? r.requests.total / r.duration : 0,
  latencyAverage: r.latency.average,
  latencyP50: r.latency.p50,
  latencyP90: r.latency.p90,
  latencyP99: r.latency.p99,
  latencyMax: r.latency.max,
  ok2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
