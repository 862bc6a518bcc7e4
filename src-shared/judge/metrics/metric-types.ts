/**
 * The inputs of the judge metrics: one labelled, answered case each. Options and levels are
 * zero-based positions (an option's index in the question, a level's position on the scale), so
 * the metrics never deal with names; label-pairing.ts builds these from parsed answers and labels.
 */

/** A noul answer: p, the probability that the statement is true, in [0, 1], and the human label. */
export interface BinaryCase {
  p: number;
  expected: boolean;
}

/**
 * A choice answer: a probability per option, by option index, and the expected option's index.
 * `confidence` is the gateway's own confidence, when it sent one.
 */
export interface ChoiceCase {
  probabilities: readonly number[];
  expected: number;
  confidence?: number;
}

/** A score answer: a probability per level 0..k-1, and the expected level (zero-based). */
export interface ScoreCase {
  probabilities: readonly number[];
  expected: number;
  confidence?: number;
}

/** A case as one run answered it, labelled or not, with its id: what the drift helpers compare. */
export type AnsweredCase<C extends { expected: unknown }> = Omit<C, 'expected'> & {
  id: string;
  expected?: C['expected'];
};

/** One metric for run A and run B, and B − A; undefined wherever either side is undefined. */
export interface MetricDelta {
  a: number | undefined;
  b: number | undefined;
  delta: number | undefined;
}
