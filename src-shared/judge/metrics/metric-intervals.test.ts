import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../stats';
import { noulCalibration, choiceCalibration } from './calibration';
import { brierScore, logLoss } from './choice-metrics';
import {
  choiceIntervalSteps,
  type IntervalProgress,
  noulIntervalSteps,
  runSteps,
  scoreIntervalSteps,
} from './metric-intervals';
import type { BinaryCase, ChoiceCase, ScoreCase } from './metric-types';
import { resampledAuc, resampledEce, resampledSpearman } from './resampled-metrics';
import { rocAuc } from './roc-auc';
import { scoreSpearman, scoreSummary } from './score-metrics';
import { expectedLevel } from './probabilities';

const binary = fc.array(
  fc.record({ p: fc.constantFrom(0, 0.1, 0.25, 0.5, 0.7, 0.9, 1), expected: fc.boolean() }),
  { minLength: 1, maxLength: 40 },
);
const score = fc.array(
  fc.record({
    probabilities: fc.array(fc.constantFrom(0, 0.2, 0.5, 1), { minLength: 4, maxLength: 4 }),
    expected: fc.integer({ min: 0, max: 3 }),
  }),
  { minLength: 1, maxLength: 40 },
);
const identity = (n: number) => Uint32Array.from({ length: n }, (_, i) => i);

describe('resampled metrics read what the plain metrics read', () => {
  it('a resample that draws one level only has no Spearman, however its weights round', () => {
    // fast-check's counterexample (seed -151361960): three alike cases drawn 4, 1 and 1 times.
    const alike = { probabilities: [0, 0, 0, 0], expected: 0 };
    const f = resampledSpearman(
      [0, 0, 0],
      [alike, alike, alike].map((c) => expectedLevel(c.probabilities)),
      4,
    );
    expect(f(Uint32Array.from([0, 0, 2, 0, 0, 1]))).toBeUndefined();
    expect(scoreSpearman([alike, alike, alike, alike, alike, alike])).toBeUndefined();
  });

  it('AUC, ECE and Spearman on every case once equal rocAuc, the reliability ECE and spearman', () => {
    fc.assert(
      fc.property(binary, (cases) => {
        expect(resampledAuc(cases)(identity(cases.length))).toBe(rocAuc(cases).auc);
        expect(
          resampledEce(cases.map((c) => ({ confidence: c.p, correct: c.expected })))(identity(cases.length)),
        ).toBeCloseTo(noulCalibration(cases).ece!, 12);
      }),
    );
    fc.assert(
      fc.property(score, (cases) => {
        const f = resampledSpearman(
          cases.map((c) => c.expected),
          cases.map((c) => expectedLevel(c.probabilities)),
          4,
        );
        const plain = scoreSpearman(cases);
        const got = f(identity(cases.length));
        if (plain === undefined) expect(got).toBeUndefined();
        else expect(got).toBeCloseTo(plain, 12);
      }),
    );
  });

  it('a resample with repeats reads as the repeated cases written out', () => {
    fc.assert(
      fc.property(binary, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (cases, picks) => {
        const rows = Uint32Array.from(picks, (p) => p % cases.length);
        const written = Array.from(rows, (r) => cases[r]);
        expect(resampledAuc(cases)(rows)).toBe(rocAuc(written).auc);
      }),
    );
    fc.assert(
      fc.property(score, fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (cases, picks) => {
        const rows = Uint32Array.from(picks, (p) => p % cases.length);
        const written: ScoreCase[] = Array.from(rows, (r) => cases[r]);
        const f = resampledSpearman(
          cases.map((c) => c.expected),
          cases.map((c) => expectedLevel(c.probabilities)),
          4,
        );
        const plain = scoreSpearman(written);
        const got = f(rows);
        if (plain === undefined) expect(got).toBeUndefined();
        else expect(got).toBeCloseTo(plain, 12);
      }),
    );
  });
});

/** n cases whose p is right about 80 % of the time. */
function noulCases(n: number): BinaryCase[] {
  return Array.from({ length: n }, (_, i) => {
    const expected = i % 2 === 0;
    const right = i % 5 !== 0;
    return { p: (expected === right ? 0.6 : 0.1) + ((i * 7) % 30) / 100, expected };
  });
}

