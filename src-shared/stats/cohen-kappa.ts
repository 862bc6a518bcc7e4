import { zForConfidence } from './normal-quantile';
import { checkConfidence, checkCount, checkPositiveCount } from './stat-checks';

/**
 * Cohen's kappa between two raters (a judge and the human labels) on k categories or ordered
 * levels: agreement beyond what their marginals give by chance. Weighted kappa credits near
 * misses on an ordered scale (linear: 1 − |i − j|/(k − 1); quadratic: 1 − (i − j)²/(k − 1)²);
 * unweighted counts only exact agreement. The interval is κ ± z·SE with the large-sample SE of
 * Fleiss, Cohen and Everitt (1969), clipped to [−1, 1]. docs/architecture.md, "Statistics".
 */
export type KappaWeights = 'none' | 'linear' | 'quadratic';

export type KappaResult = {
  weights: KappaWeights;
  cases: number;
  confidence: number;
  method: 'fleissCohenEverittSE';
} & (
  | {
      kappa: number;
      /** Weighted agreement observed, and expected from the marginals. */
      observed: number;
      expected: number;
      se: number;
      lower: number;
      upper: number;
      reason?: undefined;
    }
  | {
      kappa: undefined;
      lower: undefined;
      upper: undefined;
      /** noCases; or noVariation: chance agreement is total (both raters used one category). */
      reason: 'noCases' | 'noVariation';
    }
);

/** The agreement weight of row category i against column category j on k categories. */
export function kappaWeight(i: number, j: number, k: number, weights: KappaWeights): number {
  if (i === j) return 1;
  if (weights === 'none' || k < 2) return 0;
  const d = Math.abs(i - j) / (k - 1);
  return weights === 'linear' ? 1 - d : 1 - d * d;
}

/** The k×k table of counts, rows rater A's category, columns rater B's, case i of A with case i of B. */
export function agreementTable(a: readonly number[], b: readonly number[], k: number): number[][] {
  checkPositiveCount('k', k);
  if (a.length !== b.length) {
    throw new RangeError(`a and b must pair case by case: ${a.length} vs ${b.length}`);
  }
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let c = 0; c < a.length; c++) {
    checkCount(`a[${c}]`, a[c], k - 1);
    checkCount(`b[${c}]`, b[c], k - 1);
    table[a[c]][b[c]]++;
  }
  return table;
}

function checkTable(table: readonly (readonly number[])[]): number {
  const k = table.length;
  checkPositiveCount('table size', k);
  table.forEach((row, i) => {
    if (row.length !== k) throw new RangeError(`table must be square: row ${i} has ${row.length} of ${k}`);
    row.forEach((v, j) => checkCount(`table[${i}][${j}]`, v));
  });
  return k;
}

/** Cohen's kappa (weighted or not) of a k×k table of counts, with its interval (95 % by default). */
export function cohenKappa(
  table: readonly (readonly number[])[],
  weights: KappaWeights = 'none',
  confidence = 0.95,
): KappaResult {
  const k = checkTable(table);
  checkConfidence(confidence);
  const facts = { weights, confidence, method: 'fleissCohenEverittSE' as const };
  let n = 0;
  for (const row of table) for (const v of row) n += v;
  const none = { kappa: undefined, lower: undefined, upper: undefined };
  if (n === 0) return { ...facts, cases: 0, ...none, reason: 'noCases' };
  const w = (i: number, j: number) => kappaWeight(i, j, k, weights);
  const rowP = table.map((row) => row.reduce((s, v) => s + v, 0) / n);
  const colP = table[0].map((_, j) => table.reduce((s, row) => s + row[j], 0) / n);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      observed += w(i, j) * (table[i][j] / n);
      expected += w(i, j) * rowP[i] * colP[j];
    }
  }
  // Chance agreement of 1 (within rounding) leaves nothing for kappa to measure.
  if (expected >= 1 - 1e-12) return { ...facts, cases: n, ...none, reason: 'noVariation' };
  const kappa = (observed - expected) / (1 - expected);
  // Fleiss, Cohen and Everitt: Σ p_ij (w_ij − (w̄_i. + w̄_.j)(1 − κ))² − (κ − p_e(1 − κ))², over n(1 − p_e)².
  const rowMeanW = rowP.map((_, i) => colP.reduce((s, pj, j) => s + pj * w(i, j), 0));
  const colMeanW = colP.map((_, j) => rowP.reduce((s, pi, i) => s + pi * w(i, j), 0));
  let sum = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const term = w(i, j) - (rowMeanW[i] + colMeanW[j]) * (1 - kappa);
      sum += (table[i][j] / n) * term * term;
    }
  }
  const variance = Math.max(0, sum - (kappa - expected * (1 - kappa)) ** 2) / (n * (1 - expected) ** 2);
  const se = Math.sqrt(variance);
  const z = zForConfidence(confidence);
  return {
    ...facts,
    cases: n,
    kappa,
    observed,
    expected,
    se,
    lower: Math.max(-1, kappa - z * se),
    upper: Math.min(1, kappa + z * se),
  };
}
