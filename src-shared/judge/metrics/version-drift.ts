import { binaryMetricsAt } from './binary-threshold';
import { chosenOption, choiceSummary } from './choice-metrics';
import type { AnsweredCase, BinaryCase, ChoiceCase, MetricDelta, ScoreCase } from './metric-types';
import { rocAuc } from './roc-auc';
import { chosenLevel, scoreSummary } from './score-metrics';

/**
 * Comparing two runs of the same question over the same cases (run A, say judge-1.13.0, against
 * run B, say judge-latest): which decisions changed, and how the metrics moved. Cases are matched
 * by id; each run lists a case at most once.
 */
export interface DriftCoverage {
  /** Cases answered in both runs. */
  compared: number;
  onlyInA: number;
  onlyInB: number;
  /** Compared cases with the same label in both: the ones the metric deltas are computed on. */
  labelled: number;
  /** Compared cases labelled differently in A and B: left out of the deltas, which must compare like with like. */
  labelConflicts: number;
}

export interface Flip<T> {
  id: string;
  a: T;
  b: T;
}

export interface Drift<F, K extends string> {
  coverage: DriftCoverage;
  /** Cases whose decision differs, in run A's order. */
  flips: F[];
  /** B − A for each metric, on the labelled compared cases only. */
  metrics: Record<K, MetricDelta>;
}

function delta(a: number | undefined, b: number | undefined): MetricDelta {
  return { a, b, delta: a === undefined || b === undefined ? undefined : b - a };
}

function deltas<K extends string>(
  a: Record<K, number | undefined>,
  b: Record<K, number | undefined>,
  keys: readonly K[],
): Record<K, MetricDelta> {
  return Object.fromEntries(keys.map((k) => [k, delta(a[k], b[k])])) as Record<K, MetricDelta>;
}

function matchRuns<C extends { expected: unknown }>(
  runA: readonly AnsweredCase<C>[],
  runB: readonly AnsweredCase<C>[],
  withLabel: (x: AnsweredCase<C>, expected: C['expected']) => C,
) {
  const byId = new Map(runB.map((x) => [x.id, x]));
  const both: { id: string; a: AnsweredCase<C>; b: AnsweredCase<C> }[] = [];
  const labelledA: C[] = [];
  const labelledB: C[] = [];
  let labelConflicts = 0;
  for (const a of runA) {
    const b = byId.get(a.id);
    if (!b) continue;
    both.push({ id: a.id, a, b });
    if (a.expected === undefined || b.expected === undefined) continue;
    if (a.expected !== b.expected) {
      labelConflicts++;
      continue;
    }
    labelledA.push(withLabel(a, a.expected));
    labelledB.push(withLabel(b, a.expected));
  }
  const idsA = new Set(runA.map((x) => x.id));
  const coverage: DriftCoverage = {
    compared: both.length,
    onlyInA: runA.length - both.length,
    onlyInB: runB.filter((x) => !idsA.has(x.id)).length,
    labelled: labelledA.length,
    labelConflicts,
  };
  return { both, labelledA, labelledB, coverage };
}

export type NoulFlip = Flip<boolean> & { pA: number; pB: number };
const NOUL_KEYS = ['auc', 'precision', 'recall', 'f1', 'accuracy'] as const;

function noulMetrics(cases: readonly BinaryCase[], threshold: number) {
  const { precision, recall, f1, accuracy } = binaryMetricsAt(cases, threshold);
  return { auc: rocAuc(cases).auc, precision, recall, f1, accuracy };
}

/** noul: a decision is p >= threshold, the same threshold for both runs. */
export function noulDrift(
  runA: readonly AnsweredCase<BinaryCase>[],
  runB: readonly AnsweredCase<BinaryCase>[],
  threshold: number,
): Drift<NoulFlip, (typeof NOUL_KEYS)[number]> {
  const m = matchRuns<BinaryCase>(runA, runB, (x, expected) => ({ p: x.p, expected }));
  const flips: NoulFlip[] = [];
  for (const { id, a, b } of m.both) {
    const da = a.p >= threshold;
    const db = b.p >= threshold;
    if (da !== db) flips.push({ id, a: da, b: db, pA: a.p, pB: b.p });
  }
  const metrics = deltas(noulMetrics(m.labelledA, threshold), noulMetrics(m.labelledB, threshold), NOUL_KEYS);
  return { coverage: m.coverage, flips, metrics };
}

const CHOICE_KEYS = ['accuracy', 'logLoss', 'brier'] as const;

/** choice: a decision is the argmax option (ties to the lowest index); flips give option indices. */
export function choiceDrift(
  runA: readonly AnsweredCase<ChoiceCase>[],
  runB: readonly AnsweredCase<ChoiceCase>[],
): Drift<Flip<number>, (typeof CHOICE_KEYS)[number]> {
  const m = matchRuns<ChoiceCase>(runA, runB, (x, expected) => ({ ...x, expected }));
  const flips: Flip<number>[] = [];
  for (const { id, a, b } of m.both) {
    const da = chosenOption(a);
    const db = chosenOption(b);
    if (da !== db) flips.push({ id, a: da, b: db });
  }
  const metrics = deltas(choiceSummary(m.labelledA), choiceSummary(m.labelledB), CHOICE_KEYS);
  return { coverage: m.coverage, flips, metrics };
}

const SCORE_KEYS = ['exact', 'withinOne', 'maeChosen', 'maeExpectedValue', 'spearman'] as const;

/** score: a decision is the argmax level (ties to the lowest); flips give zero-based levels. */
export function scoreDrift(
  runA: readonly AnsweredCase<ScoreCase>[],
  runB: readonly AnsweredCase<ScoreCase>[],
): Drift<Flip<number>, (typeof SCORE_KEYS)[number]> {
  const m = matchRuns<ScoreCase>(runA, runB, (x, expected) => ({ ...x, expected }));
  const flips: Flip<number>[] = [];
  for (const { id, a, b } of m.both) {
    const da = chosenLevel(a);
    const db = chosenLevel(b);
    if (da !== db) flips.push({ id, a: da, b: db });
  }
  const metrics = deltas(scoreSummary(m.labelledA), scoreSummary(m.labelledB), SCORE_KEYS);
  return { coverage: m.coverage, flips, metrics };
}
