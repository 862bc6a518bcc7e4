import {
  type BootstrapInterval,
  type BootstrapOptions,
  type BootstrapProgress,
  bootstrapSetSteps,
  type KappaResult,
  type KappaWeights,
  type RowMetric,
  agreementTable,
  cohenKappa,
  wilsonInterval,
  type WilsonInterval,
} from '../../stats';
import { binaryMetricsAt } from './binary-threshold';
import { choiceConfidencePoints, noulConfidencePoints } from './calibration';
import { chosenOption, LOG_LOSS_EPSILON } from './choice-metrics';
import type { BinaryCase, ChoiceCase, ScoreCase } from './metric-types';
import { expectedLevel, normalise } from './probabilities';
import { resampledAuc, resampledEce, resampledMean, resampledSpearman } from './resampled-metrics';
import { chosenLevel } from './score-metrics';

/**
 * Every agreement metric with its interval (docs/architecture.md, "Judge metrics with
 * intervals"): proportions by Wilson, the rest by the seeded bootstrap, the judge against the
 * labels by Cohen's kappa. Built as generators that yield between bootstrap slices, so a worker
 * reports progress and could stop between them.
 */

/**
 * The bootstrap of the agreement: 1,000 resamples, seed 1, 95 %, at most 10,000,000 draws per
 * metric, so above 10,000 cases the resamples fall (100, the fewest an interval is read from, at
 * 100,000 cases; past that no bootstrap interval, 'overBudget'), stated in each result. A run's
 * agreement holds a dozen bootstrapped metrics: this keeps it to seconds in its worker.
 */
export const AGREEMENT_BOOTSTRAP = {
  resamples: 1000,
  seed: 1,
  confidence: 0.95,
  maxDraws: 10_000_000,
} as const satisfies BootstrapOptions;

/** Score questions weigh near misses quadratically (the usual choice for rating scales). */
export const SCORE_KAPPA_WEIGHTS: KappaWeights = 'quadratic';

export interface NoulIntervals {
  accuracy: WilsonInterval;
  precision: WilsonInterval;
  recall: WilsonInterval;
  auc: BootstrapInterval;
  ece: BootstrapInterval;
  /** Unweighted, the decision at the threshold against the label. */
  kappa: KappaResult;
}

export interface ChoiceIntervals {
  accuracy: WilsonInterval;
  logLoss: BootstrapInterval;
  brier: BootstrapInterval;
  ece: BootstrapInterval;
  /** Unweighted, the argmax option against the label. */
  kappa: KappaResult;
}

export interface ScoreIntervals {
  exact: WilsonInterval;
  withinOne: WilsonInterval;
  maeChosen: BootstrapInterval;
  maeExpectedValue: BootstrapInterval;
  spearman: BootstrapInterval;
  /** Weighted (SCORE_KAPPA_WEIGHTS), the argmax level against the label. */
  kappa: KappaResult;
}

/** Which metric is resampling, and how far along it is. */
export interface IntervalProgress extends BootstrapProgress {
  metric: string;
}

type Steps<T> = Generator<IntervalProgress, T, void>;

/**
 * The question's bootstrapped metrics on one stream of resamples (one draw of indices per
 * resample for all of them); progress names them together, e.g. "auc, ece".
 */
function* boot<K extends string>(
  rows: number,
  metrics: Record<K, RowMetric>,
  options: BootstrapOptions,
): Steps<Record<K, BootstrapInterval>> {
  const metric = Object.keys(metrics).join(', ');
  const steps = bootstrapSetSteps(rows, metrics, { ...AGREEMENT_BOOTSTRAP, ...options });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    yield { metric, ...step.value };
  }
}

export function* noulIntervalSteps(
  cases: readonly BinaryCase[],
  threshold: number,
  options: BootstrapOptions = {},
): Steps<NoulIntervals> {
  const m = binaryMetricsAt(cases, threshold);
  const decided = cases.map((c) => (c.p >= threshold ? 1 : 0));
  const labels = cases.map((c) => (c.expected ? 1 : 0));
  const booted = yield* boot(
    cases.length,
    { auc: resampledAuc(cases), ece: resampledEce(noulConfidencePoints(cases)) },
    options,
  );
  return {
    accuracy: wilsonInterval(m.tp + m.tn, cases.length),
    precision: wilsonInterval(m.tp, m.tp + m.fp),
    recall: wilsonInterval(m.tp, m.tp + m.fn),
    ...booted,
    kappa: cohenKappa(agreementTable(labels, decided, 2), 'none'),
  };
}

export function* choiceIntervalSteps(
  cases: readonly ChoiceCase[],
  optionCount: number,
  options: BootstrapOptions = {},
): Steps<ChoiceIntervals> {
  const chosen = cases.map(chosenOption);
  const correct = chosen.filter((o, i) => o === cases[i].expected).length;
  const logLoss = Float64Array.from(cases, (c) => {
    const p = normalise(c.probabilities)[c.expected] ?? 0;
    return -Math.log(Math.min(1, Math.max(LOG_LOSS_EPSILON, p)));
  });
  const brier = Float64Array.from(cases, (c) =>
    normalise(c.probabilities).reduce((sum, p, i) => sum + (p - (i === c.expected ? 1 : 0)) ** 2, 0),
  );
  const n = cases.length;
  const booted = yield* boot(
    n,
    {
      logLoss: resampledMean(logLoss),
      brier: resampledMean(brier),
      ece: resampledEce(choiceConfidencePoints(cases)),
    },
    options,
  );
  return {
    accuracy: wilsonInterval(correct, n),
    ...booted,
    kappa: cohenKappa(
      agreementTable(
        cases.map((c) => c.expected),
        chosen,
        Math.max(1, optionCount),
      ),
      'none',
    ),
  };
}

export function* scoreIntervalSteps(
  cases: readonly ScoreCase[],
  levelCount: number,
  options: BootstrapOptions = {},
): Steps<ScoreIntervals> {
  const chosen = cases.map(chosenLevel);
  const expectedValue = cases.map((c) => expectedLevel(c.probabilities));
  const labels = cases.map((c) => c.expected);
  const n = cases.length;
  const exact = chosen.filter((l, i) => l === labels[i]).length;
  const withinOne = chosen.filter((l, i) => Math.abs(l - labels[i]) <= 1).length;
  const k = Math.max(1, levelCount);
  const booted = yield* boot(
    n,
    {
      maeChosen: resampledMean(Float64Array.from(chosen, (l, i) => Math.abs(l - labels[i]))),
      maeExpectedValue: resampledMean(Float64Array.from(expectedValue, (v, i) => Math.abs(v - labels[i]))),
      spearman: resampledSpearman(labels, expectedValue, k),
    },
    options,
  );
  return {
    exact: wilsonInterval(exact, n),
    withinOne: wilsonInterval(withinOne, n),
    ...booted,
    kappa: cohenKappa(agreementTable(labels, chosen, k), SCORE_KAPPA_WEIGHTS),
  };
}

/** Drives a generator of steps to its end, reporting each step. */
export function runSteps<T>(steps: Steps<T>, onProgress?: (p: IntervalProgress) => void): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}
