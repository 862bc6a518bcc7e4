import { checkConfidence, checkCount, checkProportion } from './stat-checks';
import { wilsonHalfWidth } from './wilson-interval';

/**
 * Too few cases for the precision asked: a proportion measured on n labelled cases whose Wilson
 * interval is wider than ± target. Plain data (the window words it in its language; the command
 * line uses `precisionWarningText`). docs/architecture.md, "Statistics".
 */
export interface PrecisionWarning {
  code: 'tooFewCases';
  cases: number;
  /** Half the width of the interval on these cases. */
  halfWidth: number;
  target: number;
  confidence: number;
  /** The fewest cases whose interval would be within ± target, at the proportion seen. */
  casesNeeded: number;
}

/**
 * The precision asked of a proportion by default: ± 0.05 (five points) at 95 %, about what it
 * takes to tell 0.85 from 0.90. Below it the views warn and say how many labelled cases would do.
 */
export const DEFAULT_PRECISION_TARGET = 0.05;

/**
 * The fewest cases n whose Wilson half-width at proportion p is at most target. The half-width
 * falls as n grows (for every p), so a doubling search then a bisection finds it.
 */
export function casesForHalfWidth(p: number, target: number, confidence = 0.95): number {
  checkProportion('p', p);
  checkProportion('target', target, true);
  checkConfidence(confidence);
  let high = 1;
  while (wilsonHalfWidth(p, high, confidence) > target) high *= 2;
  let low = high / 2;
  if (high === 1) return 1;
  // Invariant: low is too few, high is enough.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (wilsonHalfWidth(p, mid, confidence) > target) low = mid;
    else high = mid;
  }
  return high;
}

/**
 * A warning when `successes` of `n` gives an interval wider than ± target; undefined when it is
 * precise enough. With no cases the proportion is unknown, so the need is read at p = ½, the widest.
 */
export function precisionWarning(
  successes: number,
  n: number,
  target: number,
  confidence = 0.95,
): PrecisionWarning | undefined {
  checkCount('n', n);
  checkCount('successes', successes, n);
  checkProportion('target', target, true);
  checkConfidence(confidence);
  const p = n === 0 ? 0.5 : successes / n;
  const halfWidth = n === 0 ? 0.5 : wilsonHalfWidth(p, n, confidence);
  if (halfWidth <= target) return undefined;
  const casesNeeded = casesForHalfWidth(p, target, confidence);
  return { code: 'tooFewCases', cases: n, halfWidth, target, confidence, casesNeeded };
}

/** The warning in English, for the command line and the exports. */
export function precisionWarningText(w: PrecisionWarning): string {
  const pct = Number((w.confidence * 100).toFixed(1));
  return (
    `${w.cases} labelled cases give a ${pct} % interval of ±${w.halfWidth.toFixed(3)}, wider than ` +
    `±${w.target}; about ${w.casesNeeded} cases would give ±${w.target}`
  );
}
