import { describe, expect, it } from 'vitest';
import {
  choiceCalibration,
  choiceConfidencePoints,
  noulCalibration,
  reliabilityDiagram,
  scoreCalibration,
  scoreConfidencePoints,
} from './calibration';
import { confidenceVsCorrectness } from './confidence-summary';
import type { BinaryCase, ChoiceCase, ScoreCase } from './metric-types';
import { six } from './six-choice-cases.test-helper';

// The six hand-worked answers: see six-choice-cases.test-helper.ts.

describe('reliability diagram and ECE', () => {
  it('an ECE with 2 bins, worked by hand', () => {
    // Bin [0, 0.5): 0.2 ✗, 0.4 ✓ -> mean 0.3, observed 1/2, gap 0.2.
    // Bin [0.5, 1]: 0.5 ✓ (on the edge: goes up), 0.9 ✓, 1 ✗ (the last bin holds 1)
    //   -> mean 2.4 / 3 = 0.8, observed 2/3, gap 2/15.
    // ECE = (2/5)·0.2 + (3/5)·(2/15) = 0.08 + 0.08 = 0.16.
    const r = reliabilityDiagram(
      [
        { confidence: 0.2, correct: false },
        { confidence: 0.4, correct: true },
        { confidence: 0.5, correct: true },
        { confidence: 0.9, correct: true },
        { confidence: 1, correct: false },
      ],
      2,
    );
    expect(r.count).toBe(5);
    expect(r.bins).toHaveLength(2);
    expect(r.bins[0]).toMatchObject({ lower: 0, upper: 0.5, count: 2, observed: 0.5 });
    expect(r.bins[0].meanPredicted).toBeCloseTo(0.3, 12);
    expect(r.bins[1]).toMatchObject({ lower: 0.5, upper: 1, count: 3, observed: 2 / 3 });
    expect(r.bins[1].meanPredicted).toBeCloseTo(0.8, 12);
    expect(r.ece).toBeCloseTo(0.16, 12);
  });

  it('keeps a value like 0.29 in its own bin of 100', () => {
    // 0.29 × 100 is 28.999… in binary floating point; it belongs to [0.29, 0.30).
    const r = reliabilityDiagram([{ confidence: 0.29, correct: true }], 100);
    expect(r.bins[29].count).toBe(1);
  });

  it('is perfectly calibrated at 0 when confidence matches the outcome', () => {
    expect(
      reliabilityDiagram(
        [
          { confidence: 1, correct: true },
          { confidence: 0, correct: false },
        ],
        4,
      ).ece,
    ).toBe(0);
  });

  it('has undefined means for empty bins and no ECE without cases', () => {
    const r = reliabilityDiagram([], 3);
    expect(r.ece).toBeUndefined();
    expect(r.bins.map((b) => [b.count, b.meanPredicted, b.observed])).toEqual([
      [0, undefined, undefined],
      [0, undefined, undefined],
      [0, undefined, undefined],
    ]);
    expect(() => reliabilityDiagram([], 0)).toThrow(RangeError);
  });

  it('noul: the predicted probability against the label', () => {
    const cases: BinaryCase[] = [
      { p: 0.9, expected: true },
      { p: 0.7, expected: false },
      { p: 0.7, expected: true },
      { p: 0.2, expected: false },
    ];
    // Bin 0: 0.2 false -> gap |0 - 0.2| = 0.2. Bin 1: 0.9 T, 0.7 F, 0.7 T -> mean 2.3/3, observed 2/3, gap 0.1.
    // ECE = (1/4)·0.2 + (3/4)·0.1 = 0.05 + 0.075 = 0.125.
    expect(noulCalibration(cases, 2).ece).toBeCloseTo(0.125, 12);
  });

  it('choice: top-1 confidence against correctness', () => {
    // Bin 0: 0.4 ✗ -> gap 0.4. Bin 1: 0.7 ✓ 0.5 ✓ 0.6 ✗ 0.6 ✓ 0.5 ✗ -> mean 2.9/5 = 0.58, observed 0.6, gap 0.02.
    // ECE = (1/6)·0.4 + (5/6)·0.02 = 1/15 + 1/60 = 1/12.
    expect(choiceCalibration(six, 2).ece).toBeCloseTo(1 / 12, 12);
  });

  it('score: top-1 level probability against exact agreement', () => {
    const cases: ScoreCase[] = [
      { probabilities: [0.1, 0.6, 0.3], expected: 1 }, // 0.6 ✓
      { probabilities: [0.5, 0.5, 0], expected: 1 }, // tie -> level 0, 0.5 ✗
    ];
    // One bin: mean 0.55, observed 1/2 -> ECE 0.05.
    expect(scoreCalibration(cases, 1).ece).toBeCloseTo(0.05, 12);
    expect(scoreConfidencePoints(cases)).toEqual([
      { confidence: 0.6, correct: true },
      { confidence: 0.5, correct: false },
    ]);
  });
});

describe('confidence vs correctness', () => {
  it('compares the mean confidence of right and wrong answers', () => {
    // Right: 0.7, 0.5, 0.6 -> 0.6. Wrong: 0.6, 0.4, 0.5 -> 0.5. Gap 0.1.
    const s = confidenceVsCorrectness(choiceConfidencePoints(six));
    expect(s.correct.count).toBe(3);
    expect(s.correct.meanConfidence).toBeCloseTo(0.6, 12);
    expect(s.incorrect.count).toBe(3);
    expect(s.incorrect.meanConfidence).toBeCloseTo(0.5, 12);
    expect(s.gap).toBeCloseTo(0.1, 12);
  });

  it('uses the gateway’s own confidence when asked, leaving out answers without one', () => {
    const cases: ChoiceCase[] = [{ ...six[0], confidence: 0.9 }, { ...six[2], confidence: 0.3 }, six[1]];
    expect(choiceConfidencePoints(cases, 'reported')).toEqual([
      { confidence: 0.9, correct: true },
      { confidence: 0.3, correct: false },
    ]);
  });

  it('has no gap unless both groups have answers', () => {
    expect(confidenceVsCorrectness([{ confidence: 0.8, correct: true }])).toEqual({
      correct: { count: 1, meanConfidence: 0.8 },
      incorrect: { count: 0, meanConfidence: undefined },
      gap: undefined,
    });
    expect(confidenceVsCorrectness([]).gap).toBeUndefined();
  });
});
