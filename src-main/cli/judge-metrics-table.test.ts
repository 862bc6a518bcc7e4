import { describe, expect, it } from 'vitest';
import type { Question } from '../../src-shared/judge/question-rules';
import type { LabelledRunCase } from '../../src-shared/judge/metrics';
import { metricsTable, precisionNotes, questionMetrics } from './judge-metrics-table';

const noul: Question = {
  name: 'refund',
  type: 'noul',
  instructions: 'Offers a refund?',
  options: [],
  levels: [],
};

/** n labelled cases, the first `right` decided right at 0.5. */
function cases(n: number, right: number): LabelledRunCase[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    answers: [{ name: 'refund', kind: 'noul', noul: i < right ? 0.9 : 0.1 }],
    labels: { refund: true },
  }));
}

describe('the command line’s metrics table', () => {
  it('notes under the table a question whose labelled cases are too few for ±0.05', () => {
    // 60 of 120 right: Wilson ±0.088 at 95 %; at p = ½, 381 cases give ±0.05.
    const rows = questionMetrics([noul], cases(120, 60), undefined);
    expect(rows[0].accuracyWarning).toMatchObject({ cases: 120, casesNeeded: 381, target: 0.05 });
    const text = metricsTable(rows);
    expect(text.split('\n').at(-1)).toBe(
      'note: refund: accuracy: 120 labelled cases give a 95 % interval of ±0.088, wider than ±0.05; about 381 cases would give ±0.05',
    );
  });

  it('prints no note when the cases are enough', () => {
    // 990 of 1,000: Wilson ±0.006.
    const rows = questionMetrics([noul], cases(1000, 990), undefined);
    expect(rows[0].accuracyWarning).toBeUndefined();
    expect(precisionNotes(rows)).toEqual([]);
    expect(metricsTable(rows)).not.toMatch(/note:/);
  });
});
