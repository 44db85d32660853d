/**
 * `npm run bench`: measures the budgets of ARCHITECTURE.md ("Budgets") that exist so far,
 * the web app's first-render JavaScript (what Chromium fetches to show the feed, with the real
 * server on the demo data), the API's feed and post list under load, and compliance
 * matching (one caption against 10,000 terms, beside a naive regular-expression matcher), and
 * prints PASS or FAIL for each. A missed budget is reported, not an error: the exit code is
 * non-zero only when the benchmark itself could not run.
 *
 * Environment (all optional):
 *   BENCH_SECONDS=10          measured seconds per API route (after the warm-up)
 *   BENCH_WARMUP_SECONDS=2    warm-up seconds per API route
 *   BENCH_CONNECTIONS=100     concurrent connections
 *   BENCH_ONLY=web|api|compliance|delivery|start  run one part (start: the CLI's module load, and
 *                             npm start on a fresh clone and warm, step by step)
 *   BENCH_DELIVERY_SHARES=10000  shares in the delivery wave
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
 *                             a database to connect to for creating and dropping chorus_bench
 *   BENCH_SERVER_LOG_LEVEL=warn  the server's LOG_LEVEL (info logs every request)
 *   BENCH_CACHE_TTL_MS=5000   the server's read-cache time limit in the budgeted runs (0: off)
 *   BENCH_LIGHTHOUSE=1        0 skips Lighthouse (mobile) on the sign-in page, feed, topic page and post dialog
 *   BENCH_LIGHTHOUSE_DIR=     a folder for each page's full Lighthouse report (JSON, the median run's)
 *   BENCH_LIGHTHOUSE_RUNS=3   Lighthouse runs per page, in rounds; each page's row is its median run
 *   BENCH_MAIN_THREAD_RUNS=5  traced loads of the feed in a phone's window (0: none)
 *   BENCH_TRACE_DIR=          a folder for each traced load's Chromium trace (JSON, opens in DevTools' Performance panel)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetText, runApiLoad, targetPasses, type ApiLoadReport } from '../bench/api-load.ts';
import { COMPLIANCE_BUDGET_MS, runComplianceBench } from '../bench/compliance.ts';
import { ON_TIME_SECONDS, runDeliveryBench } from '../bench/delivery.ts';
import { measureNpmStart, WARM_START_BUDGET_MS } from '../bench/npm-start.ts';
import { measureProcessStart } from '../bench/process-start.ts';
import { runCleanup } from '../bench/processes.ts';
import { LIGHTHOUSE_ACCESSIBILITY_GOAL, LIGHTHOUSE_PERFORMANCE_GOAL, type LighthouseRow } from '../bench/lighthouse.ts';
import { fixed, kb, table, verdict } from '../bench/report.ts';
import { GZIP_LEVEL, measureBundle, WEB_JS_BUDGET_KB, type BundleReport } from '../bench/web-bundle.ts';
import { measureFirstRender, type FirstRenderReport } from '../bench/web-first-render.ts';
import { PHONE, type MainThreadReport, type MainThreadRun } from '../bench/web-main-thread.ts';

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

// The one place that reads the environment.
const options = {
  seconds: whole('BENCH_SECONDS', 10, 1, 120),
  warmupSeconds: whole('BENCH_WARMUP_SECONDS', 2, 0, 60),
  connections: whole('BENCH_CONNECTIONS', 100, 1, 1000),
  only: process.env.BENCH_ONLY?.trim() ?? '',
  deliveryShares: whole('BENCH_DELIVERY_SHARES', 10_000, 1, 100_000),
  adminUrl: process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test',
  serverLogLevel: process.env.BENCH_SERVER_LOG_LEVEL?.trim() || 'warn',
  // The server's own default (README: CHORUS_CACHE_TTL_MS).
  cacheTtlMs: whole('BENCH_CACHE_TTL_MS', 5000, 0, 60_000),
  lighthouse: whole('BENCH_LIGHTHOUSE', 1, 0, 1) === 1,
  lighthouseReportDir: process.env.BENCH_LIGHTHOUSE_DIR?.trim() || undefined,
  lighthouseRuns: whole('BENCH_LIGHTHOUSE_RUNS', 3, 1, 15),
  mainThreadRuns: whole('BENCH_MAIN_THREAD_RUNS', 5, 0, 50),
  traceDir: process.env.BENCH_TRACE_DIR?.trim() || undefined,
  childEnv: { ...process.env },
};
if (!['', 'web', 'api', 'compliance', 'delivery', 'start'].includes(options.only)) throw new Error(`BENCH_ONLY must be web, api, compliance, delivery or start, not "${options.only}"`);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Hard stop for the whole run (the browser's first render, two baselines, four routes, two
 * uncached routes), so a hung child never keeps the benchmark alive.
 */
