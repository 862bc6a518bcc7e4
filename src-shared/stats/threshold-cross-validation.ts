import { seededRandom, MAX_SEED } from './seeded-random';
import { checkConfidence, checkCount } from './stat-checks';
import { wilsonInterval, type WilsonInterval } from './wilson-interval';

/**
 * A threshold tuned on labelled cases, scored honestly. Picking the threshold with the best
 * accuracy on some labels and then reading the accuracy there from the same labels flatters it:
 * the pick fits the noise of those very cases. Stratified k-fold cross-validation re-tunes the
 * threshold on k − 1 folds and scores it on the fold left out, so every case is judged by a
 * threshold that never saw its label; the pooled out-of-fold correctness gets a Wilson interval.
 * docs/architecture.md, "Statistics", says why this and not the bootstrap's optimism correction.
 */

/** A probability and its label, as a yes/no (noul) question's paired cases are. */
export interface ScoredCase {
  p: number;
  expected: boolean;
}

/**
 * The thresholds a tuner may pick: 0, 0.01, …, 1, the steps the Agreement view's slider moves in,
 * so a suggestion is a threshold a user could have chosen and saved.
 */
export const THRESHOLD_GRID_STEPS = 100;

export interface ThresholdCvOptions {
  /** 5 by default. */
  folds?: number;
  /** Seeds the folds' assignment (xoshiro128**); 1 by default. */
  seed?: number;
  /** 0.95 by default. */
  confidence?: number;
}

export const THRESHOLD_CV_DEFAULTS = { folds: 5, seed: 1, confidence: 0.95 } as const;

/** What the tuner picks on some cases: the grid threshold with the highest accuracy there. */
export interface TunedThreshold {
  threshold: number;
  /** Cases the threshold decides right, of `n`. */
  correct: number;
  n: number;
}

interface CvFacts {
  method: 'crossValidation';
  /** The metric the tuner maximises and the two estimates are of. */
  metric: 'accuracy';
  folds: number;
  seed: number;
  confidence: number;
  /** Labelled cases. */
  cases: number;
}

export type ThresholdCrossValidation = CvFacts &
  (
    | {
        /** The threshold tuned on every case: the one to suggest. */
        threshold: number;
        /** Its accuracy on the very cases it was tuned on: optimistic. */
        apparent: number;
        /** The out-of-fold accuracy and its Wilson interval. */
        honest: WilsonInterval & { estimate: number; lower: number; upper: number };
        /** The threshold each fold's training part picked, fold by fold. */
        foldThresholds: number[];
        reason?: undefined;
      }
    | { reason: 'tooFewCases' }
  );

