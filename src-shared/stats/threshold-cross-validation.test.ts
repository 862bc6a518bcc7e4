import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import {
  crossValidatedThreshold,
  crossValidateOnFolds,
  stratifiedFolds,
  tuneThreshold,
  type ScoredCase,
} from './threshold-cross-validation';
import { wilsonInterval } from './wilson-interval';

const c = (p: number, expected: boolean): ScoredCase => ({ p, expected });

// Worked by hand in the comments below. Sorted by p: .9T .8T .7F .6T .55F .4T .3F .2F.
const FOLD0 = [c(0.9, true), c(0.7, false), c(0.4, true), c(0.2, false)];
const FOLD1 = [c(0.8, true), c(0.6, true), c(0.3, false), c(0.55, false)];
const EIGHT = [...FOLD0, ...FOLD1];
const TWO_FOLDS = new Uint8Array([0, 0, 0, 0, 1, 1, 1, 1]);

/** Random cases whose p carries `signal` of the label (0: none). */
function randomCases(n: number, seed: number, signal: number): ScoredCase[] {
  const r = seededRandom(seed);
  const u = () => r.nextUint32() / 2 ** 32;
  return Array.from({ length: n }, () => {
    const expected = u() < 0.4;
    const p = Math.min(1, Math.max(0, u() * (1 - signal) + (expected ? signal : 0)));
    return { p: Math.round(p * 1000) / 1000, expected };
  });
}

describe('tuneThreshold', () => {
  it('picks the grid threshold with the best accuracy, nearest 0.5 among equals', () => {
    // Correct decisions: 6 of 8 for t in (0.7, 0.8], (0.55, 0.6] and (0.3, 0.4]; 5 or fewer
    // elsewhere. Of the steps 0.71–0.80, 0.56–0.60 and 0.31–0.40, 0.56 is nearest 0.5.
    expect(tuneThreshold(EIGHT)).toEqual({ threshold: 0.56, correct: 6, n: 8 });
  });

  it('reads p on the grid exactly, however p × 100 rounds', () => {
    // 0.29 × 100 = 28.999…; a threshold of 0.29 still calls 0.29 true.
    expect(tuneThreshold([c(0.29, true), c(0.28, false)])).toEqual({ threshold: 0.29, correct: 2, n: 2 });
    expect(tuneThreshold([c(1, true), c(0, false)]).correct).toBe(2);
  });

  it('stays at 0.5 when the labels cannot tell thresholds apart', () => {
    expect(tuneThreshold([c(0.5, true), c(0.5, false)]).threshold).toBe(0.5);
  });
});

describe('crossValidateOnFolds', () => {
  it('re-tunes on the other fold and scores the fold left out (worked by hand)', () => {
    const r = crossValidateOnFolds(EIGHT, TWO_FOLDS, 2);
    // Tuned on fold 1 (.8T .6T .55F .3F): every t in (0.55, 0.6] is right, 0.56 nearest 0.5.
    // Scored on fold 0: .9T right, .7F wrong, .4T wrong, .2F right: 2.
    // Tuned on fold 0 (.9T .7F .4T .2F): 3 of 4 in (0.7, 0.9] and (0.2, 0.4]; 0.40 nearest 0.5.
    // Scored on fold 1: .8T, .6T, .3F right, .55F wrong: 3. Out of fold: 5 of 8.
    expect(r.foldThresholds).toEqual([0.56, 0.4]);
    expect(r.threshold).toBe(0.56);
    expect(r.apparent).toBe(0.75);
    expect(r.honest.successes).toBe(5);
    expect(r.honest.estimate).toBe(0.625);
    // Wilson, 5 of 8 at 95 %: centre 0.58445, half-width 0.27871.
    expect(r.honest.lower).toBeCloseTo(0.3057, 3);
    expect(r.honest.upper).toBeCloseTo(0.8632, 3);
  });

  it('refuses folds that do not fit the cases, naming the argument', () => {
    expect(() => crossValidateOnFolds(EIGHT, new Uint8Array(3), 2)).toThrow(
      /fold must give one fold per case/,
    );
    expect(() => crossValidateOnFolds(EIGHT, new Uint8Array(8).fill(2), 2)).toThrow(
      /fold\[0\] must be from 0 to 1/,
    );
  });
});

