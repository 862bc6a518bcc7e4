import { describe, expect, it } from 'vitest';
import { gradeCase, noulConfidence } from './case-grade';
import type { JudgeAnswer } from './judge-answers';
import type { Question } from './question-rules';

const questions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Tone?',
    options: [
      { name: 'calm', description: '' },
      { name: 'angry', description: '' },
    ],
    levels: [],
  },
  { name: 'quality', type: 'score', instructions: 'Quality', options: [], levels: ['poor', 'fine', 'great'] },
  { name: 'cats', type: 'noul', instructions: 'About cats', options: [], levels: [] },
];

const choice = (probs: Record<string, number | undefined>, chosen?: string): JudgeAnswer => ({
  name: 'tone',
  kind: 'choice',
  choice: chosen,
  options: Object.entries(probs).map(([name, probability]) => ({ name, probability })),
});
const score = (probs: (number | undefined)[], position?: number): JudgeAnswer => ({
  name: 'quality',
  kind: 'score',
  score: position,
  base: 0,
  position,
  levels: probs.map((probability, index) => ({ index, label: String(index), probability })),
});
const noul = (value: number): JudgeAnswer => ({ name: 'cats', kind: 'noul', noul: value });
const at = (t: number) => () => t;

describe('grading one case of a batch run against its labels', () => {
  const answers = [choice({ calm: 0.7, angry: 0.3 }), score([0.1, 0.6, 0.3], 1.2), noul(0.8)];
  const labels = { tone: 'calm', quality: 2, cats: false };

  it('reads the top option, the top level and the noul verdict, and counts the disagreements', () => {
    const g = gradeCase(questions, answers, labels, at(0.5));
    expect(g.cells[0]).toMatchObject({
      answer: 'calm',
      probability: 0.7,
      expected: 'calm',
      disagrees: false,
    });
    expect(g.cells[1]).toMatchObject({
      answer: 1,
      expected: 2,
      disagrees: true,
      probabilities: [0.1, 0.6, 0.3],
    });
    // 0.8 ≥ 0.5 reads true; the label says false.
    expect(g.cells[2]).toMatchObject({
      value: 0.8,
      threshold: 0.5,
      verdict: true,
      expected: false,
      disagrees: true,
    });
    expect(g.disagreements).toBe(2);
    // Confidences 0.7, 0.6 and 0.5 + 0.5 × 0.3 / 0.5 = 0.8: the weakest is the score's.
    expect(g.cells[2].confidence).toBeCloseTo(0.8, 12);
    expect(g.confidence).toBeCloseTo(0.6, 12);
  });

  it('reads noul at the threshold in force: at 0.9 the same 0.8 is false and agrees, with low confidence', () => {
    const g = gradeCase(questions, answers, labels, at(0.9));
    expect(g.cells[2]).toMatchObject({ verdict: false, disagrees: false, threshold: 0.9 });
    expect(g.disagreements).toBe(1);
    // 0.5 + 0.5 × (0.9 − 0.8) / 0.9 = 0.5556, below the score's 0.6.
    expect(g.confidence).toBeCloseTo(0.5 + 0.05 / 0.9, 12);
  });

  it('falls back to the sent choice and the rounded score without probabilities, with no confidence for them', () => {
    const g = gradeCase(
      questions,
      [choice({}, 'angry'), score([undefined, undefined, undefined], 1.6)],
      { tone: 'calm', quality: 2 },
      at(0.5),
    );
    expect(g.cells[0]).toMatchObject({ answer: 'angry', disagrees: true, confidence: undefined });
    expect(g.cells[1]).toMatchObject({ answer: 2, disagrees: false, confidence: undefined });
    // The noul question was not answered: no verdict, nothing to disagree with.
    expect(g.cells[2]).toMatchObject({ value: undefined, verdict: undefined, disagrees: false });
    expect(g).toMatchObject({ disagreements: 1, confidence: undefined });
  });

  it('takes the first of tied options and never disagrees without a label', () => {
    const g = gradeCase(questions, [choice({ calm: 0.5, angry: 0.5 }), score([0.5, 0.2, 0.3])], {}, at(0.5));
    expect(g.cells[0]).toMatchObject({ answer: 'calm', expected: undefined, disagrees: false });
    expect(g.cells[1]).toMatchObject({ answer: 0, probabilities: [0.5, 0.2, 0.3], confidence: 0.5 });
    expect(g.disagreements).toBe(0);
  });

  it('reads nothing from a score with a probability out of range: the cell is flagged', () => {
    const g = gradeCase(questions, [score([1.4, 0.2, 0.3])], {}, at(0.5));
    expect(g.cells[1]).toMatchObject({ answer: undefined, problems: [{ code: 'outOfRange', value: 1.4 }] });
  });

  it('a failed case has no answers: nothing disagrees and it has no confidence', () => {
    const g = gradeCase(questions, undefined, labels, at(0.5));
    expect(g.cells.map((c) => c.disagrees)).toEqual([false, false, false]);
    expect(g.confidence).toBeUndefined();
  });

  it('noul confidence is 0.5 at the threshold and 1 at either end', () => {
    expect(noulConfidence(0.3, 0.3)).toBe(0.5);
    expect(noulConfidence(1, 0.3)).toBe(1);
    expect(noulConfidence(0, 0.3)).toBe(1);
    expect(noulConfidence(0.15, 0.3)).toBeCloseTo(0.75, 12);
    expect(noulConfidence(1, 1)).toBe(1);
  });
});

describe('grading answers that do not fit their question', () => {
  it('marks the cell with the problems and reads nothing from it', () => {
    const flagged = [
      choice({ calm: 0.2, angry: 0.2, maybe: 0.6 }, 'maybe'),
      { ...score([0.1, 0.6, 0.3], 1.2), confidence: 87 } as JudgeAnswer,
      noul(1.7),
    ];
    const g = gradeCase(questions, flagged, { tone: 'angry', quality: 0, cats: false }, at(0.5));
    expect(g.cells.map((c) => c.problems?.map((p) => p.code))).toEqual([
      ['unknownChoice', 'unknownOption'],
      ['outOfRange'],
      ['outOfRange'],
    ]);
    expect(g.cells[0]).toMatchObject({ answer: undefined, expected: 'angry', disagrees: false });
    expect(g.cells[1]).toMatchObject({ answer: undefined, expected: 0, disagrees: false });
    expect(g.cells[2]).toMatchObject({ value: undefined, verdict: undefined, disagrees: false });
    expect(g.disagreements).toBe(0);
    expect(g.confidence).toBeUndefined();
  });
});
