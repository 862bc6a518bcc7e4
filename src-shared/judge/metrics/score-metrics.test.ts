import { describe, expect, it } from 'vitest';
import type { ScoreCase } from './metric-types';
import { averageRanks, pearson, spearman } from './rank-correlation';
import {
  exactAgreement,
  maeOfChosenLevel,
  maeOfExpectedValue,
  scoreConfusion,
  scoreSpearman,
  scoreSummary,
  withinOneAgreement,
} from './score-metrics';

// Levels 0..3. Argmax (ties to the lowest) and expected value Σ i·p_i per case:
// 1: argmax 1, EV 0.6 + 0.6 = 1.2;  2: argmax 3, EV 0.2 + 0.6 + 1.5 = 2.3;
// 3: tie 0/1 -> 0, EV 0.5;          4: argmax 3, EV 0.4 + 2.4 = 2.8.
const four: ScoreCase[] = [
  { probabilities: [0.1, 0.6, 0.3, 0], expected: 1 },
  { probabilities: [0, 0.2, 0.3, 0.5], expected: 3 },
  { probabilities: [0.5, 0.5, 0, 0], expected: 1 },
  { probabilities: [0, 0, 0.2, 0.8], expected: 0 },
];

describe('score metrics', () => {
  it('exact and within-one agreement of the argmax level', () => {
    // Exact: cases 1, 2 -> 2/4. Within one: |1-1|, |3-3|, |0-1| = 1 pass, |3-0| = 3 fails -> 3/4.
    expect(exactAgreement(four)).toBe(0.5);
    expect(withinOneAgreement(four)).toBe(0.75);
  });

  it('mean absolute error of the argmax level and of the expected value', () => {
    // Argmax: 0 + 0 + 1 + 3 = 4, / 4 = 1. EV: 0.2 + 0.7 + 0.5 + 2.8 = 4.2, / 4 = 1.05.
    expect(maeOfChosenLevel(four)).toBe(1);
    expect(maeOfExpectedValue(four)).toBeCloseTo(1.05, 12);
  });

  it('Spearman between expected level and expected value, with average ranks for ties', () => {
    // Expected [1, 3, 1, 0] -> ranks [2.5, 4, 2.5, 1]; EV [1.2, 2.3, 0.5, 2.8] -> ranks [2, 3, 1, 4].
    // Both mean 2.5; dx [0, 1.5, 0, -1.5], dy [-0.5, 0.5, -1.5, 1.5];
    // Σdxdy = 0.75 - 2.25 = -1.5, Σdx² = 4.5, Σdy² = 5 -> r = -1.5 / √22.5 = -1/√10 ≈ -0.316228.
    expect(scoreSpearman(four)).toBeCloseTo(-1 / Math.sqrt(10), 12);
  });

  it('the confusion matrix of expected vs argmax level', () => {
    expect(scoreConfusion(four, 4)).toEqual([
      [0, 0, 0, 1],
      [1, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 1],
    ]);
  });

  it('renormalises before the expected value', () => {
    // [1, 1] sums to 2: [0.5, 0.5], EV 0.5, so |0.5 - 1| = 0.5.
    expect(maeOfExpectedValue([{ probabilities: [1, 1], expected: 1 }])).toBe(0.5);
  });

  it('is undefined on no cases, and Spearman on one case or constant input', () => {
    expect(scoreSummary([])).toEqual({
      count: 0,
      exact: undefined,
      withinOne: undefined,
      maeChosen: undefined,
      maeExpectedValue: undefined,
      spearman: undefined,
    });
    expect(scoreSpearman([four[0]])).toBeUndefined();
    // Every case expects level 1: the ranks of the labels have no spread.
    expect(scoreSpearman(four.map((c) => ({ ...c, expected: 1 })))).toBeUndefined();
  });
});

describe('rank correlation', () => {
  it('averages the ranks of tied values', () => {
    // Sorted 1 (rank 1), 2 (rank 2), 3 and 3 (ranks 3 and 4 -> 3.5 each).
    expect(averageRanks([3, 1, 3, 2])).toEqual([3.5, 1, 3.5, 2]);
    expect(averageRanks([5, 5, 5])).toEqual([2, 2, 2]);
    expect(averageRanks([])).toEqual([]);
  });

  it('is 1 for any increasing relation and -1 for a decreasing one', () => {
    expect(spearman([0, 1, 2, 3], [0.1, 0.5, 0.9, 10])).toBeCloseTo(1, 12);
    expect(spearman([0, 1, 2], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3], [7, 7, 7])).toBeUndefined();
  });
});