/** The grid step at or below p: predicting true at step k (threshold k/100) is exactly g(p) >= k. */
function gridStep(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be from 0 to 1, got ${p}`);
  let g = Math.min(THRESHOLD_GRID_STEPS, Math.floor(p * THRESHOLD_GRID_STEPS));
  // p * 100 can round below a step p equals (0.29 * 100 = 28.999…): move to the true step.
  while (g < THRESHOLD_GRID_STEPS && p >= (g + 1) / THRESHOLD_GRID_STEPS) g++;
  while (g > 0 && p < g / THRESHOLD_GRID_STEPS) g--;
  return g;
}

/** Cases counted by grid step: positives and negatives whose p falls at each step. */
interface StepCounts {
  pos: Float64Array;
  neg: Float64Array;
}

const emptyCounts = (): StepCounts => ({
  pos: new Float64Array(THRESHOLD_GRID_STEPS + 1),
  neg: new Float64Array(THRESHOLD_GRID_STEPS + 1),
});

/** Correct decisions at every step k: positives at or above k plus negatives below it. */
function correctByStep(c: StepCounts): Float64Array {
  const out = new Float64Array(THRESHOLD_GRID_STEPS + 1);
  let negBelow = 0;
  let posAtOrAbove = 0;
  for (let g = 0; g <= THRESHOLD_GRID_STEPS; g++) posAtOrAbove += c.pos[g];
  for (let k = 0; k <= THRESHOLD_GRID_STEPS; k++) {
    out[k] = posAtOrAbove + negBelow;
    posAtOrAbove -= c.pos[k];
    negBelow += c.neg[k];
  }
  return out;
}

/**
 * The step with the most correct decisions; among equals the one nearest 0.5 (the default
 * threshold), the lower one on an exact tie: labels that cannot tell two thresholds apart give no
 * reason to move from the default.
 */
function bestStep(correct: Float64Array): number {
  const middle = THRESHOLD_GRID_STEPS / 2;
  let best = 0;
  for (let k = 1; k <= THRESHOLD_GRID_STEPS; k++) {
    if (correct[k] > correct[best]) best = k;
    else if (correct[k] === correct[best] && Math.abs(k - middle) < Math.abs(best - middle)) best = k;
  }
  return best;
}

function countSteps(cases: readonly ScoredCase[]): { steps: Uint8Array; all: StepCounts } {
  const steps = new Uint8Array(cases.length);
  const all = emptyCounts();
  for (let i = 0; i < cases.length; i++) {
    const g = gridStep(cases[i].p);
    steps[i] = g;
    if (cases[i].expected) all.pos[g]++;
    else all.neg[g]++;
  }
  return { steps, all };
}

/** The accuracy-maximising grid threshold on these cases (see bestStep for ties). */
export function tuneThreshold(cases: readonly ScoredCase[]): TunedThreshold {
  const { all } = countSteps(cases);
  const correct = correctByStep(all);
  const k = bestStep(correct);
  return { threshold: k / THRESHOLD_GRID_STEPS, correct: correct[k], n: cases.length };
}

/** Fisher–Yates with the seeded generator: the same seed shuffles the same way everywhere. */
function shuffle(items: number[], next: (n: number) => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = next(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}

/**
 * Each case's fold, stratified: the positives are shuffled and dealt round the folds, then the
 * negatives carry on dealing where the positives stopped, so every fold holds about the same share
 * of each class and about n/k cases.
 */
export function stratifiedFolds(cases: readonly ScoredCase[], folds: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const positives: number[] = [];
  const negatives: number[] = [];
  cases.forEach((c, i) => (c.expected ? positives : negatives).push(i));
  shuffle(positives, random.nextIndex);
  shuffle(negatives, random.nextIndex);
  const fold = new Uint8Array(cases.length);
  [...positives, ...negatives].forEach((caseIndex, dealt) => (fold[caseIndex] = dealt % folds));
  return fold;
}

/**
 * The tuned threshold's accuracy, apparent and cross-validated (stratified k folds, seeded).
 * O(n + k·101): cases are counted by grid step once, and each fold's training counts are the
 * whole counts less the fold's. Fewer than two cases per fold: no estimate (`tooFewCases`).
 */
export function crossValidatedThreshold(
  cases: readonly ScoredCase[],
  options: ThresholdCvOptions = {},
): ThresholdCrossValidation {
  const o = { ...THRESHOLD_CV_DEFAULTS, ...options };
  // Up to 255: a case's fold is kept in a byte.
  if (!Number.isSafeInteger(o.folds) || o.folds < 2 || o.folds > 255)
    throw new RangeError(`folds must be a whole number from 2 up to 255, got ${o.folds}`);
  checkCount('seed', o.seed, MAX_SEED);
  checkConfidence(o.confidence);
  const facts: CvFacts = {
    method: 'crossValidation',
    metric: 'accuracy',
    folds: o.folds,
    seed: o.seed,
    confidence: o.confidence,
    cases: cases.length,
  };
  if (cases.length < 2 * o.folds) return { ...facts, reason: 'tooFewCases' };
  const fold = stratifiedFolds(cases, o.folds, o.seed);
  return { ...facts, ...crossValidateOnFolds(cases, fold, o.folds, o.confidence) };
}

/**
 * The cross-validation on a given assignment of cases to folds (0 to folds − 1; every fold
 * holding a case): `crossValidatedThreshold` deals the folds, tests hand the folds in.
 */
export function crossValidateOnFolds(
  cases: readonly ScoredCase[],
  fold: Uint8Array,
  folds: number,
  confidence = 0.95,
): {
  threshold: number;
  apparent: number;
  honest: WilsonInterval & { estimate: number; lower: number; upper: number };
  foldThresholds: number[];
} {
  if (fold.length !== cases.length)
    throw new RangeError(`fold must give one fold per case (${cases.length}), got ${fold.length}`);
  if (cases.length === 0) throw new RangeError('cases must not be empty');
  const { steps, all } = countSteps(cases);
  const whole = correctByStep(all);
  const chosen = bestStep(whole);
  const held: StepCounts[] = Array.from({ length: folds }, emptyCounts);
  for (let i = 0; i < cases.length; i++) {
    const h = held[fold[i]];
    if (!h) throw new RangeError(`fold[${i}] must be from 0 to ${folds - 1}, got ${fold[i]}`);
    if (cases[i].expected) h.pos[steps[i]]++;
    else h.neg[steps[i]]++;
  }
  let outOfFold = 0;
  const foldThresholds: number[] = [];
  for (const h of held) {
    const train = emptyCounts();
    for (let g = 0; g <= THRESHOLD_GRID_STEPS; g++) {
      train.pos[g] = all.pos[g] - h.pos[g];
      train.neg[g] = all.neg[g] - h.neg[g];
    }
    const k = bestStep(correctByStep(train));
    foldThresholds.push(k / THRESHOLD_GRID_STEPS);
    outOfFold += correctByStep(h)[k];
  }
  const honest = wilsonInterval(outOfFold, cases.length, confidence);
  // n > 0 here, so Wilson always has its interval; the check narrows the type.
  if (honest.reason) throw new RangeError('cases must not be empty');
  return {
    threshold: chosen / THRESHOLD_GRID_STEPS,
    apparent: whole[chosen] / cases.length,
    honest,
    foldThresholds,
  };
}
