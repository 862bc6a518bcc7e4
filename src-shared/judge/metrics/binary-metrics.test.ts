import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryMetricsAt, confusionAt } from './binary-threshold';
import type { BinaryCase } from './metric-types';
import { precisionRecallCurve } from './precision-recall-curve';
import { rocAuc, rocCurve } from './roc-auc';
import { sweepMetricsAt, thresholdSweep } from './threshold-sweep';

// Four cases used throughout: two true (A, C) and two false (B, D), with B and C tied at 0.7.
const A: BinaryCase = { p: 0.9, expected: true };
const B: BinaryCase = { p: 0.7, expected: false };
const C: BinaryCase = { p: 0.7, expected: true };
const D: BinaryCase = { p: 0.2, expected: false };
const four = [A, B, C, D];

/** The fraction of (true, false) pairs ordered correctly, ties half: the AUC by its definition, O(n²). */
function bruteForceAuc(cases: readonly BinaryCase[]): number | undefined {
  const pos = cases.filter((c) => c.expected);
  const neg = cases.filter((c) => !c.expected);
  if (pos.length === 0 || neg.length === 0) return undefined;
  let sum = 0;
  for (const x of pos) for (const y of neg) sum += x.p > y.p ? 1 : x.p === y.p ? 0.5 : 0;
  return sum / (pos.length * neg.length);
}

describe('metrics at one threshold (predict true when p >= t)', () => {
  it('counts and rates on the four cases', () => {
    // t = 0.7: A, B, C predicted true -> tp 2 (A, C), fp 1 (B), tn 1 (D), fn 0.
    // precision 2/3, recall 2/2 = 1, F1 = 2·2 / (2·2 + 1 + 0) = 0.8, accuracy (2 + 1) / 4 = 0.75.
    expect(binaryMetricsAt(four, 0.7)).toEqual({
      tp: 2,
      fp: 1,
      tn: 1,
      fn: 0,
      precision: 2 / 3,
      recall: 1,
      f1: 0.8,
      accuracy: 0.75,
    });
    // t = 0.8: only A -> tp 1, fp 0, tn 2, fn 1; precision 1, recall 1/2, F1 = 2 / (2 + 0 + 1) = 2/3.
    expect(binaryMetricsAt(four, 0.8)).toEqual({
      tp: 1,
      fp: 0,
      tn: 2,
      fn: 1,
      precision: 1,
      recall: 0.5,
      f1: 2 / 3,
      accuracy: 0.75,
    });
  });

  it('gives undefined, never NaN, on zero denominators', () => {
    // Nothing predicted true: precision 0/0 is undefined; F1 = 0 / (0 + 0 + 2) = 0 since true labels exist.
    expect(binaryMetricsAt(four, 0.95)).toMatchObject({
      precision: undefined,
      recall: 0,
      f1: 0,
      accuracy: 0.5,
    });
    // No true labels and nothing predicted true: recall and F1 are 0/0; accuracy 1/1.
    expect(binaryMetricsAt([D], 0.5)).toEqual({
      tp: 0,
      fp: 0,
      tn: 1,
      fn: 0,
      precision: undefined,
      recall: undefined,
      f1: undefined,
      accuracy: 1,
    });
    expect(binaryMetricsAt([], 0.5)).toEqual({
      tp: 0,
      fp: 0,
      tn: 0,
      fn: 0,
      precision: undefined,
      recall: undefined,
      f1: undefined,
      accuracy: undefined,
    });
  });

  it('predicts true at exactly the threshold', () => {
    expect(confusionAt([{ p: 0.5, expected: false }], 0.5)).toEqual({ tp: 0, fp: 1, tn: 0, fn: 0 });
  });
});

describe('ROC curve and AUC', () => {
  it('gives tied pairs half credit: the 4-case AUC by its pairs', () => {
    // Pairs (true, false): (A 0.9, B 0.7) 1, (A 0.9, D 0.2) 1, (C 0.7, B 0.7) tie 0.5, (C 0.7, D 0.2) 1.
    // AUC = 3.5 / 4 = 0.875.
    expect(rocAuc(four)).toEqual({ auc: 0.875 });
  });

  it('walks one point per distinct threshold, tied cases in one diagonal step', () => {
    // Groups: 0.9 {A}, 0.7 {B, C}, 0.2 {D}; P = N = 2.
    // Trapezoids: (0,0)-(0,.5) 0, (0,.5)-(.5,1) .5·(.5+1)/2 = .375, (.5,1)-(1,1) .5 -> 0.875, as the AUC.
    expect(rocCurve(four)).toEqual({
      points: [
        { fpr: 0, tpr: 0 },
        { threshold: 0.9, fpr: 0, tpr: 0.5 },
        { threshold: 0.7, fpr: 0.5, tpr: 1 },
        { threshold: 0.2, fpr: 1, tpr: 1 },
      ],
    });
  });

  it('scores all-equal predictions 0.5 and perfect ones 1 or 0', () => {
    const flat = [A, B, C, D].map((c) => ({ ...c, p: 0.5 }));
    expect(rocAuc(flat)).toEqual({ auc: 0.5 });
    expect(rocCurve(flat).points).toEqual([
      { fpr: 0, tpr: 0 },
      { threshold: 0.5, fpr: 1, tpr: 1 },
    ]);
    expect(rocAuc([A, D])).toEqual({ auc: 1 });
    expect(rocAuc([{ p: 0.1, expected: true }, D])).toEqual({ auc: 0 });
  });

  it('is undefined, with the reason, when a class is absent', () => {
    expect(rocAuc([])).toEqual({ auc: undefined, reason: 'noCases' });
    expect(rocAuc([A, C])).toEqual({ auc: undefined, reason: 'noNegatives' });
    expect(rocAuc([B, D])).toEqual({ auc: undefined, reason: 'noPositives' });
    expect(rocCurve([A])).toEqual({ points: [], reason: 'noNegatives' });
  });

  it('equals the fraction of correctly ordered pairs on random samples of up to 200', () => {
    // p from a coarse grid as well as any double, so that ties are common.
    const p = fc.oneof(
      fc.integer({ min: 0, max: 10 }).map((i) => i / 10),
      fc.double({ min: 0, max: 1, noNaN: true }),
    );
    const cases = fc.array(fc.record({ p, expected: fc.boolean() }), { maxLength: 200 });
    fc.assert(
      fc.property(cases, (cs) => {
        const brute = bruteForceAuc(cs);
        const { auc } = rocAuc(cs);
        if (brute === undefined) expect(auc).toBeUndefined();
        else expect(auc).toBeCloseTo(brute, 12);
      }),
      { numRuns: 200, seed: 20240601 },
    );
  });
});

