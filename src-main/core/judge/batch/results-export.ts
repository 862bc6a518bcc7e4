import { answerProblems, problemText } from '../../../../src-shared/judge/answer-check';
import type { JudgeAnswer } from '../../../../src-shared/judge/judge-answers';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { readChoice } from '../../../../src-shared/judge/case-grade';
import { type SetTuning, noulVerdict, thresholdFor } from '../../../../src-shared/judge/set-tuning';
import { type CsvOptions, writeCsv } from '../cases/csv';
import type { LabelledRunRow } from './labelled-run';

/**
 * A batch run's results as one row per case, the same for the app's results export and the
 * command line's `--out` (docs/architecture.md, "Judge thresholds"). Levels are numbered from 1,
 * as the case files number them; a noul answer carries its value and its verdict at the
 * threshold in force, so a file read later says what the gate saw. An answer that does not fit its
 * question (answer-check.ts) has no reading (option, level, verdict), its numbers as received and
 * its problems in words, as the results grid marks it.
 */
export type ResultsFormat = 'csv' | 'jsonl';
type Cell = string | number | boolean | undefined;

export type ExportedAnswer = (
  | { option: string | undefined; probability: number | undefined }
  | { level: number | undefined; probabilities: (number | undefined)[] }
  | { value: number | undefined; threshold: number; verdict: boolean | undefined }
) & { problems?: string[] };

export interface ResultRow {
  /** From 1, in the run's order. */
  case: number;
  state: string;
  caseState: LabelledRunRow['state']['mode'];
  /** The labels: an option's name, a level from 1, true or false. */
  expected: Record<string, string | number | boolean>;
  /** `waiting`: the run has not judged this case (yet). */
  status: 'done' | 'failed' | 'waiting';
  model: string | undefined;
  answers: Record<string, ExportedAnswer>;
  inputTokens: number | undefined;
  latencyMs: number | undefined;
  error: string | undefined;
}

function exportedAnswer(
  q: Question,
  a: JudgeAnswer | undefined,
  tuning: SetTuning | undefined,
): ExportedAnswer {
  const problems = a ? answerProblems(a, q).map(problemText) : [];
  if (problems.length > 0) return flaggedAnswer(q, a, tuning, problems);
  if (q.type === 'choice') return readChoice(a);
  if (q.type === 'score') {
    const probabilities = q.levels.map((_, i) =>
      a?.kind === 'score' ? a.levels[i]?.probability : undefined,
    );
    const known = probabilities.filter((p): p is number => p !== undefined);
    let level: number | undefined;
    // The most probable level, as the metrics read it; without probabilities, the score's position.
    if (known.length) level = probabilities.indexOf(Math.max(...known)) + 1;
    else if (a?.kind === 'score' && a.position !== undefined) level = Math.round(a.position) + 1;
    return { level, probabilities };
  }
  const threshold = thresholdFor(tuning, q.name);
  const value = a?.kind === 'noul' ? a.noul : undefined;
  return { value, threshold, verdict: value === undefined ? undefined : noulVerdict(value, threshold) };
}

/** No reading of an answer that does not fit its question: its numbers as received, and why. */
function flaggedAnswer(
  q: Question,
  a: JudgeAnswer | undefined,
  tuning: SetTuning | undefined,
  problems: string[],
): ExportedAnswer {
  if (q.type === 'choice') return { option: undefined, probability: undefined, problems };
  if (q.type === 'score') {
    const probabilities = q.levels.map((_, i) =>
      a?.kind === 'score' ? a.levels[i]?.probability : undefined,
    );
    return { level: undefined, probabilities, problems };
  }
  const value = a?.kind === 'noul' ? a.noul : undefined;
  return { value, threshold: thresholdFor(tuning, q.name), verdict: undefined, problems };
}

function expectedOf(q: Question, label: unknown): string | number | boolean | undefined {
  if (q.type === 'score' && typeof label === 'number') return label + 1;
  return typeof label === 'string' || typeof label === 'boolean' ? label : undefined;
}

