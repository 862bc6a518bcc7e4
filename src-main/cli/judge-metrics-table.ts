import type { JudgeAnswer } from '../../src-shared/judge/judge-answers';
import type { Question } from '../../src-shared/judge/question-rules';
import {
  binaryMetricsAt,
  choiceSummary,
  type LabelledRunCase,
  pairQuestion,
  rocAuc,
  scoreSummary,
} from '../../src-shared/judge/metrics';

/** One question's agreement with the labels, as the command line prints and gates it. */
export interface QuestionMetrics {
  question: string;
  type: Question['type'];
  used: number;
  total: number;
  /** noul: at the 0.5 threshold; choice: the argmax option; score: the argmax level, exactly. */
  accuracy: number | undefined;
  /** noul only. */
  auc: number | undefined;
}

export function questionMetrics(
  questions: readonly Question[],
  cases: readonly LabelledRunCase[],
): QuestionMetrics[] {
  return questions.map((q) => {
    const paired = pairQuestion(q, cases);
    const base = { question: q.name, type: q.type, used: paired.coverage.used, total: paired.coverage.total };
    if (paired.type === 'noul') {
      return {
        ...base,
        accuracy: binaryMetricsAt(paired.cases, 0.5).accuracy,
        auc: rocAuc(paired.cases).auc,
      };
    }
    if (paired.type === 'choice')
      return { ...base, accuracy: choiceSummary(paired.cases).accuracy, auc: undefined };
    return { ...base, accuracy: scoreSummary(paired.cases).exact, auc: undefined };
  });
}

const fixed = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(3));

export function metricsTable(rows: readonly QuestionMetrics[]): string {
  const lines = [['question', 'type', 'cases used', 'accuracy', 'AUC']];
  for (const r of rows)
    lines.push([r.question, r.type, `${r.used}/${r.total}`, fixed(r.accuracy), fixed(r.auc)]);
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

/** What falls below a minimum, one line each; empty when the set passes. */
export function belowMinimums(
  rows: readonly QuestionMetrics[],
  min: { accuracy?: number; auc?: number },
): string[] {
  const failed: string[] = [];
  for (const r of rows) {
    if (min.accuracy !== undefined && r.accuracy !== undefined && r.accuracy < min.accuracy)
      failed.push(`${r.question}: accuracy ${fixed(r.accuracy)} is below ${min.accuracy}`);
    if (min.auc !== undefined && r.type === 'noul' && r.auc !== undefined && r.auc < min.auc)
      failed.push(`${r.question}: AUC ${fixed(r.auc)} is below ${min.auc}`);
  }
  return failed;
}

export const answersOf = (raw: readonly Record<string, unknown>[] | undefined) =>
  raw as readonly JudgeAnswer[] | undefined;
