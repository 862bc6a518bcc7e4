import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PairedDriftStats, PairedMetricDelta } from '../../../../src-shared/judge/drift-paired-stats';
import type { QuestionDrift } from '../../../../src-shared/judge/run-agreement';
import { mcnemarExact } from '../../../../src-shared/stats';
import { en } from '../../../i18n/en';
import { type Catalog, speakForTests } from '../../../i18n/i18n';
import { zhCN } from '../../../i18n/zh-CN';
import { DriftStatsTable } from './DriftStatsTable';

const run = {
  method: 'percentile',
  rows: 300,
  seed: 1,
  confidence: 0.95,
  requestedResamples: 1000,
  resamples: 1000,
  emptyResamples: 0,
} as const;

function delta(
  metric: PairedMetricDelta['metric'],
  est: number,
  lower: number,
  upper: number,
  headline = false,
): PairedMetricDelta {
  const decisive = lower > 0 || upper < 0;
  return {
    metric,
    headline,
    a: 0.5,
    b: 0.5 + est,
    delta: { ...run, estimate: est, lower, upper },
    verdict: {
      cases: 300,
      delta: est,
      lower,
      upper,
      confidence: 0.95,
      decisive,
      direction: !decisive ? 'none' : est > 0 ? 'bHigher' : 'bLower',
    },
    casesToSettle: decisive
      ? { cases: 120, method: 'intervalScaling', alpha: 0.05, power: 0.8 }
      : { cases: 1240, method: 'intervalScaling', alpha: 0.05, power: 0.8 },
  };
}

const question = (name: string, type: QuestionDrift['type'], paired?: PairedDriftStats): QuestionDrift => ({
  question: name,
  type,
  coverage: { compared: 300, onlyInA: 0, onlyInB: 0, labelled: 300, labelConflicts: 0 },
  flips: 0,
  metrics: {},
  shares: [],
  paired,
});

const flips = (aOnly: number, bOnly: number) =>
  mcnemarExact({ bothRight: 200, aOnly, bOnly, bothWrong: 300 - 200 - aOnly - bOnly });

const questions: QuestionDrift[] = [
  question('offers_refund', 'noul', {
    cases: 300,
    flips: flips(30, 2),
    flipsToSettle: { cases: 90, method: 'connor', alpha: 0.05, power: 0.8 },
    deltas: [delta('accuracy', -0.09, -0.13, -0.06), delta('auc', -0.19, -0.25, -0.13, true)],
  }),
  question('tone', 'choice', {
    cases: 300,
    flips: flips(10, 14),
    flipsToSettle: { cases: 2210, method: 'connor', alpha: 0.05, power: 0.8 },
    deltas: [delta('accuracy', 0.013, -0.01, 0.04, true)],
  }),
  question('helpfulness', 'score', {
    cases: 300,
    flips: flips(5, 5),
    flipsToSettle: { cases: undefined, reason: 'noDifference' },
    deltas: [delta('accuracy', 0, -0.02, 0.02), delta('maeExpectedValue', 0.37, 0.3, 0.44, true)],
  }),
  question('asks_for_details', 'noul', {
    cases: 300,
    flips: flips(5, 0),
    flipsToSettle: { cases: 470, method: 'connor', alpha: 0.05, power: 0.8 },
    deltas: [delta('accuracy', -0.017, -0.033, -0.0033)],
  }),
  // Compared before these statistics existed, or not comparable: no rows.
  question('not_compared', 'noul'),
];

afterEach(() => speakForTests('en', en as Catalog));

describe('the drift’s paired statistics', () => {
  it('say in one sentence per delta whether it is real, with the flips’ test and the cases to settle', () => {
    render(<DriftStatsTable questions={questions} />);
    const table = screen.getByRole('table', { name: 'Paired statistics, B − A, per question' });
    const auc = within(table).getByText('AUC (headline)').closest('tr')!;
    expect(auc.textContent).toContain('B − A = −0.19 [−0.25, −0.13] on 300 cases: decisive, B lower');
    expect(within(auc).getByText(/decisive, B lower/).className).toContain('drift-worse');
    expect(within(auc).getByText('Settled')).toBeTruthy();
    // 2 vs 30 discordant: p far below 0.001, B less often right.
    expect(table.textContent).toContain(
      'Right in B only: 2, in A only: 30 (of 300 cases): p < 0.001, decisive, B less often right',
    );
    const tone = within(table).getByText('Accuracy (headline)').closest('tr')!;
    expect(tone.textContent).toContain('B − A = +0.01 [−0.01, +0.04] on 300 cases: not decisive');
    expect(within(tone).getByText('About 1,240')).toBeTruthy();
    expect(table.textContent).toContain('in A only: 10 (of 300 cases): p = 0.541, not decisive');
    // A mean error rising is worse, even though B is "higher".
    const mae = within(table).getByText('Mean error (levels) (headline)').closest('tr')!;
    expect(within(mae).getByText(/decisive, B higher/).className).toContain('drift-worse');
    expect(within(table).getByText('No difference seen')).toBeTruthy();
    expect(within(table).queryByText('not_compared')).toBeNull();
    // Decisive, its near bound below 0.005: written to three digits, so it does not read as 0.00.
    expect(table.textContent).toContain('B − A = −0.017 [−0.033, −0.003] on 300 cases: decisive, B lower');
    expect(screen.getByText(/paired bootstrap \(seed 1, 1,000 resamples\)/)).toBeTruthy();
  });

  it('speaks Chinese, and shows nothing for a drift without the statistics', () => {
    speakForTests('zh-CN', zhCN);
    render(<DriftStatsTable questions={questions} />);
    const table = screen.getByRole('table', { name: '按问题的配对统计，B − A' });
    expect(table.textContent).toContain('B − A = +0.01 [−0.01, +0.04]，基于 300 个用例：尚无定论');
    expect(table.textContent).toContain('差异明确，B 更低');
    expect(within(table).getAllByText('约 1,240 个')).toHaveLength(2);
    speakForTests('en', en as Catalog);
    const empty = render(<DriftStatsTable questions={[question('tone', 'choice')]} />);
    expect(empty.container.innerHTML).toBe('');
  });
});
