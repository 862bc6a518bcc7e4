import { describe, expect, it } from 'vitest';
import { cellSpread } from './cell-spread';
import { marksAgreement, type CellMark } from './marks-agreement';
import type { StatsCell } from './stats-cell';
import { cell } from './stats-cells.test-helper';

/** `n` marked cells with the grader's pass and the user's mark. */
const marked = (n: number, pass: boolean, mark: CellMark) =>
  Array.from({ length: n }, (_, i) => ({ cell: cell(i, { pass, noul: pass ? 0.5 : 0.49 }), mark }));

describe('the grader’s agreement with the user’s marks', () => {
  it('counts the 2×2 table, agreement with Wilson and kappa (40/10/5/45: 85 %, κ = 0.7 by hand)', () => {
    const marks = [
      ...marked(40, true, 'good'),
      ...marked(10, false, 'good'),
      ...marked(5, true, 'bad'),
      ...marked(45, false, 'bad'),
      { cell: cell(0, { failed: true }), mark: 'bad' as const },
    ];
    const m = marksAgreement(marks, 'checks');
    expect(m).toMatchObject({
      cases: 100,
      withoutVerdict: 1,
      counts: { goodPass: 40, goodFail: 10, badPass: 5, badFail: 45 },
      agreement: { successes: 85, n: 100, estimate: 0.85 },
    });
    // Observed 0.85; by chance 0.5 × 0.45 + 0.5 × 0.55 = 0.5: κ = (0.85 − 0.5)/(1 − 0.5).
    expect(m.kappa.kappa).toBeCloseTo(0.7, 12);
    expect(m.kappa.lower).toBeLessThan(0.7);
    expect(m.kappa.upper).toBeGreaterThan(0.7);
    // A noul question's yes at 0.5 gives the same verdicts here.
    expect(marksAgreement(marks, { question: 'ok' }).counts).toEqual(m.counts);
  });

  it('has no kappa when the user marked only one way', () => {
    expect(marksAgreement(marked(3, true, 'good'), 'checks').kappa.reason).toBe('noVariation');
    expect(marksAgreement([], 'checks')).toMatchObject({ cases: 0, agreement: { reason: 'noCases' } });
  });
});

describe('a cell’s spread over its samples', () => {
  it('says k of N passed, the lowest and highest score and the choices picked', () => {
    const samples: StatsCell[] = [
      cell(0, { sample: 0, pass: true, score: 1, noul: 0.8, choice: 'warm' }),
      cell(0, { sample: 1, pass: false, score: 4, noul: 0.2, choice: 'warm' }),
      cell(0, { sample: 2, pass: true, score: 2, noul: 0.6, choice: 'cold' }),
      cell(0, { sample: 3, failed: true }),
    ];
    expect(cellSpread(samples)).toEqual({
      samples: 4,
      errored: 1,
      checks: { passed: 2, of: 3 },
      questions: [
        { name: 'ok', kind: 'noul', yes: 2, of: 3 },
        { name: 'helpful', kind: 'score', min: 1, max: 4, of: 3 },
        { name: 'tone', kind: 'choice', picks: { warm: 2, cold: 1 }, of: 3 },
      ],
    });
  });
});
