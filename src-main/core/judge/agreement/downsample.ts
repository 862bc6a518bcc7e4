import type { ThresholdSweep } from '../../../../src-shared/judge/metrics';

/**
 * Cutting curves to what the window can draw and send cheaply (a set may hold 100,000 cases, each
 * a distinct threshold). Nothing here computes a metric: points are only chosen from those given.
 */

/**
 * At most `max` points, evenly spread by position, keeping the first and the last (a curve's
 * ends) and the order. A list of `max` or fewer comes back as it is.
 */
export function downsampleEvenly<T>(points: readonly T[], max: number): T[] {
  if (!Number.isInteger(max) || max < 2)
    throw new RangeError(`max must be an integer of 2 or more, got ${max}`);
  if (points.length <= max) return [...points];
  const out: T[] = [];
  const last = points.length - 1;
  let previous = -1;
  for (let i = 0; i < max; i++) {
    const index = Math.round((i * last) / (max - 1));
    if (index !== previous) out.push(points[index]);
    previous = index;
  }
  return out;
}

/**
 * The sweep's points that a threshold on a grid of `step` reads: for each grid value g, the first
 * point whose threshold is >= g (what `sweepMetricsAt` looks up). So the cut sweep answers every
 * grid value exactly as the full one does, in at most 1/step + 1 points; between grid values it
 * answers with the next kept point up.
 */
export function downsampleSweep(sweep: ThresholdSweep, step: number): ThresholdSweep {
  if (!(step > 0 && step <= 1)) throw new RangeError(`step must be in (0, 1], got ${step}`);
  const { points } = sweep;
  const steps = Math.round(1 / step);
  if (points.length <= steps + 1) return { ...sweep, points: [...points] };
  const kept: ThresholdSweep['points'] = [];
  let i = 0;
  for (let k = 0; k <= steps && i < points.length; k++) {
    const g = k / steps;
    while (i < points.length && points[i].threshold < g) i++;
    if (i < points.length && kept.at(-1) !== points[i]) kept.push(points[i]);
  }
  return { ...sweep, points: kept };
}
