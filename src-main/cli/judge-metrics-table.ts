import type { Question } from '../../src-shared/judge/question-rules';
import {
  binaryMetricsAt,
  choiceSummary,
  type LabelledRunCase,
  pairQuestion,
  rocAuc,
  scoreSummary,
} from '../../src-shared/judge/metrics';
import { type SetTuning, thresholdFor } from '../../src-shared/judge/set-tuning';

/** One question's agreement with the labels, as the command line prints and gates it. */
export interface QuestionMetrics {
  question: string;
  type: Question['type'];
  used: number;
  total: number;
  /** noul only: the question's saved threshold (0.5 when the set saved none). */
  threshold: number | undefined;
  /** noul: at its threshold; choice: the argmax option; score: the argmax level, exactly. */
  accuracy: number | undefined;
  /** noul only. */
  auc: number | undefined;
}

export function questionMetrics(
  questions: readonly Question[],
  cases: readonly LabelledRunCase[],
  tuning: SetTuning | undefined,
): QuestionMetrics[] {
  return questions.map((q) => {
    const paired = pairQuestion(q, cases);
    const base = { question: q.name, type: q.type, used: paired.coverage.used, total: paired.coverage.total };
    if (paired.type === 'noul') {
      const threshold = thresholdFor(tuning, q.name);
      return {
        ...base,
        threshold,
        accuracy: binaryMetricsAt(paired.cases, threshold).accuracy,
        auc: rocAuc(paired.cases).auc,
      };
    }
    const accuracy =
      paired.type === 'choice' ? choiceSummary(paired.cases).accuracy : scoreSummary(paired.cases).exact;
    return { ...base, threshold: undefined, accuracy, auc: undefined };
  });
}

const fixed = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(3));

export function metricsTable(rows: readonly QuestionMetrics[]): string {
  const lines = [['question', 'type', 'cases used', 'threshold', 'accuracy', 'AUC']];
  for (const r of rows)
    lines.push([
      r.question,
      r.type,
      `${r.used}/${r.total}`,
      r.threshold === undefined ? '—' : String(r.threshold),
      fixed(r.accuracy),
      fixed(r.auc),
    ]);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  return lines
    .map((l) =>
      l
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A minimum in force and where it came from: the set file's tuning, or a flag that overrides it. */
export interface Minimum {
  value: number;
  from: 'the set file' | '--min-accuracy' | '--min-auc';
}
export interface Minimums {
  accuracy?: Minimum;
  auc?: Minimum;
}

/** A flag wins over the set file's minimum; either may be absent. */
export function minimumsInForce(
  saved: SetTuning['minimums'] | undefined,
  flags: { accuracy?: number; auc?: number },
): Minimums {
  const pick = (flag: number | undefined, fromFile: number | undefined, name: Minimum['from']) =>
    flag !== undefined
      ? { value: flag, from: name }
      : fromFile !== undefined
        ? { value: fromFile, from: 'the set file' as const }
        : undefined;
  return {
    accuracy: pick(flags.accuracy, saved?.accuracy, '--min-accuracy'),
    auc: pick(flags.auc, saved?.auc, '--min-auc'),
  };
}

/** The line that says which minimums gate the run, e.g. "minimums: accuracy 0.8 (from the set file)". */
export function minimumsLine(min: Minimums): string {
  const parts = [
    min.accuracy && `accuracy ${min.accuracy.value} (from ${min.accuracy.from})`,
    min.auc && `AUC ${min.auc.value} (from ${min.auc.from})`,
  ].filter(Boolean);
  return parts.length
    ? `minimums: ${parts.join(', ')}`
    : 'minimums: none (the set file saves none and no --min-accuracy or --min-auc was given)';
}

/** What falls below a minimum, one line each; empty when the set passes. */
export function belowMinimums(rows: readonly QuestionMetrics[], min: Minimums): string[] {
  const failed: string[] = [];
  for (const r of rows) {
    if (min.accuracy && r.accuracy !== undefined && r.accuracy < min.accuracy.value)
      failed.push(
        `${r.question}: accuracy ${fixed(r.accuracy)} is below ${min.accuracy.value} (from ${min.accuracy.from})`,
      );
    if (min.auc && r.type === 'noul' && r.auc !== undefined && r.auc < min.auc.value)
      failed.push(`${r.question}: AUC ${fixed(r.auc)} is below ${min.auc.value} (from ${min.auc.from})`);
  }
  return failed;
}
