import { describe, expect, it } from 'vitest';
import { gradeLines } from './cell-grades';

describe('a cell’s grades in lines', () => {
  it('writes a score with the words of its nearest level, and each level’s probability', () => {
    const g = gradeLines({
      name: 'helpfulness',
      kind: 'score',
      score: 2.448,
      base: 0,
      position: 2.448,
      levels: [
        { index: 0, label: '0', description: 'Useless', probability: 0 },
        { index: 1, label: '1', description: 'Barely', probability: 0.04 },
        { index: 2, label: '2', description: 'Somewhat helpful', probability: 0.5 },
        { index: 3, label: '3', description: 'Helpful', probability: 0.46 },
      ],
    });
    expect(g).toEqual({
      name: 'helpfulness',
      answer: '2.45 · Somewhat helpful',
      bars: ['0: 0 %', '1: 4 %', '2: 50 %', '3: 46 %'],
      flagged: false,
    });
  });

  it('writes a noul as its yes probability and flags an answer that does not fit its question', () => {
    expect(gradeLines({ name: 'refund', kind: 'noul', noul: 0.03 }).answer).toBe('yes 3 %');
    const flagged = gradeLines({
      name: 'tone',
      kind: 'choice',
      choice: 'loud',
      options: [],
      problems: [{ code: 'x' }],
    });
    expect(flagged).toMatchObject({ answer: 'loud', flagged: true });
  });
});
