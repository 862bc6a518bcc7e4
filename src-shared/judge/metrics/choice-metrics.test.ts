import { describe, expect, it } from 'vitest';
import {
  brierScore,
  choiceAccuracy,
  choiceConfusion,
  choicePrecisionRecall,
  choiceSummary,
  logLoss,
} from './choice-metrics';
import { confusionMatrix } from './confusion-matrix';
import type { ChoiceCase } from './metric-types';
import { six } from './six-choice-cases.test-helper';
import { argmax, normalise } from './probabilities';

// The six hand-worked answers: see six-choice-cases.test-helper.ts.

describe('reading a probability vector', () => {
  it('breaks argmax ties by the lowest index', () => {
    expect(argmax([0.4, 0.4, 0.2])).toBe(0);
    expect(argmax([0.2, 0.4, 0.4])).toBe(1);
    expect(argmax([])).toBe(-1);
  });
  it('divides by the sum, and reads an all-zero vector as uniform', () => {
    expect(normalise([1, 3, 1])).toEqual([0.2, 0.6, 0.2]);
    expect(normalise([0, 0, 0, 0])).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
});

describe('choice metrics', () => {
  it('accuracy by argmax: 3 of 6', () => {
    expect(choiceAccuracy(six)).toBe(0.5);
  });

  it('a 3×3 confusion matrix, rows expected, columns chosen', () => {
    // Row 0: case 1 -> 0. Row 1: case 2 -> 1, case 3 -> 2, case 4 -> 0. Row 2: case 5 -> 2, case 6 -> 0.
    expect(choiceConfusion(six, 3)).toEqual([
      [1, 0, 0],
      [1, 1, 1],
      [1, 0, 1],
    ]);
  });

  it('per-option precision (diagonal / column) and recall (diagonal / row)', () => {
    // Columns 3, 1, 2: precision 1/3, 1/1, 1/2. Rows 1, 3, 2: recall 1/1, 1/3, 1/2.
    expect(choicePrecisionRecall(six, 3)).toEqual([
      { support: 1, predicted: 3, precision: 1 / 3, recall: 1 },
      { support: 3, predicted: 1, precision: 1, recall: 1 / 3 },
      { support: 2, predicted: 2, precision: 0.5, recall: 0.5 },
    ]);
  });

  it('leaves precision and recall undefined for an option never chosen or never expected', () => {
    const cases: ChoiceCase[] = [{ probabilities: [0.9, 0.1, 0], expected: 0 }];
    expect(choicePrecisionRecall(cases, 3)).toEqual([
      { support: 1, predicted: 1, precision: 1, recall: 1 },
      { support: 0, predicted: 0, precision: undefined, recall: undefined },
      { support: 0, predicted: 0, precision: undefined, recall: undefined },
    ]);
  });

  it('log loss: the mean of −ln p(expected)', () => {
    // p(expected) = 0.7, 0.5, 0.3, 0.4, 0.6, 0.25; product 0.0063; −ln(0.0063) / 6 = 5.067206 / 6 ≈ 0.844534.
    expect(logLoss(six)).toBeCloseTo(-Math.log(0.0063) / 6, 12);
    expect(logLoss(six)).toBeCloseTo(0.844534, 6);
  });

  it('log loss renormalises, clips at 1e-15, and reads all zeros as uniform', () => {
    // [1, 3, 1] / 5 = [0.2, 0.6, 0.2]: −ln 0.6 ≈ 0.510826.
    expect(logLoss([{ probabilities: [1, 3, 1], expected: 1 }])).toBeCloseTo(-Math.log(0.6), 12);
    // p = 0 is clipped to 1e-15: −ln 1e-15 = 15 ln 10 ≈ 34.538776, finite.
    expect(logLoss([{ probabilities: [1, 0], expected: 1 }])).toBeCloseTo(15 * Math.LN10, 9);
    expect(logLoss([{ probabilities: [0, 0], expected: 1 }])).toBeCloseTo(Math.LN2, 12);
  });

  it('Brier: the mean squared distance from the one-hot label', () => {
    // 0.09+0.04+0.01 = 0.14; 0.04+0.25+0.09 = 0.38; 0.01+0.49+0.36 = 0.86; 0.16+0.36+0.04 = 0.56;
    // 0.04+0.04+0.16 = 0.24; 0.25+0.0625+0.5625 = 0.875. Sum 3.055 / 6 ≈ 0.509167.
    expect(brierScore(six)).toBeCloseTo(3.055 / 6, 12);
    // [1, 3, 1] renormalised to [0.2, 0.6, 0.2]: 0.04 + 0.16 + 0.04 = 0.24. A confident miss scores 2.
    expect(brierScore([{ probabilities: [1, 3, 1], expected: 1 }])).toBeCloseTo(0.24, 12);
    expect(brierScore([{ probabilities: [1, 0], expected: 1 }])).toBe(2);
  });

  it('is undefined on no cases, and the matrix is all zeros', () => {
    expect(choiceSummary([])).toEqual({
      count: 0,
      accuracy: undefined,
      logLoss: undefined,
      brier: undefined,
    });
    expect(choiceConfusion([], 2)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses an index outside the options', () => {
    expect(() => choiceConfusion([{ probabilities: [0.5, 0.5], expected: 2 }], 2)).toThrow(RangeError);
    expect(() => confusionMatrix([{ expected: 0.5, chosen: 0.5 }], 2)).toThrow(RangeError);
  });
});