const DEADLINE_MS = (180 + 300 + 8 * (options.seconds + options.warmupSeconds + 30) + 1800 + 1020) * 1000;

interface Budget {
  name: string;
  measured: string;
  pass: boolean;
}

const budgets: Budget[] = [];
const log = (line: string) => process.stdout.write(`  ${line}\n`);

/** A static-graph measurement (index.html and its static imports only; lazy chunks are not seen). */
function printBundle(report: BundleReport): void {
  if (!report.built) {
    process.stdout.write(`\n${report.name}: ${path.relative(ROOT, report.dist)}/index.html not found (not built)\n`);
    return;
  }
  process.stdout.write(`\n${report.name} (${path.relative(ROOT, report.dist)}), static graph of index.html only (no import() chunks), gzip level ${GZIP_LEVEL}:\n`);
  const rows = report.files.map((f) => [f.file, f.kind, f.via, kb(f.bytes), kb(f.gzipBytes)]);
  rows.push(['total JavaScript', 'js', '', kb(report.files.filter((f) => f.kind === 'js').reduce((t, f) => t + f.bytes, 0)), kb(report.jsGzipBytes)]);
  if (report.cssGzipBytes > 0) rows.push(['total CSS', 'css', '', '', kb(report.cssGzipBytes)]);
  process.stdout.write(
    `${table(
      [{ title: 'file' }, { title: 'kind' }, { title: 'found as' }, { title: 'KB raw', right: true }, { title: 'KB gzip', right: true }],
      rows,
    )}\n`,
  );
  process.stdout.write(`  not needed for the first render: ${report.lazyFiles} lazy chunks, ${kb(report.lazyGzipBytes)} KB gzip\n`);
}

function printFirstRender(report: FirstRenderReport): void {
  process.stdout.write(
    `\nweb app: what Chromium fetched for the feed's first render (${report.url}, ${report.cards} post cards; ` +
      `feed on screen after ${fixed(report.feedMs, 0)} ms, network quiet after ${fixed(report.idleMs, 0)} ms), gzip level ${GZIP_LEVEL}, largest first:\n`,
  );
  const rows = report.files.map((f) => [f.file, f.kind, f.via === 'lazy' ? 'import()' : 'index.html', f.afterFeed ? 'after' : 'before', kb(f.bytes), kb(f.gzipBytes)]);
  const js = report.files.filter((f) => f.kind === 'js');
  const css = report.files.filter((f) => f.kind === 'css');
  rows.push([`total JavaScript (${js.length} files)`, 'js', '', '', kb(report.jsBytes), kb(report.jsGzipBytes)]);
  if (css.length > 0) rows.push([`total CSS (${css.length} files)`, 'css', '', '', kb(css.reduce((t, f) => t + f.bytes, 0)), kb(report.cssGzipBytes)]);
  process.stdout.write(
    `${table(
      [{ title: 'file' }, { title: 'kind' }, { title: 'loaded by' }, { title: 'vs feed' }, { title: 'KB raw', right: true }, { title: 'KB gzip', right: true }],
      rows,
    )}\n`,
  );
  const lazy = js.filter((f) => f.via === 'lazy');
  const afterFeed = js.filter((f) => f.afterFeed);
  process.stdout.write(
    `  index.html's static graph alone (the former measurement): ${report.staticGraph.files} JavaScript files, ${kb(report.staticGraph.jsGzipBytes)} KB gzip; ` +
      `import() chunks of the first render: ${lazy.length} files, ${kb(lazy.reduce((t, f) => t + f.gzipBytes, 0))} KB gzip\n`,
  );
  process.stdout.write(
    `  requested before the frame that painted the feed (the budget): ${js.length - afterFeed.length} files, ${kb(report.jsBeforeFeedGzipBytes)} KB gzip; ` +
      `after it, until the network was quiet: ${afterFeed.length} files, ${kb(afterFeed.reduce((t, f) => t + f.gzipBytes, 0))} KB gzip\n`,
  );
  process.stdout.write(`  not fetched by the first render: ${report.notLoaded.files} JavaScript chunks, ${kb(report.notLoaded.gzipBytes)} KB gzip\n`);
  if (report.packages.length > 0) {
    process.stdout.write('\nthe first render\'s JavaScript by package (each file\'s gzip bytes shared out by the bytes each package renders into it):\n');
    process.stdout.write(`${table([{ title: 'package' }, { title: 'KB gzip', right: true }], report.packages.map((p) => [p.name, kb(p.gzipBytes)]))}\n`);
  }
}