describe('precision–recall curve', () => {
  it('has one point per distinct threshold, highest first', () => {
    // 0.9: tp 1, fp 0 -> recall 1/2, precision 1; 0.7: tp 2, fp 1 -> 1, 2/3; 0.2: tp 2, fp 2 -> 1, 1/2.
    expect(precisionRecallCurve(four)).toEqual({
      points: [
        { threshold: 0.9, recall: 0.5, precision: 1 },
        { threshold: 0.7, recall: 1, precision: 2 / 3 },
        { threshold: 0.2, recall: 1, precision: 0.5 },
      ],
    });
  });

  it('needs a true label, but not a false one', () => {
    expect(precisionRecallCurve([])).toEqual({ points: [], reason: 'noCases' });
    expect(precisionRecallCurve([B, D])).toEqual({ points: [], reason: 'noPositives' });
    expect(precisionRecallCurve([A, C]).points.map((pt) => pt.precision)).toEqual([1, 1]);
  });
});

describe('threshold sweep', () => {
  it('lists every distinct threshold ascending with its metrics', () => {
    const sweep = thresholdSweep(four);
    expect(sweep.positives).toBe(2);
    expect(sweep.negatives).toBe(2);
    expect(sweep.points.map((pt) => pt.threshold)).toEqual([0.2, 0.7, 0.9]);
    // t = 0.2: all predicted true -> tp 2, fp 2; precision 1/2, recall 1, F1 4/6, accuracy 2/4.
    expect(sweep.points[0]).toEqual({
      threshold: 0.2,
      tp: 2,
      fp: 2,
      tn: 0,
      fn: 0,
      precision: 0.5,
      recall: 1,
      f1: 2 / 3,
      accuracy: 0.5,
    });
    expect(sweep.points[1]).toEqual({ threshold: 0.7, ...binaryMetricsAt(four, 0.7) });
  });

  it('looks up a threshold between points, below all and above all', () => {
    const sweep = thresholdSweep(four);
    expect(sweepMetricsAt(sweep, 0.8)).toEqual(binaryMetricsAt(four, 0.8));
    expect(sweepMetricsAt(sweep, 0)).toEqual(binaryMetricsAt(four, 0));
    expect(sweepMetricsAt(sweep, 0.95)).toMatchObject({ tp: 0, fp: 0, tn: 2, fn: 2, precision: undefined });
    expect(thresholdSweep([])).toEqual({ positives: 0, negatives: 0, points: [] });
    expect(sweepMetricsAt(thresholdSweep([]), 0.5)).toMatchObject({ accuracy: undefined, f1: undefined });
  });

  it('agrees with direct computation at every threshold and between them', () => {
    const p = fc.oneof(
      fc.integer({ min: 0, max: 20 }).map((i) => i / 20),
      fc.double({ min: 0, max: 1, noNaN: true }),
    );
    const cases = fc.array(fc.record({ p, expected: fc.boolean() }), { maxLength: 200 });
    fc.assert(
      fc.property(cases, fc.double({ min: -0.1, max: 1.1, noNaN: true }), (cs, t) => {
        const sweep = thresholdSweep(cs);
        const distinct = [...new Set(cs.map((c) => c.p))].sort((x, y) => x - y);
        expect(sweep.points.map((pt) => pt.threshold)).toEqual(distinct);
        for (const pt of sweep.points)
          expect(pt).toEqual({ threshold: pt.threshold, ...binaryMetricsAt(cs, pt.threshold) });
        expect(sweepMetricsAt(sweep, t)).toEqual(binaryMetricsAt(cs, t));
      }),
      { numRuns: 200, seed: 20240602 },
    );
  });

  it('sweeps 100,000 cases in one sort, not one pass per threshold', () => {
    // An O(n²) sweep would do 10^10 steps here (minutes); one sort and one pass take milliseconds,
    // so the bound is loose enough for a busy machine and still catches the quadratic version.
    // mulberry32: a seeded generator, so the sample is the same on every run.
    let seed = 7;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const cases = Array.from({ length: 100_000 }, () => {
      const p = rand();
      return { p, expected: rand() < p };
    });
    const started = performance.now();
    const sweep = thresholdSweep(cases);
    const auc = rocAuc(cases);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(sweep.points.length).toBeGreaterThan(99_000);
    // Spot-check against the direct computation at a few thresholds.
    for (const t of [0.1, 0.5, 0.9]) expect(sweepMetricsAt(sweep, t)).toEqual(binaryMetricsAt(cases, t));
    // Labels drawn with P(true) = p: a well-ranked predictor, AUC well above chance.
    expect(auc.auc).toBeGreaterThan(0.7);
  });
});
