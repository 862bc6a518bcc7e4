import { checkCount, checkProportion } from './stat-checks';

/**
 * McNemar's exact test for correctness flips between two runs on the same cases. Only the
 * discordant cases speak: under "A and B are equally often right", each case that one got right
 * and the other wrong is a fair coin, so the count B-only-right of n discordant is Binomial(n, ½),
 * and the two-sided p is twice the smaller tail (at most 1). docs/architecture.md, "Statistics".
 */

/** How the paired cases split: both right, only A right, only B right, both wrong. */
export interface CorrectnessFlips {
  bothRight: number;
  aOnly: number;
  bOnly: number;
  bothWrong: number;
}

/** Counts the flips of two runs' correctness, case i of A paired with case i of B. */
export function correctnessFlips(aRight: readonly boolean[], bRight: readonly boolean[]): CorrectnessFlips {
  if (aRight.length !== bRight.length) {
    throw new RangeError(`aRight and bRight must pair case by case: ${aRight.length} vs ${bRight.length}`);
  }
  const flips = { bothRight: 0, aOnly: 0, bOnly: 0, bothWrong: 0 };
  for (let i = 0; i < aRight.length; i++) {
    if (aRight[i]) flips[bRight[i] ? 'bothRight' : 'aOnly']++;
    else flips[bRight[i] ? 'bOnly' : 'bothWrong']++;
  }
  return flips;
}

/**
 * P(X ≤ k) for X ~ Binomial(n, ½), summed in log space from the largest term down, so a run with
 * 100,000 discordant cases (whose terms underflow a double) still gets its tail.
 */
export function binomialHalfLowerTail(k: number, n: number): number {
  checkCount('n', n);
  checkCount('k', k, n);
  // log P(X = j) for j = 0..k by the ratio P(j + 1) / P(j) = (n − j) / (j + 1).
  const logs = new Float64Array(k + 1);
  logs[0] = -n * Math.LN2;
  for (let j = 0; j < k; j++) logs[j + 1] = logs[j] + Math.log((n - j) / (j + 1));
  let top = -Infinity;
  for (let j = 0; j <= k; j++) top = Math.max(top, logs[j]);
  let sum = 0;
  for (let j = k; j >= 0; j--) sum += Math.exp(logs[j] - top);
  return Math.min(1, Math.exp(top + Math.log(sum)));
}

export interface McNemarResult extends CorrectnessFlips {
  cases: number;
  discordant: number;
  /** The two-sided exact p; 1 when no case flipped. */
  pValue: number;
  /** The level it is read at, 0.05 by default. */
  alpha: number;
  /** p below alpha: the runs differ in how often they are right. */
  decisive: boolean;
}

/** McNemar's exact test on the flips, read at alpha (0.05 by default). */
export function mcnemarExact(flips: CorrectnessFlips, alpha = 0.05): McNemarResult {
  for (const key of ['bothRight', 'aOnly', 'bOnly', 'bothWrong'] as const) checkCount(key, flips[key]);
  checkProportion('alpha', alpha, true);
  const discordant = flips.aOnly + flips.bOnly;
  const smaller = Math.min(flips.aOnly, flips.bOnly);
  const pValue = discordant === 0 ? 1 : Math.min(1, 2 * binomialHalfLowerTail(smaller, discordant));
  return {
    ...flips,
    cases: discordant + flips.bothRight + flips.bothWrong,
    discordant,
    pValue,
    alpha,
    decisive: pValue < alpha,
  };
}
