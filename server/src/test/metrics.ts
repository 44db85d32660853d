/** Reading the operators' metrics in tests. */
import { metricsRegistry } from '../lib/metrics.ts';

/** chorus_share_outcomes_total for a network and outcome (process-wide, so compared before and after). */
export async function shareOutcomeCount(network: string, outcome: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('chorus_share_outcomes_total')?.get();
  return metric?.values.find((v) => v.labels.network === network && v.labels.outcome === outcome)?.value ?? 0;
}