describe('stratifiedFolds', () => {
  it('deals each class evenly round the folds, the same way for a seed', () => {
    const cases = randomCases(103, 7, 0.3);
    const folds = stratifiedFolds(cases, 5, 1);
    const sizes = [0, 0, 0, 0, 0];
    const positives = [0, 0, 0, 0, 0];
    cases.forEach((x, i) => {
      sizes[folds[i]]++;
      if (x.expected) positives[folds[i]]++;
    });
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(Math.max(...positives) - Math.min(...positives)).toBeLessThanOrEqual(1);
    expect(stratifiedFolds(cases, 5, 1)).toEqual(folds);
    expect(stratifiedFolds(cases, 5, 2)).not.toEqual(folds);
  });
});

describe('crossValidatedThreshold', () => {
  it('states its method, folds, seed and cases', () => {
    const r = crossValidatedThreshold(randomCases(60, 3, 0.5));
    expect(r).toMatchObject({ method: 'crossValidation', metric: 'accuracy', folds: 5, seed: 1, cases: 60 });
    expect(r.reason).toBeUndefined();
  });

  it('gives no estimate with fewer than two cases per fold', () => {
    expect(crossValidatedThreshold(randomCases(9, 1, 0.5))).toMatchObject({
      reason: 'tooFewCases',
      cases: 9,
    });
    expect(crossValidatedThreshold([])).toMatchObject({ reason: 'tooFewCases', cases: 0 });
    expect(crossValidatedThreshold(randomCases(10, 1, 0.5)).reason).toBeUndefined();
  });

  it('refuses bad options by name and rule', () => {
    expect(() => crossValidatedThreshold(EIGHT, { folds: 1 })).toThrow(/folds must be a whole number from 2/);
    expect(() => crossValidatedThreshold(EIGHT, { folds: 256 })).toThrow(
      /folds must be a whole number from 2 up to 255, got 256/,
    );
    expect(() => crossValidatedThreshold(EIGHT, { seed: -1 })).toThrow(/seed must be/);
    expect(() => crossValidatedThreshold(EIGHT, { confidence: 95 })).toThrow(
      /confidence must be between 0 and 1/,
    );
  });

  it('is the same for a seed, and its interval is the Wilson interval of the out-of-fold count', () => {
    const cases = randomCases(200, 11, 0.4);
    const a = crossValidatedThreshold(cases, { seed: 5 });
    expect(crossValidatedThreshold(cases, { seed: 5 })).toEqual(a);
    if (a.reason) throw new Error('expected an estimate');
    expect(a.honest).toEqual(wilsonInterval(a.honest.successes, 200));
    expect(a.apparent).toBe(tuneThreshold(cases).correct / 200);
  });

  it('property: the interval holds its point, and the honest estimate is below the apparent on average', () => {
    let apparent = 0;
    let honest = 0;
    let trials = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const cases = randomCases(20 + (seed % 7) * 15, seed, (seed % 4) / 5);
      const r = crossValidatedThreshold(cases, { seed });
      if (r.reason) throw new Error('expected an estimate');
      expect(r.honest.lower).toBeLessThanOrEqual(r.honest.estimate);
      expect(r.honest.upper).toBeGreaterThanOrEqual(r.honest.estimate);
      apparent += r.apparent;
      honest += r.honest.estimate;
      trials++;
    }
    expect(honest / trials).toBeLessThan(apparent / trials);
  });

  it('property: with no signal in p, tuning looks better than chance on its own labels only', () => {
    // Labels true 40 % of the time, p unrelated: no threshold beats saying the majority class
    // always. On its own labels the tuned one seems to (it fits their noise); out of fold it does not.
    let apparent = 0;
    let honest = 0;
    let majority = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const cases = randomCases(40, 1000 + seed, 0);
      const r = crossValidatedThreshold(cases, { seed });
      if (r.reason) throw new Error('expected an estimate');
      const positives = cases.filter((x) => x.expected).length;
      majority += Math.max(positives, 40 - positives) / 40 / 60;
      apparent += r.apparent / 60;
      honest += r.honest.estimate / 60;
    }
    expect(apparent).toBeGreaterThan(majority);
    expect(honest).toBeLessThan(majority);
  });
});
