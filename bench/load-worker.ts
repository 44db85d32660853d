/**
 * The load generator, run as its own child process so its CPU use is visible as a separate
 * process: `node bench/load-worker.ts '<json LoadJob>'`. It runs autocannon once, warm-up and
 * measurement without a break, counts what completes after the warm-up, and prints one JSON
 * LoadResult line on stdout.
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

/** The value below which `share` of the sorted samples lie (0 for none). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * One autocannon run of warm-up plus measurement on the same connections; only what completes
 * after the warm-up counts. Two runs back to back (the warm-up's, then the measurement's) left
 * the server the warm-up's abandoned requests to finish while the measurement's first hundred
 * waited: on the uncached feed about a second of work, which alone made the measurement's p99
 * (1.4 s against 0.37 s in steady state). No client population turns over all at once.
 */
async function load(job: LoadJob): Promise<LoadResult> {
  const tokens = job.tokens ?? [];
  let turn = 0;
  let finished: (error: Error | null) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finished = (error) => (error === null ? resolve() : reject(error));
  });
  const instance = autocannon(
    {
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
      duration: job.warmupSeconds + job.seconds,
      // A request open for 10 s counts as an error rather than hanging the run.
      timeout: 10,
    },
    (error) => finished(error ?? null),
  );
  const started = performance.now();
  const measuredFrom = started + job.warmupSeconds * 1000;
  const latencies: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (performance.now() < measuredFrom) return;
    latencies.push(responseTime);
    if (statusCode >= 200 && statusCode < 300) ok2xx += 1;
    else non2xx += 1;
  });
  instance.on('reqError', (error: Error) => {
    if (performance.now() < measuredFrom) return;
    errors += 1;
    if (error.message === 'request timed out') timeouts += 1;
  });
  await done;
  const seconds = (performance.now() - measuredFrom) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const total = sorted.reduce((sum, ms) => sum + ms, 0);
  return {
    requests: sorted.length,
    seconds: Number(seconds.toFixed(2)),
    requestsPerSecond: seconds > 0 ? sorted.length / seconds : 0,
    latencyAverage: sorted.length > 0 ? Number((total / sorted.length).toFixed(2)) : 0,
    latencyP50: percentile(sorted, 0.5),
    latencyP90: percentile(sorted, 0.9),
    latencyP99: percentile(sorted, 0.99),
    latencyMax: sorted.at(-1) ?? 0,
    ok2xx,
    non2xx,
    errors,
    timeouts,
  };
}

const parsed: unknown = JSON.parse(process.argv[2] ?? 'null');
if (!isLoadJob(parsed)) throw new Error("usage: node bench/load-worker.ts '<json job>'");
const result = await load(parsed);
process.stdout.write(`${JSON.stringify(result)}\n`);
