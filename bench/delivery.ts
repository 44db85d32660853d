/**
 * The delivery benchmark of `npm run bench` (issue 15): a wave of X shares all due at the same
 * moment, published by one worker process against the local fake X network; prints how many
 * the network took within 60 s of their time, how many twice, and the lateness p50/p99.
 */
import { deliveryReport, percentile, prepareDeliveryScenario, startWorker } from '../tests/delivery/scenario.ts';
import { startFakeXApi } from '../server/src/test/fakes/x-api.ts';

/** Seconds a published share may be late and still count as on time. */
export const ON_TIME_SECONDS = 60;

/** What the wave did. */
export interface DeliveryBenchReport {
  shares: number;
  onTime: number;
  published: number;
  duplicates: number;
  lost: number;
  p50Ms: number;
  p99Ms: number;
  states: Record<string, number>;
}

/** Runs the wave on a fresh database of the PostgreSQL server at `adminUrl`. */
export async function runDeliveryBench(options: { shares: number; adminUrl: string; log: (line: string) => void }): Promise<DeliveryBenchReport> {
  const network = await startFakeXApi();
  // Due a little after set-up, so the worker is working its queues when the wave starts.
  const leadMs = 20_000;
  const setupStarted = Date.now();
  const scenario = await prepareDeliveryScenario({
    shares: options.shares,
    people: Math.max(1, Math.ceil(options.shares / 50)),
    xBaseUrl: network.baseUrl,
    adminUrl: options.adminUrl,
    dueAt: new Date(Date.now() + leadMs + options.shares * 2),
    leaseSeconds: 300,
    sweepSeconds: 1,
  });
  options.log(`${options.shares} shares set up in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
  try {
    const worker = startWorker(scenario);
    await worker.ready;
    const code = await worker.exited;
    if (code !== 0) throw new Error(`the worker exited with ${code}: ${worker.stderr().slice(-2000)}`);
    const database = await scenario.open();
    try {
      const report = await deliveryReport(database, network);
      return {
        shares: options.shares,
        onTime: report.lateness.filter((ms) => ms <= ON_TIME_SECONDS * 1000).length,
        published: report.states.published ?? 0,
        duplicates: report.duplicates,
        lost: report.lost,
        p50Ms: percentile(report.lateness, 50),
        p99Ms: percentile(report.lateness, 99),
        states: report.states,
      };
    } finally {
      await database.close();
    }
  } finally {
    await scenario.dispose();
    await network.close();
  }
}
