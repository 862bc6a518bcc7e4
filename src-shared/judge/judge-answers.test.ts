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

  it('decides the base from the score against the expected position, not from the keys', () => {
    // One-based keys and a one-based score: E0 = 0.2 + 1.4 = 1.6, so 3 is closer to E0 + 1.
    const one = {
      answers: {
        quality: {
          type: 'score',
          score: 2.6,
          probabilities: { '1': 0.1, '2': 0.2, '3': 0.7 },
          legend: { '1': 'poor', '2': 'fair', '3': 'great' },
        },
      },
    };
    const r = parseJudgeResponse(one, questions);
    const s = r.answers[1];
    expect(s).toMatchObject({ kind: 'score', base: 1, score: 2.6 });
    if (s.kind !== 'score') throw new Error('score expected');
    expect(s.position).toBeCloseTo(1.6, 10);
    expect(s.levels.map((l) => [l.label, l.description, l.probability])).toEqual([
      ['1', 'poor', 0.1],
      ['2', 'fair', 0.2],
      ['3', 'great', 0.7],
    ]);
  });

  it('reads spec-shaped "0".."n-1" probabilities with a one-based score', () => {
    // E0 = 0.4 + 1.0 = 1.4; the score 2.4 is E0 + 1, so the scale is one-based.
    const r = parseJudgeResponse(
      {
        answers: {
          quality: { type: 'score', score: 2.4, probabilities: { '0': 0.1, '1': 0.4, '2': 0.5 } },
        },
      },
      questions,
    );
    const s = r.answers[1];
    if (s.kind !== 'score') throw new Error('score expected');
    expect(s.base).toBe(1);
    expect(s.position).toBeCloseTo(1.4, 10);
    expect(s.levels.map((l) => [l.label, l.description, l.probability])).toEqual([
      ['1', 'bad', 0.1],
      ['2', 'ok', 0.4],
      ['3', 'good', 0.5],
    ]);
  });

  it('reads "1".."n" keys with a zero-based score', () => {
    // E0 = 0.3 + 1.2 = 1.5 and the score is 1.5: zero-based, though the keys start at 1.
    const r = parseJudgeResponse(
      {
        answers: {
          quality: { type: 'score', score: 1.5, probabilities: { '1': 0.1, '2': 0.3, '3': 0.6 } },
        },
      },
      questions,
    );
    const s = r.answers[1];
    if (s.kind !== 'score') throw new Error('score expected');
    expect(s.base).toBe(0);
    expect(s.position).toBe(1.5);
    expect(s.levels.map((l) => [l.label, l.probability])).toEqual([
      ['0', 0.1],
      ['1', 0.3],
      ['2', 0.6],
    ]);
  });

  it('looks an array legend up by position on a one-based scale', () => {
    const r = parseJudgeResponse(
      { answers: { quality: { type: 'score', score: 3, legend: ['poor', 'fair', 'great'] } } },
      questions,
    );
    const s = r.answers[1];
    if (s.kind !== 'score') throw new Error('score expected');
    // No probabilities: the range decides, and 3 > n - 1 = 2 means one-based.
    expect(s).toMatchObject({ base: 1, position: 2 });
    expect(s.levels.map((l) => [l.label, l.description, l.probability])).toEqual([
      ['1', 'poor', undefined],
      ['2', 'fair', undefined],
      ['3', 'great', undefined],
    ]);
  });

  it('falls back to the range on a tie or without probabilities', () => {
    expect(detectScoreBase(3, 2.6)).toBe(1);
    expect(detectScoreBase(3, 1.5)).toBe(0);
    expect(detectScoreBase(3, 2, [0, 0.5, 0.5])).toBe(0); // E0 = 1.5: 2 is as close to 1.5 as to 2.5
    expect(detectScoreBase(3, 2.5, [0, 0.5, 0.5])).toBe(1);
    expect(detectScoreBase(3, undefined, [0.2, 0.3, 0.5])).toBe(0);
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

  it('keeps a missing number undefined instead of 0', () => {
    const r = parseJudgeResponse(
      { answers: { tone: { choice: 'a', probabilities: { a: 0.9 } } } },
      questions,
    );
    const c = r.answers[0];
    if (c.kind !== 'choice') throw new Error('choice expected');
    expect(c.options.map((o) => o.probability)).toEqual([0.9, undefined]);
  });

  it('never reads Object.prototype for names like constructor, and keeps extra answers raw', () => {
    const qs: Question[] = [
      { name: 'constructor', type: 'noul', instructions: 'i', options: [], levels: [] },
    ];
    expect(parseJudgeResponse({ answers: {} }, qs).answers[0]).toEqual({
      name: 'constructor',
      kind: 'missing',
    });
    const body = JSON.parse('{"answers":{"constructor":{"noul":0.4},"__proto__":{"noul":1},"other":7}}');
    const r = parseJudgeResponse(body, qs);
    expect(r.answers[0]).toMatchObject({ kind: 'noul', noul: 0.4 });
    expect(r.extraAnswers).toEqual([
      { name: '__proto__', raw: '{"noul":1}' },
      { name: 'other', raw: '7' },
    ]);
  });

  it('reads answers sent as a list of {name, …} like the keyed form, keeping unknown names aside', () => {
    const listed = parseJudgeResponse(
      {
        answers: [
          { name: 'tone', choice: 'angry', probabilities: { calm: 0.2, angry: 0.8 } },
          { name: '__proto__', noul: 1 },
          { noul: 0.5 },
        ],
      },
      questions,
    );
    expect(listed.answers.find((a) => a.name === 'tone')).toMatchObject({ kind: 'choice', choice: 'angry' });
    expect(listed.extraAnswers).toEqual([
      { name: '__proto__', raw: '{"noul":1}' },
      { name: '#2', raw: '{"noul":0.5}' },
    ]);
  });
});
