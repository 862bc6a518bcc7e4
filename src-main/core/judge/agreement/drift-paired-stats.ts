import {
  argmax,
  expectedLevel,
  type AnsweredCase,
  type PairedQuestion,
} from '../../../../src-shared/judge/metrics';
import {
  HEADLINE_METRIC,
  type PairedDriftStats,
  type PairedMetric,
  type PairedMetricDelta,
} from '../../../../src-shared/judge/drift-paired-stats';
import {
  correctnessFlips,
  deltaCasesNeeded,
  differenceVerdict,
  mcnemarCasesNeeded,
  mcnemarExact,
  pairedAccuracyVerdict,
  type BootstrapProgress,
  type RowMetric,
} from '../../../../src-shared/stats';
import { pairedBootstrapManySteps } from '../../../../src-shared/stats/paired-bootstrap-many';

/**
 * A drift's paired statistics per question (docs/architecture.md, "Judge agreement and drift"):
 * on the cases both runs answered with the same label, McNemar's exact test on right/wrong flips
 * and a paired bootstrap of accuracy and the type's headline metric (noul AUC, score MAE of the
 * expected level). Each case is read once into typed arrays; a resample then costs O(n) per
 * metric (AUC from per-case draw counts over an order sorted once, no sort per resample).
 */

/** The bootstrap a drift runs: stated in every result (seed, resamples asked, the bound). */
export const DRIFT_BOOTSTRAP = {
  resamples: 1000,
  seed: 1,
  confidence: 0.95,
  /**
   * At most this many draws (resamples × cases) per question, its metrics sharing them: 1,000
   * resamples up to 10,000 cases, 100 (the fewest an interval is read from) at 100,000, the cut
   * stated in the result. The draws are most of the cost (about 20 ns each on a loaded two-core
   * machine), so a question of two 100,000-case runs stays near a quarter of a second in the worker.
   */
  maxDraws: 10_000_000,
} as const;

export interface PairedStatsOptions {
  /** Progress of each question's resamples, as the drift job reports it. */
  onProgress?: (phase: string, p: BootstrapProgress) => void;
  /** Checked between resamples (a caller that went away). */
  signal?: { readonly aborted: boolean };
}

/** The paired cases of one question, column by column. */
interface Columns {
  n: number;
  /** The paired cases' ids, in run A's order. */
  ids: string[];
  rightA: Uint8Array;
  rightB: Uint8Array;
  /** noul: the probabilities and labels, for AUC. */
  pA?: Float64Array;
  pB?: Float64Array;
  truth?: Uint8Array;
  /** score: |expected level − label| per case. */
  errA?: Float64Array;
  errB?: Float64Array;
}

type Vec = { probabilities: readonly number[] };

/** Run A's cases that run B answered too with the same label, in A's order. */
function pairsOf<C extends { expected: unknown }>(
  a: readonly AnsweredCase<C>[],
  b: readonly AnsweredCase<C>[],
): { a: AnsweredCase<C>; b: AnsweredCase<C>; expected: C['expected'] }[] {
  const byId = new Map<string, AnsweredCase<C>>();
  for (const x of b) byId.set(x.id, x);
  const out: { a: AnsweredCase<C>; b: AnsweredCase<C>; expected: C['expected'] }[] = [];
  for (const x of a) {
    const y = byId.get(x.id);
    if (!y || x.expected === undefined || x.expected !== y.expected) continue;
    out.push({ a: x, b: y, expected: x.expected });
  }
  return out;
}

function columns(pa: PairedQuestion, pb: PairedQuestion, threshold: number): Columns {
  if (pa.type === 'noul' && pb.type === 'noul') {
    const pairs = pairsOf(pa.answered, pb.answered);
    const n = pairs.length;
    const c: Columns = {
      n,
      ids: pairs.map((x) => x.a.id),
      rightA: new Uint8Array(n),
      rightB: new Uint8Array(n),
      pA: new Float64Array(n),
      pB: new Float64Array(n),
      truth: new Uint8Array(n),
    };
    pairs.forEach((x, i) => {
      c.pA![i] = x.a.p;
      c.pB![i] = x.b.p;
      c.truth![i] = x.expected ? 1 : 0;
      c.rightA[i] = x.a.p >= threshold === x.expected ? 1 : 0;
      c.rightB[i] = x.b.p >= threshold === x.expected ? 1 : 0;
    });
    return c;
  }
  const pairs = pairsOf(
    pa.answered as AnsweredCase<Vec & { expected: number }>[],
    pb.answered as AnsweredCase<Vec & { expected: number }>[],
  );
  const n = pairs.length;
  const c: Columns = {
    n,
    ids: pairs.map((x) => x.a.id),
    rightA: new Uint8Array(n),
    rightB: new Uint8Array(n),
  };
  if (pa.type === 'score') {
    c.errA = new Float64Array(n);
    c.errB = new Float64Array(n);
  }
  pairs.forEach((x, i) => {
    c.rightA[i] = argmax(x.a.probabilities) === x.expected ? 1 : 0;
    c.rightB[i] = argmax(x.b.probabilities) === x.expected ? 1 : 0;
    if (c.errA) {
      c.errA[i] = Math.abs(expectedLevel(x.a.probabilities) - x.expected);
      c.errB![i] = Math.abs(expectedLevel(x.b.probabilities) - x.expected);
    }
  });
  return c;
}

/** The mean of a per-case column over the rows drawn. */
function meanOver(values: Uint8Array | Float64Array): RowMetric {
  return (rows) => {
    if (rows.length === 0) return undefined;
    let sum = 0;
    for (let k = 0; k < rows.length; k++) sum += values[rows[k]];
    return sum / rows.length;
  };
}