describe('agreement intervals', () => {
  it('noul: Wilson at the threshold, AUC and ECE bootstrapped with seed and resamples stated, kappa unweighted', () => {
    const cases = noulCases(200);
    const progress: IntervalProgress[] = [];
    const r = runSteps(noulIntervalSteps(cases, 0.5), (p) => progress.push(p));
    const tp = cases.filter((c) => c.p >= 0.5 && c.expected).length;
    const tn = cases.filter((c) => c.p < 0.5 && !c.expected).length;
    const fp = cases.filter((c) => c.p >= 0.5 && !c.expected).length;
    expect(r.accuracy).toEqual(wilsonInterval(tp + tn, 200));
    expect(r.precision).toEqual(wilsonInterval(tp, tp + fp));
    expect(r.auc).toMatchObject({ estimate: rocAuc(cases).auc, seed: 1, resamples: 1000, rows: 200 });
    expect(r.auc.lower).toBeLessThan(r.auc.estimate!);
    expect(r.auc.upper).toBeGreaterThan(r.auc.estimate!);
    expect(r.ece.estimate).toBeCloseTo(noulCalibration(cases).ece!, 12);
    expect(r.kappa).toMatchObject({ weights: 'none', cases: 200 });
    expect(r.kappa.kappa).toBeGreaterThan(0.4);
    // One stream of resamples for both: progress names them together.
    expect(new Set(progress.map((p) => p.metric))).toEqual(new Set(['auc, ece']));
  });

  it('the same cases give the same interval (seeded)', () => {
    const cases = noulCases(150);
    expect(runSteps(noulIntervalSteps(cases, 0.5)).auc).toEqual(runSteps(noulIntervalSteps(cases, 0.5)).auc);
  });

  it('above 10,000 cases the resamples fall to fit 10,000,000 draws, and say so', () => {
    const cases = noulCases(40_000);
    const r = runSteps(noulIntervalSteps(cases, 0.5));
    expect(r.auc).toMatchObject({ resamples: 250, requestedResamples: 1000, limitedBy: 'maxDraws' });
    expect(r.auc.lower).toBeDefined();
  });

  it('choice: log loss and Brier bootstrapped around the plain values', () => {
    const cases: ChoiceCase[] = Array.from({ length: 120 }, (_, i) => ({
      probabilities: i % 4 === 0 ? [0.2, 0.7, 0.1] : [0.8, 0.1, 0.1],
      expected: i % 3 === 0 ? 1 : 0,
    }));
    const r = runSteps(choiceIntervalSteps(cases, 3));
    expect(r.logLoss.estimate).toBeCloseTo(logLoss(cases)!, 12);
    expect(r.brier.estimate).toBeCloseTo(brierScore(cases)!, 12);
    expect(r.ece.estimate).toBeCloseTo(choiceCalibration(cases).ece!, 12);
    expect(r.logLoss.lower).toBeLessThan(r.logLoss.upper!);
    expect(r.kappa.weights).toBe('none');
  });

  it('score: quadratic kappa, MAE and Spearman intervals', () => {
    const cases: ScoreCase[] = Array.from({ length: 90 }, (_, i) => {
      const expected = i % 4;
      const guess = i % 7 === 0 ? (expected + 1) % 4 : expected;
      return { probabilities: [0, 1, 2, 3].map((l) => (l === guess ? 0.7 : 0.1)), expected };
    });
    const r = runSteps(scoreIntervalSteps(cases, 4));
    const plain = scoreSummary(cases);
    expect(r.exact.estimate).toBe(plain.exact);
    expect(r.withinOne.estimate).toBe(plain.withinOne);
    expect(r.maeChosen.estimate).toBeCloseTo(plain.maeChosen!, 12);
    expect(r.spearman.estimate).toBeCloseTo(plain.spearman!, 12);
    expect(r.kappa.weights).toBe('quadratic');
    expect(r.kappa.kappa).toBeGreaterThan(0.5);
  });

  it('no cases: every interval says why it has none', () => {
    const r = runSteps(noulIntervalSteps([], 0.5));
    expect(r.accuracy.reason).toBe('noCases');
    expect(r.auc.reason).toBe('noCases');
    expect(r.kappa.reason).toBe('noCases');
  });
});
