import { describe, expect, it } from 'vitest';
import { parseJudgeResponse } from '../judge-answers';
import type { Question } from '../question-rules';
import { type LabelledRunCase, pairChoice, pairNoul, pairQuestion, pairScore } from './label-pairing';

const cats: Question = { name: 'cats', type: 'noul', instructions: 'i', options: [], levels: [] };
const tone: Question = {
  name: 'tone',
  type: 'choice',
  instructions: 'i',
  options: ['a', 'b', 'c'].map((name) => ({ name, description: name.toUpperCase() })),
  levels: [],
};
const quality: Question = {
  name: 'quality',
  type: 'score',
  instructions: 'i',
  options: [],
  levels: ['x', 'y', 'z'],
};
const questions = [cats, tone, quality];
const answers = (body: unknown) => parseJudgeResponse(body, questions).answers;

const full = answers({
  answers: {
    cats: { type: 'noul', noul: 0.8 },
    tone: { type: 'choice', choice: 'b', probabilities: { a: 0.2, b: 0.7, c: 0.1 }, confidence: 0.9 },
    quality: { type: 'score', score: 1.6, probabilities: { '0': 0.1, '1': 0.2, '2': 0.7 } },
  },
});

// c1 all usable; c2 failed; c3 lacks cats, has a tone probability on an option the question does
// not have, and a score without probabilities; c4 unlabelled; c5 labels that fit no question;
// c6 noul out of [0, 1]. c3's tone and c6's noul do not fit their question: invalid answers.
const run: LabelledRunCase[] = [
  { id: 'c1', answers: full, labels: { cats: true, tone: 'b', quality: 2 } },
  { id: 'c2', answers: undefined, labels: { cats: false, tone: 'a' } },
  {
    id: 'c3',
    answers: answers({ answers: { tone: { probabilities: { a: 0.6, z: 0.4 } }, quality: { score: 2 } } }),
    labels: { cats: true, tone: 'a', quality: 1 },
  },
  { id: 'c4', answers: full, labels: {} },
  { id: 'c5', answers: full, labels: { cats: 'yes', tone: 'd', quality: 3 } },
  { id: 'c6', answers: answers({ answers: { cats: 1.2 } }), labels: { cats: false } },
];

describe('pairing answers with labels', () => {
  it('noul: counts every left-out case once, under its first reason', () => {
    const paired = pairNoul(cats, run);
    expect(paired.coverage).toEqual({
      total: 6,
      used: 1,
      invalidAnswer: 1,
      unlabelled: 1,
      failed: 1,
      unanswered: 1,
      invalidLabel: 1,
    });
    expect(paired.cases).toEqual([{ id: 'c1', p: 0.8, expected: true }]);
    // Answered, labelled or not: c1, and c4 and c5 whose labels are missing or unusable.
    expect(paired.answered).toEqual([
      { id: 'c1', p: 0.8, expected: true },
      { id: 'c4', p: 0.8, expected: undefined },
      { id: 'c5', p: 0.8, expected: undefined },
    ]);
  });

  it('choice: option indices in the question’s order; mass on an option it does not have is an invalid answer', () => {
    const paired = pairChoice(tone, run);
    expect(paired.options).toEqual(['a', 'b', 'c']);
    expect(paired.coverage).toEqual({
      total: 6,
      used: 1,
      invalidAnswer: 1,
      unlabelled: 2,
      failed: 1,
      unanswered: 0,
      invalidLabel: 1,
    });
    expect(paired.cases).toEqual([
      { id: 'c1', probabilities: [0.2, 0.7, 0.1], expected: 1, confidence: 0.9 },
    ]);
  });

  it('choice: a missing number reads as 0', () => {
    const partial = answers({ answers: { tone: { probabilities: { a: 1 } } } });
    expect(pairChoice(tone, [{ id: 'x', answers: partial, labels: { tone: 'a' } }]).cases).toEqual([
      { id: 'x', probabilities: [1, 0, 0], expected: 0, confidence: undefined },
    ]);
  });

  it('counts invalid answers apart and never as answered, labelled or not, stored before the check or after', () => {
    const flagged = answers({
      answers: { cats: { noul: 1.7 }, tone: { choice: 'a', confidence: 87, probabilities: { a: 1 } } },
    });
    // A row stored before answers were checked has no problems field: it is checked when read.
    const old = [{ name: 'cats', kind: 'noul', noul: 1.7 }] as const;
    const cases: LabelledRunCase[] = [
      { id: 'new', answers: flagged, labels: { cats: true, tone: 'a' } },
      { id: 'old', answers: old, labels: {} },
    ];
    const noul = pairNoul(cats, cases);
    expect(noul.coverage).toMatchObject({
      total: 2,
      used: 0,
      invalidAnswer: 2,
      unlabelled: 0,
      unanswered: 0,
    });
    expect(noul.answered).toEqual([]);
    const choice = pairChoice(tone, cases);
    expect(choice.coverage).toMatchObject({ used: 0, invalidAnswer: 1, unlabelled: 1 });
    expect(choice.cases).toEqual([]);
  });

  it('score: zero-based levels; a score without per-level probabilities is unanswered', () => {
    const paired = pairScore(quality, run);
    expect(paired.levelCount).toBe(3);
    expect(paired.coverage).toEqual({
      total: 6,
      used: 1,
      invalidAnswer: 0,
      unlabelled: 3,
      failed: 0,
      unanswered: 1,
      invalidLabel: 1,
    });
    expect(paired.cases).toEqual([
      { id: 'c1', probabilities: [0.1, 0.2, 0.7], expected: 2, confidence: undefined },
    ]);
  });

  it('dispatches on the question type', () => {
    expect(pairQuestion(tone, run).type).toBe('choice');
    expect(pairQuestion(quality, run).type).toBe('score');
    expect(pairQuestion(cats, run).type).toBe('noul');
    expect(pairQuestion(cats, []).coverage).toEqual({
      total: 0,
      used: 0,
      invalidAnswer: 0,
      unlabelled: 0,
      failed: 0,
      unanswered: 0,
      invalidLabel: 0,
    });
  });

  it('reads labels as own properties only', () => {
    // `toString` is a valid question name; an empty label object must not find Object.prototype's.
    const q: Question = { ...cats, name: 'toString' };
    const answered = parseJudgeResponse({ answers: { toString: 0.3 } }, [q]).answers;
    expect(pairNoul(q, [{ id: 'x', answers: answered, labels: {} }]).coverage.unlabelled).toBe(1);
  });

  it('treats a choice answer with no numbers as unanswered', () => {
    const noNumbers = answers({ answers: { tone: { choice: 'a' } } });
    expect(
      pairChoice(tone, [{ id: 'x', answers: noNumbers, labels: { tone: 'a' } }]).coverage.unanswered,
    ).toBe(1);
  });
});