function printMainThread(report: MainThreadReport): void {
  const groups = Object.keys(report.median.byGroup);
  process.stdout.write(
    `\nthe feed's main thread in a phone's window (${PHONE.width}x${PHONE.height}, no throttling), from Chromium's trace, until every card and control is on screen; ` +
      `ms per load, ${report.runs.length} loads and their median (blocking at 4x: each task after the first contentful paint, 4 times as long, past 50 ms):\n`,
  );
  const row = (label: string, r: MainThreadRun): string[] => [label, fixed(r.taskMs, 0), ...groups.map((g) => fixed(r.byGroup[g] ?? 0, 0)), String(r.longTasks), fixed(r.blockingAt4xMs, 0), String(r.elements)];
  process.stdout.write(
    `${table(
      [{ title: 'load' }, { title: 'tasks', right: true }, ...groups.map((g) => ({ title: g, right: true })), { title: 'long at 4x', right: true }, { title: 'blocking at 4x', right: true }, { title: 'elements', right: true }],
      [...report.runs.map((r, i) => row(String(i + 1), r)), row('median', report.median)],
    )}\n`,
  );
}

function printLighthouse(rows: readonly LighthouseRow[]): void {
  const runs = rows[0]?.runScores.length ?? 1;
  process.stdout.write(
    `\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), goals: performance >= ${LIGHTHOUSE_PERFORMANCE_GOAL}, accessibility ${LIGHTHOUSE_ACCESSIBILITY_GOAL}; each row is the median of ${runs} run${runs === 1 ? '' : 's'} (Lighthouse's computeMedianRun), every run's score beside it:\n`,
  );
  process.stdout.write(
    `${table(
      [{ title: 'page' }, { title: 'path' }, { title: 'performance', right: true }, { title: 'accessibility', right: true }, { title: 'LCP ms', right: true }, { title: 'TBT ms', right: true }, { title: 'CLS', right: true }, { title: 'runs' }],
      rows.map((r) => [r.page, r.path, String(r.performance), String(r.accessibility), fixed(r.lcpMs, 0), fixed(r.tbtMs, 0), fixed(r.cls, 3), r.runScores.join(' ')]),
    )}\n`,
  );
  for (const r of rows.filter((row) => row.failedAccessibility.length > 0)) {
    process.stdout.write(`  ${r.page}: failed accessibility audits: ${r.failedAccessibility.map((a) => a.id).join(', ')}\n`);
    for (const failed of r.failedAccessibility) for (const node of failed.nodes) process.stdout.write(`    ${failed.id}: ${node}\n`);
  }
}

async function runWeb(): Promise<void> {
  process.stdout.write('\n== Web bundle\n');
  const web = await measureFirstRender({
    root: ROOT,
    webDist: path.join(ROOT, 'web', 'dist'),
    childEnv: options.childEnv,
    serverLogLevel: options.serverLogLevel,
    lighthouse: options.lighthouse,
    lighthouseReportDir: options.lighthouseReportDir,
    lighthouseRuns: options.lighthouseRuns,
    mainThreadRuns: options.mainThreadRuns,
    traceDir: options.traceDir,
    log,
  });
  printFirstRender(web);
  if (web.mainThread !== null) printMainThread(web.mainThread);
  if (web.lighthouse !== null) {
    printLighthouse(web.lighthouse);
    for (const r of web.lighthouse) {
      budgets.push({
        name: `lighthouse: ${r.page}: performance >= ${LIGHTHOUSE_PERFORMANCE_GOAL}, accessibility ${LIGHTHOUSE_ACCESSIBILITY_GOAL}`,
        measured: `${r.performance}, ${r.accessibility}`,
        pass: r.performance >= LIGHTHOUSE_PERFORMANCE_GOAL && r.accessibility >= LIGHTHOUSE_ACCESSIBILITY_GOAL,
      });
    }
  }
  // The measure: what is fetched before the feed shows. What loads after the paint
  // (menus, the cards' actions) is printed above beside it, and in the total until quiet.
  budgets.push({
    name: `web: JavaScript fetched before the feed shows <= ${WEB_JS_BUDGET_KB} KB gzip (Chromium, feed)`,
    measured: `${kb(web.jsBeforeFeedGzipBytes)} KB (${kb(web.jsGzipBytes)} KB until the network was quiet)`,
    pass: web.jsBeforeFeedGzipBytes <= WEB_JS_BUDGET_KB * 1024,
  });
  const tab = measureBundle('Teams tab (informational)', path.join(ROOT, 'tabs', 'dist'));
  printBundle(tab);
}