/**
 * AUC over the rows drawn, each case weighted by how often it was drawn: the cases are sorted by
 * p once (highest first) and a resample only counts its draws at each case's place in that order,
 * then sweeps it in sequence, so a resample is O(n), not a sort. Ties count half, as `rocAuc`;
 * undefined when the draw has no true or no false case.
 */
export function aucOverDraws(p: Float64Array, truth: Uint8Array): RowMetric {
  const n = p.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((x, y) => p[y] - p[x]);
  // place[i]: case i's position in the order; positive/groupEnd read in that order.
  const place = new Uint32Array(n);
  const positive = new Uint8Array(n);
  const groupEnd = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    place[order[k]] = k;
    positive[k] = truth[order[k]];
    groupEnd[k] = k === n - 1 || p[order[k + 1]] !== p[order[k]] ? 1 : 0;
  }
  const counts = new Uint32Array(n);
  return (rows) => {
    counts.fill(0);
    for (let k = 0; k < rows.length; k++) counts[place[rows[k]]]++;
    let ordered = 0;
    let positivesAbove = 0;
    let negatives = 0;
    let groupPos = 0;
    let groupNeg = 0;
    for (let k = 0; k < n; k++) {
      if (positive[k]) groupPos += counts[k];
      else groupNeg += counts[k];
      if (groupEnd[k]) {
        ordered += groupNeg * (positivesAbove + groupPos / 2);
        positivesAbove += groupPos;
        negatives += groupNeg;
        groupPos = 0;
        groupNeg = 0;
      }
    }
    return positivesAbove === 0 || negatives === 0 ? undefined : ordered / (positivesAbove * negatives);
  };
}

function metricsOf(type: PairedQuestion['type'], c: Columns): [PairedMetric, RowMetric, RowMetric][] {
  const out: [PairedMetric, RowMetric, RowMetric][] = [['accuracy', meanOver(c.rightA), meanOver(c.rightB)]];
  if (type === 'noul') out.push(['auc', aucOverDraws(c.pA!, c.truth!), aucOverDraws(c.pB!, c.truth!)]);
  if (type === 'score') out.push(['maeExpectedValue', meanOver(c.errA!), meanOver(c.errB!)]);
  return out;
}

/** A question's paired cases read into columns, ready for `pairedDriftStatsOf`. */
export interface PreparedQuestion {
  question: string;
  type: PairedQuestion['type'];
  columns: Columns;
}

/** `threshold` is the noul threshold in force (the same for both runs); choice and score read the most probable answer. */
export function prepareQuestion(
  question: string,
  pa: PairedQuestion,
  pb: PairedQuestion,
  threshold: number,
): PreparedQuestion {
  if (pa.type !== pb.type) throw new Error(`question ${question} paired as ${pa.type} and ${pb.type}`);
  return { question, type: pa.type, columns: columns(pa, pb, threshold) };
}

const sameCases = (x: Columns, y: Columns) => x.n === y.n && x.ids.every((id, i) => id === y.ids[i]);

/**
 * The questions' paired statistics. Questions over the very same cases share one set of
 * resamples (a drift of fully labelled runs draws 100,000 indices per resample once, not once a
 * question); with one seed the draws depend only on the number of cases, so sharing changes no
 * figure, only the cost.
 */
export function pairedDriftStatsOf(
  prepared: readonly PreparedQuestion[],
  options: PairedStatsOptions = {},
): PairedDriftStats[] {
  const groups: number[][] = [];
  prepared.forEach((q, i) => {
    const group = groups.find((g) => sameCases(prepared[g[0]].columns, q.columns));
    if (group) group.push(i);
    else groups.push([i]);
  });
  const out: PairedDriftStats[] = new Array(prepared.length);
  for (const group of groups) {
    const metrics = group.flatMap((i) =>
      metricsOf(prepared[i].type, prepared[i].columns).map((m) => ({ question: i, metric: m })),
    );
    const steps = pairedBootstrapManySteps(
      prepared[group[0]].columns.n,
      metrics.map(({ metric: [, a, b] }) => ({ a, b })),
      { ...DRIFT_BOOTSTRAP, signal: options.signal },
    );
    const phase = group.map((i) => prepared[i].question).join(', ');
    let step = steps.next();
    while (!step.done) {
      options.onProgress?.(phase, step.value);
      step = steps.next();
    }
    for (const i of group) {
      const { type, columns: c } = prepared[i];
      const flips = mcnemarExact(
        correctnessFlips(Array.from(c.rightA, Boolean), Array.from(c.rightB, Boolean)),
      );
      const deltas = step.value.flatMap((paired, k): PairedMetricDelta[] => {
        if (metrics[k].question !== i) return [];
        const metric = metrics[k].metric[0];
        return [
          {
            metric,
            headline: HEADLINE_METRIC[type] === metric,
            a: paired.a,
            b: paired.b,
            delta: paired.delta,
            // Accuracy is the flips' own measure: the exact test must agree (pairedAccuracyVerdict).
            verdict: metric === 'accuracy' ? pairedAccuracyVerdict(paired, flips) : differenceVerdict(paired),
            casesToSettle: deltaCasesNeeded(paired),
          },
        ];
      });
      out[i] = { cases: c.n, flips, flipsToSettle: mcnemarCasesNeeded(flips), deltas };
    }
  }
  return out;
}

/** One question's paired statistics (`pairedDriftStatsOf` of one). */
export function pairedDriftStats(
  question: string,
  pa: PairedQuestion,
  pb: PairedQuestion,
  threshold: number,
  options: PairedStatsOptions = {},
): PairedDriftStats {
  return pairedDriftStatsOf([prepareQuestion(question, pa, pb, threshold)], options)[0];
}