/** One row per case of the run; `tuning` is the tuning in force (the set's latest). */
export function resultRows(
  questions: readonly Question[],
  rows: readonly LabelledRunRow[],
  tuning: SetTuning | undefined,
): ResultRow[] {
  return rows.map((r) => {
    const answers = r.result?.status === 'done' ? (r.result.answers as JudgeAnswer[] | undefined) : undefined;
    const expected: ResultRow['expected'] = {};
    for (const q of questions) {
      const e = expectedOf(q, r.labelled.labels[q.name]);
      if (e !== undefined) expected[q.name] = e;
    }
    const error = r.result?.error;
    return {
      case: r.position + 1,
      state: r.state.text,
      caseState: r.state.mode,
      expected,
      status: r.result?.status ?? 'waiting',
      model: r.result?.modelAnswered,
      answers: Object.fromEntries(
        questions.map((q) => [
          q.name,
          exportedAnswer(
            q,
            answers?.find((a) => a.name === q.name),
            tuning,
          ),
        ]),
      ),
      inputTokens: r.result?.inputTokens,
      latencyMs: r.result?.latencyMs,
      error: error ? `${error.code}: ${error.message}` : undefined,
    };
  });
}

/** The CSV columns: one per field of every question, in the set's order. */
export function resultColumns(questions: readonly Question[]): string[] {
  const perQuestion = questions.flatMap((q) => {
    const problems = `${q.name}.problems`;
    if (q.type === 'choice') return [`${q.name}.option`, `${q.name}.probability`, problems];
    if (q.type === 'score')
      return [`${q.name}.level`, ...q.levels.map((_, i) => `${q.name}.p${i + 1}`), problems];
    return [`${q.name}.value`, `${q.name}.threshold`, `${q.name}.verdict`, problems];
  });
  return [
    'case',
    'state',
    'state_type',
    ...questions.map((q) => `expected.${q.name}`),
    'status',
    'model',
    ...perQuestion,
    'input_tokens',
    'latency_ms',
    'error',
  ];
}

/** A row by CSV column: what each cell holds before it is written as text. */
export function flatRow(questions: readonly Question[], row: ResultRow): Record<string, Cell> {
  const cells: Record<string, Cell> = {
    case: row.case,
    state: row.state,
    state_type: row.caseState,
    status: row.status,
    model: row.model,
    input_tokens: row.inputTokens,
    latency_ms: row.latencyMs,
    error: row.error,
  };
  for (const q of questions) {
    cells[`expected.${q.name}`] = row.expected[q.name];
    const a = row.answers[q.name];
    cells[`${q.name}.problems`] = a.problems?.join('; ');
    if ('option' in a)
      Object.assign(cells, { [`${q.name}.option`]: a.option, [`${q.name}.probability`]: a.probability });
    else if ('level' in a) {
      cells[`${q.name}.level`] = a.level;
      a.probabilities.forEach((p, i) => (cells[`${q.name}.p${i + 1}`] = p));
    } else
      Object.assign(cells, {
        [`${q.name}.value`]: a.value,
        [`${q.name}.threshold`]: a.threshold,
        [`${q.name}.verdict`]: a.verdict,
      });
  }
  return cells;
}

/**
 * The file's text: CSV (RFC 4180, a header row; formula cells neutralised unless `csv.raw`, see
 * csv.ts) or JSON Lines (one object per case, always as it is).
 */
export function writeResults(
  questions: readonly Question[],
  rows: readonly ResultRow[],
  format: ResultsFormat,
  csv: CsvOptions = {},
): string {
  if (format === 'jsonl') return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  const columns = resultColumns(questions);
  const body = rows.map((r) => {
    const cells = flatRow(questions, r);
    return columns.map((c) => (cells[c] === undefined ? '' : String(cells[c])));
  });
  return writeCsv([columns, ...body], csv);
}
