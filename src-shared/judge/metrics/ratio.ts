/** num / den, or undefined when den is 0: a metric with nothing to divide by is unknown, never NaN. */
export function ratio(num: number, den: number): number | undefined {
  return den === 0 ? undefined : num / den;
}

/** The arithmetic mean, or undefined for no values. */
export function mean(values: readonly number[]): number | undefined {
  let sum = 0;
  for (const v of values) sum += v;
  return ratio(sum, values.length);
}
