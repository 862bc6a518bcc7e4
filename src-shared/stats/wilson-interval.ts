import { zForConfidence } from './normal-quantile';
import { checkConfidence, checkCount, checkProportion } from './stat-checks';

/**
 * The Wilson score interval for a proportion (accuracy, precision and recall at a threshold,
 * agreement): the values of p the score test would not reject, which stays inside [0, 1], is not
 * empty at 0 of n or n of n (unlike the Wald interval) and keeps close to its nominal coverage on
 * small n. docs/architecture.md, "Statistics".
 */
export type WilsonInterval = {
  method: 'wilson';
  successes: number;
  n: number;
  confidence: number;
} & (
  | { estimate: number; lower: number; upper: number; reason?: undefined }
  | { estimate: undefined; lower: undefined; upper: undefined; reason: 'noCases' }
);

/**
 * Half the width of the Wilson interval at proportion p on n cases (n may be fractional here: it
 * is also asked of case counts not yet labelled). z·√(p(1−p)/n + z²/4n²) / (1 + z²/n).
 */
export function wilsonHalfWidth(p: number, n: number, confidence = 0.95): number {
  checkProportion('p', p);
  if (!(n > 0)) throw new RangeError(`n must be above 0, got ${n}`);
  const z = zForConfidence(confidence);
  const z2 = z * z;
  return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

/** The Wilson interval of `successes` of `n` (95 % by default). No cases: no estimate, no interval. */
export function wilsonInterval(successes: number, n: number, confidence = 0.95): WilsonInterval {
  checkCount('n', n);
  checkCount('successes', successes, n);
  checkConfidence(confidence);
  const facts = { method: 'wilson' as const, successes, n, confidence };
  if (n === 0)
    return { ...facts, estimate: undefined, lower: undefined, upper: undefined, reason: 'noCases' };
  const p = successes / n;
  const z2 = zForConfidence(confidence) ** 2;
  const center = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = wilsonHalfWidth(p, n, confidence);
  // At 0 of n and n of n the bounds are 0 and 1 exactly; rounding would leave them a hair off.
  const lower = successes === 0 ? 0 : Math.max(0, center - half);
  const upper = successes === n ? 1 : Math.min(1, center + half);
  return { ...facts, estimate: p, lower, upper };
}
