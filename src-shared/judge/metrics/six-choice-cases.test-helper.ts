import type { ChoiceCase } from './metric-types';

/**
 * Six choice answers over options 0, 1, 2 that the choice and calibration tests work by hand.
 * Decisions: 0 ✓, 1 ✓, 2 ✗, 0 ✗ (0.4 = 0.4: lowest index wins), 2 ✓, 0 ✗.
 * Top-1 probability and correctness: 0.7 ✓, 0.5 ✓, 0.6 ✗, 0.4 ✗, 0.6 ✓, 0.5 ✗.
 */
export const six: ChoiceCase[] = [
  { probabilities: [0.7, 0.2, 0.1], expected: 0 },
  { probabilities: [0.2, 0.5, 0.3], expected: 1 },
  { probabilities: [0.1, 0.3, 0.6], expected: 1 },
  { probabilities: [0.4, 0.4, 0.2], expected: 1 },
  { probabilities: [0.2, 0.2, 0.6], expected: 2 },
  { probabilities: [0.5, 0.25, 0.25], expected: 2 },
];
