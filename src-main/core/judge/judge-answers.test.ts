import { describe, expect, it } from 'vitest';
import { detectScoreBase, parseJudgeResponse } from './judge-answers';
import type { Question } from './question-rules';

const questions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'i',
    options: [
      { name: 'a', description: 'A' },
      { name: 'b', description: 'B' },
    ],
    levels: [],
  },
  { name: 'quality', type: 'score', instructions: 'i', options: [], levels: ['bad', 'ok', 'good'] },
  { name: 'cats', type: 'noul', instructions: 'i', options: [], levels: [] },
];
const body = {
  model: 'judge-1.13.0',
  answers: {
    tone: { type: 'choice', choice: 'b', probabilities: { a: 0.3, b: 0.7 }, confidence: 0.8 },
    quality: { type: 'score', score: 1.4, probabilities: { '0': 0.1, '1': 0.4, '2': 0.5 }, confidence: 0.6 },
    cats: { type: 'noul', noul: 0.91 },
  },
  usage: { input_tokens: 120, output_tokens: 12 },
};

describe('judge response parsing', () => {
  it('reads the spec shape with zero-based score probabilities', () => {
    const r = parseJudgeResponse(body, questions);
    expect(r.model).toBe('judge-1.13.0');
    expect(r.usage).toEqual({ inputTokens: 120, outputTokens: 12 });
    expect(r.answers[0]).toMatchObject({ kind: 'choice', choice: 'b', confidence: 0.8 });
    expect(r.answers[1]).toMatchObject({ kind: 'score', base: 0, position: 1.4, score: 1.4 });
    const s = r.answers[1] as Extract<(typeof r.answers)[number], { kind: 'score' }>;
    expect(s.levels.map((l) => [l.label, l.description, l.probability])).toEqual([
      ['0', 'bad', 0.1],
      ['1', 'ok', 0.4],
      ['2', 'good', 0.5],
    ]);
    expect(r.answers[2]).toEqual({ name: 'cats', kind: 'noul', noul: 0.91, confidence: undefined });
  });

  it('detects a one-based scale from the keys or the score and uses a legend', () => {
    const one = {
      answers: {
        quality: {
          type: 'score',
          score: 3,
          probabilities: { '1': 0.1, '2': 0.2, '3': 0.7 },
          legend: { '1': 'poor', '2': 'fair', '3': 'great' },
        },
      },
    };
    const r = parseJudgeResponse(one, questions);
    const s = r.answers[1];
    expect(s).toMatchObject({ kind: 'score', base: 1, position: 2, score: 3 });
    if (s.kind !== 'score') throw new Error('score expected');
    expect(s.levels.map((l) => l.description)).toEqual(['poor', 'fair', 'great']);
    expect(s.levels[2].probability).toBe(0.7);
    expect(detectScoreBase(3, [], 2.6)).toBe(1);
    expect(detectScoreBase(3, [], 1.5)).toBe(0);
    expect(detectScoreBase(3, ['0', '1', '2'], 2)).toBe(0);
  });

  it('unwraps { code, data } and { state, result } bodies', () => {
    expect(parseJudgeResponse({ code: 0, data: body }, questions).answers[0]).toMatchObject({ choice: 'b' });
    expect(parseJudgeResponse({ state: 'ok', result: body }, questions).usage.inputTokens).toBe(120);
    expect(parseJudgeResponse({ code: 0, data: JSON.stringify(body) }, questions).model).toBe('judge-1.13.0');
  });

  it('marks missing answers and picks the most probable option when choice is absent', () => {
    const r = parseJudgeResponse(
      { answers: { tone: { probabilities: { a: 0.9, b: 0.1 } }, cats: 0.2 } },
      questions,
    );
    expect(r.answers[0]).toMatchObject({ kind: 'choice', choice: 'a' });
    expect(r.answers[1]).toEqual({ name: 'quality', kind: 'missing' });
    expect(r.answers[2]).toMatchObject({ kind: 'noul', noul: 0.2 });
  });
});
