import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src-shared/stats';
import { gate, gateVerdict } from './judge-gate';
import type { QuestionMetrics } from './judge-metrics-table';

const row = (successes: number, n: number): QuestionMetrics => {
  const i = wilsonInterval(successes, n);
  return {
    question: 'q',
    type: 'choice',
    used: n,
    total: n,
    threshold: undefined,
    accuracy: i.estimate,
    accuracyInterval: i,
    auc: undefined,
    aucInterval: undefined,
  };
};
const min = { accuracy: { value: 0.8, from: '--min-accuracy' as const } };

describe('the gate on minimums', () => {
  it('calls a metric strong, weak or failed by its estimate and its lower bound', () => {
    expect(gateVerdict(0.9, 0.85, 0.8)).toBe('strong pass');
    expect(gateVerdict(0.9, 0.75, 0.8)).toBe('weak pass');
    expect(gateVerdict(0.79, 0.7, 0.8)).toBe('fail');
    expect(gateVerdict(0.9, undefined, 0.8)).toBe('weak pass');
  });

  it('fails a weak pass under lower-bound only', () => {
    // 18 of 20 = 0.9, Wilson lower bound about 0.70: a weak pass against 0.8.
    const [point] = gate([row(18, 20)], min, 'point');
    expect(point).toMatchObject({ verdict: 'weak pass', failed: false });
    expect(point.text).toMatch(
      /^q: accuracy 0\.900 \[0\.69\d, 0\.97\d\] reaches 0\.8 .*its lower bound 0\.69\d does not: weak pass$/,
    );
    expect(gate([row(18, 20)], min, 'lower-bound')[0]).toMatchObject({ verdict: 'weak pass', failed: true });
    // 1,800 of 2,000: the lower bound passes too.
    expect(gate([row(1800, 2000)], min, 'lower-bound')[0]).toMatchObject({
      verdict: 'strong pass',
      failed: false,
    });
    expect(gate([row(15, 20)], min, 'point')[0]).toMatchObject({ verdict: 'fail', failed: true });
  });
});
