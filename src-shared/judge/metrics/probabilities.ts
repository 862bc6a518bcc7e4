/**
 * Reading a probability vector (choice options or score levels) the same way in every metric:
 * the decision is the argmax, and the vector is divided by its sum before any probability is used
 * as a number, so an answer whose numbers do not quite sum to 1 is not penalised for it.
 */

/**
 * The index of the largest value. Ties go to the lowest index, so a flat answer picks the first
 * option or level, as a reader scanning left to right would. -1 for an empty vector.
 */
export function argmax(values: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < values.length; i++) if (best < 0 || values[i] > values[best]) best = i;
  return best;
}

/**
 * The vector divided by its sum. A vector that sums to 0 says nothing about any option, so it
 * reads as uniform (1/k each) rather than producing NaN.
 */
export function normalise(values: readonly number[]): number[] {
  let sum = 0;
  for (const v of values) sum += v;
  if (sum > 0) return values.map((v) => v / sum);
  return values.map(() => 1 / values.length);
}

/** The top-1 probability after normalising: the confidence of the argmax decision. */
export function topProbability(values: readonly number[]): number {
  const q = normalise(values);
  const i = argmax(q);
  return i < 0 ? 0 : q[i];
}

/** The expected level Σ i·p_i over zero-based levels, after normalising. */
export function expectedLevel(values: readonly number[]): number {
  return normalise(values).reduce((sum, p, i) => sum + i * p, 0);
}
