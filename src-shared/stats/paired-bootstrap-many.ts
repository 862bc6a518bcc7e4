import {
  type BootstrapInterval,
  type BootstrapOptions,
  type BootstrapProgress,
  type BootstrapRun,
  intervalGap,
  bootstrapPlan,
  type RowMetric,
  bootstrapRunFacts,
} from './bootstrap';
import type { PairedDelta } from './paired-bootstrap';
import { sortedQuantile } from './percentile';
import { seededRandom } from './seeded-random';
import { checkPositiveCount } from './stat-checks';

/**
 * Several paired metrics over one set of resamples: each resample draws its rows once and every
 * metric's B − A is read from them, so a drift's accuracy and AUC of a question cost one draw of
 * 100,000 indices per resample, not two. The draws are the very ones `pairedBootstrap` makes with
 * the same seed (xoshiro128**, rejection below 2^32 mod n), so each delta equals what
 * `pairedBootstrap` gives for that metric alone; the loop calls the generator's 32-bit output
 * directly, without `nextIndex`'s argument check per draw (about three times faster at 100,000
 * rows). docs/architecture.md, "Statistics".
 */
export interface PairedMetricPair {
  a: RowMetric;
  b: RowMetric;
}

const usable = (v: number | undefined): v is number => v !== undefined && !Number.isNaN(v);

/** The paired bootstrap of each metric pair, as a generator yielding progress every `slice` resamples. */
export function* pairedBootstrapManySteps(
  rows: number,
  metrics: readonly PairedMetricPair[],
  options: BootstrapOptions = {},
  slice = 50,
): Generator<BootstrapProgress, PairedDelta[], void> {
  const p = bootstrapPlan(rows, options);
  checkPositiveCount('slice', slice);
  const { total } = p;
  const facts = (estimate: number | undefined, resamples: number, empty: number): BootstrapRun =>
    bootstrapRunFacts(p, estimate, resamples, empty);

  const indices = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) indices[i] = i;
  const ends = metrics.map((m) => {
    const a = rows === 0 ? undefined : m.a(indices);
    const b = rows === 0 ? undefined : m.b(indices);
    return { a, b, estimate: usable(a) && usable(b) ? b - a : undefined };
  });
  // Metrics with no estimate on all rows get no resamples (as bootstrapSteps gives them none).
  const live = ends.map((e) => rows > 0 && e.estimate !== undefined && total >= p.minResamples);
  const values = metrics.map((_, j) => new Float64Array(live[j] ? total : 0));
  const kept = metrics.map(() => 0);
  let done = 0;
  let stopped = false;
  if (live.some(Boolean)) {
    const random = seededRandom(p.seed);
    const floor = 0x100000000 % rows;
    while (done < total) {
      if (p.signal?.aborted) {
        stopped = true;
        break;
      }
      for (let i = 0; i < rows; i++) {
        let r = random.nextUint32();
        while (r < floor) r = random.nextUint32();
        indices[i] = r % rows;
      }
      for (let j = 0; j < metrics.length; j++) {
        if (!live[j]) continue;
        const a = metrics[j].a(indices);
        if (!usable(a)) continue;
        const b = metrics[j].b(indices);
        if (usable(b) && !Number.isNaN(b - a)) values[j][kept[j]++] = b - a;
      }
      done++;
      if (done % slice === 0 && done < total) yield { done, total };
    }
  }

  const alpha = 1 - p.confidence;
  return ends.map(({ a, b, estimate }, j): PairedDelta => {
    let delta: BootstrapInterval;
    if (rows === 0) delta = intervalGap(facts(undefined, 0, 0), 'noCases');
    else if (estimate === undefined) delta = intervalGap(facts(undefined, 0, 0), 'noEstimate');
    else if (total < p.minResamples) delta = intervalGap(facts(estimate, 0, 0), 'overBudget');
    else {
      const run = facts(estimate, done, done - kept[j]);
      if (stopped) delta = intervalGap(run, 'stopped');
      else if (kept[j] < p.minResamples) delta = intervalGap(run, 'tooFewResamples');
      else {
        const sorted = values[j].subarray(0, kept[j]).sort();
        const lower = sortedQuantile(sorted, alpha / 2)!;
        const upper = sortedQuantile(sorted, 1 - alpha / 2)!;
        delta = { ...run, estimate, lower, upper };
      }
    }
    const excludesZero = delta.reason === undefined && (delta.lower > 0 || delta.upper < 0);
    return { a, b, delta, excludesZero };
  });
}