function runCompliance(): void {
  process.stdout.write('\n== Compliance matching\n');
  const r = runComplianceBench();
  process.stdout.write(
    `\n${r.terms} terms (half prohibited, half limited; one in five of two words), a ${r.captionLength}-character caption; terms compiled once in ${fixed(r.compileMs, 1)} ms\n`,
  );
  process.stdout.write(
    `${table(
      [{ title: 'matcher' }, { title: 'runs', right: true }, { title: 'median ms', right: true }, { title: 'p99 ms', right: true }, { title: 'terms found', right: true }],
      [
        ['one pass (Aho-Corasick, core compileTerms)', String(r.runs), fixed(r.medianMs, 3), fixed(r.p99Ms, 3), String(r.found)],
        ['naive: one regular expression per term', String(r.naiveRuns), fixed(r.naiveMedianMs, 1), '', String(r.naiveFound)],
      ],
    )}\n`,
  );
  process.stdout.write(`  the one-pass matcher is ${fixed(r.naiveMedianMs / r.medianMs, 0)} times faster here\n`);
  budgets.push({
    name: `compliance: ${r.captionLength}-character caption vs ${r.terms} terms, median < ${COMPLIANCE_BUDGET_MS} ms`,
    measured: `${fixed(r.medianMs, 3)} ms (naive ${fixed(r.naiveMedianMs, 1)} ms)`,
    pass: r.medianMs < COMPLIANCE_BUDGET_MS && r.found === r.naiveFound,
  });
}

function printApi(report: ApiLoadReport): void {
  process.stdout.write(
    `\nAPI on PostgreSQL: ${report.dataset.posts} posts and ${report.dataset.members} members in acme (set up in ${fixed(report.dataset.setupSeconds, 1)} s); ` +
      `${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.seconds} s per route; latencies in ms\n`,
  );
  const rows = report.targets.map((t) => {
    const r = t.result;
    return [
      t.name,
      fixed(r.requestsPerSecond, 0),
      r.requests > 0 ? fixed(r.latencyP50, 0) : '-',
      r.requests > 0 ? fixed(r.latencyP99, 0) : '-',
      r.requests > 0 ? fixed(r.latencyMax, 0) : '-',
      String(r.non2xx),
      r.timeouts > 0 ? `${r.errors} (${r.timeouts} timeouts)` : String(r.errors),
      fixed(t.ratio, 2),
      t.budget ? verdict(targetPasses(t, t.budget)) : '',
    ];
  });
  process.stdout.write(
    `${table(
      [
        { title: 'route' },
        { title: 'req/s', right: true },
        { title: 'p50', right: true },
        { title: 'p99', right: true },
        { title: 'max', right: true },
        { title: 'non-2xx', right: true },
        { title: 'errors', right: true },
        { title: 'vs SELECT 1', right: true },
        { title: 'budget' },
      ],
      rows,
    )}\n`,
  );
  for (const t of report.targets) process.stdout.write(`  ${t.name.padEnd(18)} GET ${t.path}  (${t.sample})\n`);
  const { cores, busyBefore, loadAfter } = report.machine;
  process.stdout.write(
    `  machine: ${cores} cores; other processes used ${fixed(busyBefore * 100, 0)}% of the CPU just before the runs; load average ${fixed(loadAfter, 1)} after\n`,
  );
  if (busyBefore > 0.15) {
    process.stdout.write('  WARNING: the machine was not idle before the runs, so these numbers understate the server.\n');
  }
}

async function runApi(): Promise<void> {
  process.stdout.write('\n== API load\n');
  const report = await runApiLoad({
    root: ROOT,
    adminUrl: options.adminUrl,
    databaseName: 'chorus_bench',
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    size: { posts: 50_000, users: 5_000, shares: 100_000, likes: 40_000 },
    childEnv: options.childEnv,
    serverLogLevel: options.serverLogLevel,
    cacheTtlMs: options.cacheTtlMs,
    log,
  });
  printApi(report);
  for (const t of report.targets) {
    if (t.budget === null) continue;
    const r = t.result;
    const rate = t.budget.minRatio !== undefined ? `${fixed(t.ratio * 100, 0)}%` : `${fixed(r.requestsPerSecond, 0)} req/s`;
    budgets.push({
      name: `api: ${t.name}: ${budgetText(t.budget)}`,
      measured: r.requests > 0 ? `p99 ${fixed(r.latencyP99, 0)} ms, ${rate}, ${r.non2xx + r.errors} errors` : `no response within 10 s, ${r.errors} errors`,
      pass: targetPasses(t, t.budget),
    });
  }
}

