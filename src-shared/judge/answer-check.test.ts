import { describe, expect, it } from 'vitest';
import { answerProblems, problemText } from './answer-check';
import { type JudgeAnswer, parseJudgeResponse } from './judge-answers';
import type { Question } from './question-rules';

const tone: Question = {
  name: 'tone',
  type: 'choice',
  instructions: 'i',
  options: [
    { name: 'a', description: 'A' },
    { name: 'b', description: 'B' },
  ],
  levels: [],
};
const quality: Question = {
  name: 'quality',
  type: 'score',
  instructions: 'i',
  options: [],
  levels: ['bad', 'ok', 'good'],
};
const cats: Question = { name: 'cats', type: 'noul', instructions: 'i', options: [], levels: [] };
const questions = [tone, quality, cats];

const parse = (answers: Record<string, unknown>) => parseJudgeResponse({ answers }, questions).answers;
const texts = (a: JudgeAnswer | undefined) =>
  a && a.kind !== 'missing' && a.kind !== 'unreadable' ? (a.problems ?? []).map(problemText) : [];

describe('judge answers checked against their question', () => {
  it('keeps a well-formed answer unflagged', () => {
    const [c, s, n] = parse({
      tone: { choice: 'b', probabilities: { a: 0.3, b: 0.7 }, confidence: 0.8 },
      quality: { score: 1.4, probabilities: { '0': 0.1, '1': 0.4, '2': 0.5 }, confidence: 0.6 },
      cats: { noul: 0.91 },
    });
    for (const a of [c, s, n]) expect(a).not.toHaveProperty('problems');
  });

  it('flags a percentage confidence and keeps the value as received', () => {
    const [c] = parse({ tone: { choice: 'b', probabilities: { a: 0.3, b: 0.7 }, confidence: 87 } });
    expect(c).toMatchObject({ kind: 'choice', confidence: 87 });
    expect(texts(c)).toEqual(['confidence 87 is outside 0–1']);
  });

  it('flags a noul above 1 and one that is not a number', () => {
    const [, , high] = parse({ cats: { noul: 1.7 } });
    expect(high).toMatchObject({ kind: 'noul', noul: 1.7 });
    expect(texts(high)).toEqual(['noul 1.7 is outside 0–1']);
    const [, , word] = parse({ cats: { noul: 'NaN' } });
    expect(texts(word)).toEqual(['noul "NaN" is not a number']);
  });

  it('flags probabilities out of range, not summing to 1, or not numbers', () => {
    const [over] = parse({ tone: { choice: 'a', probabilities: { a: 70, b: 30 } } });
    expect(texts(over)).toEqual([
      'probability 70 of “a” is outside 0–1',
      'probability 30 of “b” is outside 0–1',
    ]);
    const [sum] = parse({ tone: { choice: 'a', probabilities: { a: 0.7, b: 0.5 } } });
    expect(texts(sum)).toEqual(['probabilities sum to 1.2, not 1']);
    const [close] = parse({ tone: { choice: 'a', probabilities: { a: 0.7, b: 0.31 } } });
    expect(close).not.toHaveProperty('problems');
    const [, score] = parse({ quality: { score: 1, probabilities: { '0': 0.5, '1': 'high', '2': 0.5 } } });
    expect(texts(score)).toEqual(['probability "high" of “1” is not a number']);
  });

  it('flags a choice or a probability on an option the question does not have', () => {
    const [c] = parse({ tone: { choice: 'maybe', probabilities: { a: 0.2, b: 0.2, maybe: 0.6 } } });
    expect(c).toMatchObject({ choice: 'maybe' });
    expect(texts(c)).toEqual([
      'choice “maybe” is not an option of the question',
      'a probability is given for “maybe”, which is not an option of the question',
    ]);
  });

  it('flags a score that is not a level of the question', () => {
    const [, s] = parse({ quality: { score: 7 } });
    expect(s).toMatchObject({ kind: 'score', score: 7 });
    expect(texts(s)).toEqual(['score 7 is not a level of the question (1–3)']);
  });

  it('checks an answer stored before answers were checked when it is read', () => {
    const old = { name: 'cats', kind: 'noul', noul: 1.7 } as JudgeAnswer;
    expect(answerProblems(old, cats).map(problemText)).toEqual(['noul 1.7 is outside 0–1']);
    const fine = { name: 'cats', kind: 'noul', noul: 0.2 } as JudgeAnswer;
    expect(answerProblems(fine, cats)).toEqual([]);
  });
});
