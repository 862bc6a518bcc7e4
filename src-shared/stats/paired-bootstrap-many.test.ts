import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowMetric } from './bootstrap';
import { pairedBootstrap } from './paired-bootstrap';
import { pairedBootstrapManySteps, type PairedMetricPair } from './paired-bootstrap-many';

const meanOf =
  (values: readonly number[]): RowMetric =>
  (rows) => {
    if (rows.length === 0) return undefined;
    let s = 0;
    for (const r of rows) s += values[r];
    return s / rows.length;
  };
/** Undefined when the draw holds no row with a positive value: a metric that can lack a value. */
const maxIfAny =
  (values: readonly number[]): RowMetric =>
  (rows) => {
    let best: number | undefined;
    for (const r of rows) if (values[r] > 0) best = Math.max(best ?? 0, values[r]);
    return best;
  };

function runAll(rows: number, metrics: PairedMetricPair[], options = {}) {
  const steps = pairedBootstrapManySteps(rows, metrics, options, 25);
  let progress = 0;
  for (;;) {
    const s = steps.next();
    if (s.done) return { deltas: s.value, progress };
    progress++;
  }
}

describe('pairedBootstrapManySteps', () => {
  it('gives each metric exactly what pairedBootstrap gives it alone with the same seed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 1000 }),
        (pairs, seed) => {
          const a = pairs.map((p) => p[0]);
          const b = pairs.map((p) => p[1]);
          const metrics = [
            { a: meanOf(a), b: meanOf(b) },
            { a: maxIfAny(a), b: maxIfAny(b) },
          ];
          const options = { seed, resamples: 150, minResamples: 100 };
          const { deltas } = runAll(pairs.length, metrics, options);
          expect(deltas[0]).toEqual(pairedBootstrap(pairs.length, metrics[0].a, metrics[0].b, options));
          expect(deltas[1]).toEqual(pairedBootstrap(pairs.length, metrics[1].a, metrics[1].b, options));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('states the draw bound, reports progress and stops when asked', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i % 2);
    const m = { a: meanOf(values), b: meanOf(values.map((v) => 1 - v)) };
    const cut = runAll(1000, [m], { maxDraws: 200_000 });
    expect(cut.deltas[0].delta).toMatchObject({
      resamples: 200,
      requestedResamples: 1000,
      limitedBy: 'maxDraws',
    });
    expect(cut.deltas[0]).toEqual(pairedBootstrap(1000, m.a, m.b, { maxDraws: 200_000 }));
    expect(cut.progress).toBe(7);
    expect(runAll(1000, [m], { maxDraws: 50_000 }).deltas[0].delta.reason).toBe('overBudget');
    expect(runAll(0, [m]).deltas[0].delta.reason).toBe('noCases');
    const stopped = runAll(1000, [m], { signal: { aborted: true } });
    expect(stopped.deltas[0].delta).toMatchObject({ reason: 'stopped', resamples: 0 });
  });
});
