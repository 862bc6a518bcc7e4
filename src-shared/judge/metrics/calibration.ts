import { chosenOption } from './choice-metrics';
import type { BinaryCase, ChoiceCase, ScoreCase } from './metric-types';
import { topProbability } from './probabilities';
import { ratio } from './ratio';
import { chosenLevel } from './score-metrics';

/** A stated probability and whether the thing it was about turned out true. */
export interface ConfidencePoint {
  confidence: number;
  correct: boolean;
}

export interface ReliabilityBin {
  /** The bin covers [lower, upper); the last bin also holds 1. */
  lower: number;
  upper: number;
  count: number;
  /** Mean confidence of the bin's cases; undefined for an empty bin. */
  meanPredicted: number | undefined;
  /** Fraction of the bin's cases that were correct (true); undefined for an empty bin. */
  observed: number | undefined;
}

export interface Reliability {
  count: number;
  bins: ReliabilityBin[];
  /** Σ (n_b / N)·|observed_b − meanPredicted_b| over non-empty bins; undefined with no cases. */
  ece: number | undefined;
}

/**
 * Which of n equal-width bins holds c. The tiny nudge keeps a value such as 0.29 (29 × 0.01 in
 * binary is 28.999…) on its own side of an edge; a value exactly on an edge goes up.
 */
function binOf(c: number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(c * n + 1e-9)));
}

/** A reliability diagram over binCount equal-width bins of [0, 1], and the expected calibration error. */
export function reliabilityDiagram(points: readonly ConfidencePoint[], binCount = 10): Reliability {
  if (!Number.isInteger(binCount) || binCount < 1)
    throw new RangeError(`bin count must be a positive integer, got ${binCount}`);
  const counts = new Array<number>(binCount).fill(0);
  const sumConfidence = new Array<number>(binCount).fill(0);
  const correct = new Array<number>(binCount).fill(0);
  for (const { confidence, correct: ok } of points) {
    const b = binOf(confidence, binCount);
    counts[b]++;
    sumConfidence[b] += confidence;
    if (ok) correct[b]++;
  }
  const bins: ReliabilityBin[] = counts.map((count, b) => ({
    lower: b / binCount,
    upper: (b + 1) / binCount,
    count,
    meanPredicted: ratio(sumConfidence[b], count),
    observed: ratio(correct[b], count),
  }));
  let gap = 0;
  for (const bin of bins) if (bin.count > 0) gap += bin.count * Math.abs(bin.observed! - bin.meanPredicted!);
  return { count: points.length, bins, ece: ratio(gap, points.length) };
}

/** noul: the predicted probability against the label. */
export function noulConfidencePoints(cases: readonly BinaryCase[]): ConfidencePoint[] {
  return cases.map((c) => ({ confidence: c.p, correct: c.expected }));
}

/**
 * choice and score: the top-1 probability (normalised) against whether the argmax was right, or,
 * with `reported`, the gateway's own confidence (cases without one are left out).
 */
export function choiceConfidencePoints(
  cases: readonly ChoiceCase[],
  source: 'probability' | 'reported' = 'probability',
): ConfidencePoint[] {
  return topOneConfidence(cases, chosenOption, source);
}

export function scoreConfidencePoints(
  cases: readonly ScoreCase[],
  source: 'probability' | 'reported' = 'probability',
): ConfidencePoint[] {
  return topOneConfidence(cases, chosenLevel, source);
}

function topOneConfidence<C extends ChoiceCase | ScoreCase>(
  cases: readonly C[],
  decide: (c: C) => number,
  source: 'probability' | 'reported',
): ConfidencePoint[] {
  const out: ConfidencePoint[] = [];
  for (const c of cases) {
    const confidence = source === 'reported' ? c.confidence : topProbability(c.probabilities);
    if (confidence !== undefined) out.push({ confidence, correct: decide(c) === c.expected });
  }
  return out;
}

export function noulCalibration(cases: readonly BinaryCase[], binCount = 10): Reliability {
  return reliabilityDiagram(noulConfidencePoints(cases), binCount);
}

export function choiceCalibration(cases: readonly ChoiceCase[], binCount = 10): Reliability {
  return reliabilityDiagram(choiceConfidencePoints(cases), binCount);
}

export function scoreCalibration(cases: readonly ScoreCase[], binCount = 10): Reliability {
  return reliabilityDiagram(scoreConfidencePoints(cases), binCount);
}