function printBudgets(): void {
  process.stdout.write('\n== Budgets\n');
  process.stdout.write(`${table([{ title: 'budget' }, { title: 'measured' }, { title: 'result' }], budgets.map((b) => [b.name, b.measured, verdict(b.pass)]))}\n`);
  const failed = budgets.filter((b) => !b.pass).length;
  if (budgets.length === 0) process.stdout.write('\nNo budget in the parts run.\n');
  else process.stdout.write(failed === 0 ? '\nAll budgets met.\n' : `\n${failed} of ${budgets.length} budgets missed (reported, not an error).\n`);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping children and dropping the bench database ...\n`);
    void runCleanup().finally(() => process.exit(130));
  });
}
const deadline = setTimeout(() => {
  process.stderr.write(`\nThe benchmark ran longer than ${DEADLINE_MS / 1000} s: stopping.\n`);
  void runCleanup().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

/** Starts of the operator's command timed one after another (informational, no budget). */
const PROCESS_START_RUNS = 7;

function runProcessStart(): void {
  process.stdout.write('\n== Process start\n');
  const r = measureProcessStart(ROOT, PROCESS_START_RUNS, options.childEnv);
  process.stdout.write(
    `\n\`node server/src/cli.ts\` with an unknown command (the whole server module graph is loaded, no database is opened), ${r.runs} runs one after another:\n` +
      `${table(
        [{ title: 'measure' }, { title: 'median ms', right: true }],
        [
          ['wall clock, start to exit', fixed(r.wallMs, 0)],
          ['CPU time (user + system)', fixed(r.cpuMs, 0)],
        ],
      )}\n`,
  );
}

/** `npm start` on a fresh clone and again warm, step by step; the warm start has a budget. */
async function runNpmStart(): Promise<void> {
  process.stdout.write('\n== npm start on a fresh clone (Node download, npm ci, both builds, migrations, seed), then warm (nothing changed)\n');
  const report = await measureNpmStart(ROOT, options.childEnv);
  const rows = (run: typeof report.fresh) => [...run.steps.map((s) => [s.step, fixed(s.ms / 1000, 1)]), ['total, command to serving', fixed(run.totalMs / 1000, 1)]];
  process.stdout.write(`\nfresh:\n${table([{ title: 'step' }, { title: 's', right: true }], rows(report.fresh))}\n`);
  process.stdout.write(`\nwarm:\n${table([{ title: 'step' }, { title: 's', right: true }], rows(report.warm))}\n`);
  budgets.push({
    name: `warm npm start serves in under ${WARM_START_BUDGET_MS / 1000} s`,
    measured: `${fixed(report.warm.totalMs / 1000, 1)} s (fresh ${fixed(report.fresh.totalMs / 1000, 1)} s)`,
    pass: report.warm.totalMs < WARM_START_BUDGET_MS,
  });
}

async function runDelivery(): Promise<void> {
  process.stdout.write(`\n== Delivery: ${options.deliveryShares} X shares due at once, one worker process, local fake X network\n`);
  const report = await runDeliveryBench({ shares: options.deliveryShares, adminUrl: options.adminUrl, log });
  log(`published ${report.published} of ${report.shares}; within ${ON_TIME_SECONDS} s of their time: ${report.onTime}`);
  log(`taken twice by the network: ${report.duplicates}; not settled: ${report.lost}; states ${JSON.stringify(report.states)}`);
  log(`lateness p50 ${fixed(report.p50Ms / 1000, 1)} s, p99 ${fixed(report.p99Ms / 1000, 1)} s`);
  budgets.push({
    name: `delivery: every share published within ${ON_TIME_SECONDS} s, none twice`,
    measured: `${report.onTime}/${report.shares} on time, ${report.duplicates} twice`,
    pass: report.onTime === report.shares && report.duplicates === 0,
  });
}

let exitCode = 0;
try {
  if (options.only === '' || options.only === 'compliance') runCompliance();
  if (options.only === '' || options.only === 'start') {
    runProcessStart();
    await runNpmStart();
  }
  if (options.only === '' || options.only === 'web') await runWeb();
  if (options.only === '' || options.only === 'api') await runApi();
  if (options.only === '' || options.only === 'delivery') await runDelivery();
  printBudgets();
} catch (error) {
  exitCode = 1;
  if (!interrupted) process.stderr.write(`\nThe benchmark could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await runCleanup();
}
if (!interrupted) process.exit(exitCode);
