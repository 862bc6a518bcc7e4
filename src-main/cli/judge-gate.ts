import {
  fixed,
  type Minimum,
  type Minimums,
  type QuestionMetrics,
  withInterval,
} from './judge-metrics-table';

/**
 * How `gatehouse judge run` gates on the minimums (docs/architecture.md, "Judge metrics with
 * intervals"): `point` passes a metric whose estimate reaches the minimum; `lower-bound` asks
 * the lower end of its 95 % interval to reach it, so a set of few cases cannot pass by luck.
 */
export const GATE_MODES = ['point', 'lower-bound'] as const;
export type GateMode = (typeof GATE_MODES)[number];

/** strong pass: the lower bound reaches the minimum; weak pass: only the estimate does. */
export type GateVerdict = 'strong pass' | 'weak pass' | 'fail';

export function gateVerdict(estimate: number, lower: number | undefined, minimum: number): GateVerdict {
  if (estimate < minimum) return 'fail';
  return lower !== undefined && lower >= minimum ? 'strong pass' : 'weak pass';
}

export interface GateLine {
  question: string;
  metric: 'accuracy' | 'AUC';
  verdict: GateVerdict;
  /** Fails the run under the gate in force. */
  failed: boolean;
  text: string;
}

/** One line per question and gated metric with a value, and whether it fails under `mode`. */
export function gate(rows: readonly QuestionMetrics[], min: Minimums, mode: GateMode): GateLine[] {
  const lines: GateLine[] = [];
  const check = (
    r: QuestionMetrics,
    metric: GateLine['metric'],
    estimate: number | undefined,
    interval: { lower?: number; upper?: number } | undefined,
    m: Minimum | undefined,
  ) => {
    if (!m || estimate === undefined) return;
    const verdict = gateVerdict(estimate, interval?.lower, m.value);
    const failed = verdict === 'fail' || (mode === 'lower-bound' && verdict === 'weak pass');
    const value = `${r.question}: ${metric} ${withInterval(estimate, interval)}`;
    const from = `${m.value} (from ${m.from})`;
    const text =
      verdict === 'fail'
        ? `${value} is below ${from}: fail`
        : verdict === 'weak pass'
          ? `${value} reaches ${from}, its lower bound ${fixed(interval?.lower)} does not: weak pass`
          : `${value} reaches ${from} with its lower bound: strong pass`;
    lines.push({ question: r.question, metric, verdict, failed, text });
  };
  for (const r of rows) {
    check(r, 'accuracy', r.accuracy, r.accuracyInterval, min.accuracy);
    if (r.type === 'noul') check(r, 'AUC', r.auc, r.aucInterval, min.auc);
  }
  return lines;
}
