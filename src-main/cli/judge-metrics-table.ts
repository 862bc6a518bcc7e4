import type { Question } from '../../src-shared/judge/question-rules';
import {
  choiceIntervalSteps,
  type LabelledRunCase,
  noulIntervalSteps,
  pairQuestion,
  runSteps,
  scoreIntervalSteps,
} from '../../src-shared/judge/metrics';
import {
  type BootstrapInterval,
  DEFAULT_PRECISION_TARGET,
  type PrecisionWarning,
  precisionWarning,
  precisionWarningText,
  type WilsonInterval,
} from '../../src-shared/stats';
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
  /** The accuracy's Wilson interval (95 %). */
  accuracyInterval: WilsonInterval;
  /** noul only. */
  auc: number | undefined;
  /** noul only: the AUC's seeded bootstrap interval (docs/architecture.md, "Judge metrics with intervals"). */
  aucInterval: BootstrapInterval | undefined;
  /**
   * Set when the labelled cases give the accuracy an interval wider than ± DEFAULT_PRECISION_TARGET
   * (docs/architecture.md, "Judge thresholds"); the table prints it as a note.
   */
  accuracyWarning?: PrecisionWarning;
}

/** The accuracy's too-few-cases warning, if its Wilson interval is wider than the target. */
const warningOf = (i: WilsonInterval) => {
  const w = precisionWarning(i.successes, i.n, DEFAULT_PRECISION_TARGET, i.confidence);
  return w ? { accuracyWarning: w } : {};
};

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
      const i = runSteps(noulIntervalSteps(paired.cases, threshold));
      return {
        ...base,
        threshold,
        accuracy: i.accuracy.estimate,
        accuracyInterval: i.accuracy,
        auc: i.auc.estimate,
        aucInterval: i.auc,
        ...warningOf(i.accuracy),
      };
    }
    const accuracyInterval =
      paired.type === 'choice'
        ? runSteps(choiceIntervalSteps(paired.cases, paired.options.length)).accuracy
        : runSteps(scoreIntervalSteps(paired.cases, paired.levelCount)).exact;
    return {
      ...base,
      threshold: undefined,
      accuracy: accuracyInterval.estimate,
      accuracyInterval,
      auc: undefined,
      aucInterval: undefined,
      ...warningOf(accuracyInterval),
    };
  });
}

export const fixed = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(3));

/** "0.850 [0.812, 0.881]": the estimate and its 95 % interval, or the estimate alone without one. */
export function withInterval(
  v: number | undefined,
  i: { lower?: number; upper?: number } | undefined,
): string {
  if (v === undefined) return '—';
  if (i?.lower === undefined || i.upper === undefined) return fixed(v);
  return `${fixed(v)} [${fixed(i.lower)}, ${fixed(i.upper)}]`;
}

/** The table, then a note under it for each question with too few labelled cases. */
export function metricsTable(rows: readonly QuestionMetrics[]): string {
  const lines = [['question', 'type', 'cases used', 'threshold', 'accuracy [95% CI]', 'AUC [95% CI]']];
  for (const r of rows)
    lines.push([
      r.question,
      r.type,
      `${r.used}/${r.total}`,
      r.threshold === undefined ? '—' : String(r.threshold),
      withInterval(r.accuracy, r.accuracyInterval),
      withInterval(r.auc, r.aucInterval),
    ]);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const table = lines.map((l) =>
    l
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
  return [...table, ...precisionNotes(rows)].join('\n');
}

/** "note: q: accuracy: 40 labelled cases give …" for each question whose accuracy is too loose. */
export function precisionNotes(rows: readonly QuestionMetrics[]): string[] {
  return rows.flatMap((r) =>
    r.accuracyWarning ? [`note: ${r.question}: accuracy: ${precisionWarningText(r.accuracyWarning)}`] : [],
  );
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
