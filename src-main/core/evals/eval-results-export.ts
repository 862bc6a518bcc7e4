import type { EvalSpec } from '../../../src-shared/evals/eval-definition';
import type { EvalCell } from '../../../src-shared/evals/eval-run';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import type { JudgeAnswer } from '../../../src-shared/judge/judge-answers';
import type { Question } from '../../../src-shared/judge/question-rules';
import { type CsvOptions, writeCsv } from '../judge/cases/csv';

/**
 * An eval run's results as a file (docs/architecture.md, "Evals"): one line per
 * cell (row × variant × target × sample), the row's variables and expected value beside the
 * reply, its checks and the grader's reading of each question. Pure formatting, a page of rows
 * at a time, shared by the app's `evals.runs.export` and the command line's `--out`. CSV cells go
 * through `csvField` (formula-leading cells neutralised unless raw, see "Exports"); JSON Lines
 * keep every value as it is, the grader's answers whole.
 */
export type EvalResultsFormat = 'csv' | 'jsonl';

export interface EvalRowWithPosition extends DatasetRow {
  position: number;
}

/** The columns every line has, in order (CSV's header). */
function headerOf(spec: EvalSpec, questions: readonly Question[]): string[] {
  return [
    'row',
    'variant',
    'variant_name',
    'target',
    'model',
    'sample',
    'state',
    ...spec.dataset.columns,
    ...(spec.dataset.expectedColumn ? [spec.dataset.expectedColumn] : []),
    'reply',
    'finish_reason',
    'answered_by',
    'from_cache',
    'latency_ms',
    'tokens_in',
    'tokens_out',
    'cost_yuan',
    ...spec.checks.map((c, i) => `check${i + 1}.${c.kind}`),
    ...(spec.similarity ? ['similarity'] : []),
    ...questions.map(
      (q) => `${q.name}.${q.type === 'choice' ? 'choice' : q.type === 'score' ? 'position' : 'value'}`,
    ),
    'error',
  ];
}

/** A question's reading in one CSV cell: the chosen option, the score's position on its levels counted from 0 (as the statistics read it), the noul value. */
function reading(answer: JudgeAnswer | undefined): string {
  if (!answer) return '';
  if (answer.kind === 'choice') return answer.choice ?? '';
  if (answer.kind === 'score') return answer.position === undefined ? '' : String(answer.position);
  if (answer.kind === 'noul') return answer.noul === undefined ? '' : String(answer.noul);
  return '';
}

const text = (v: number | undefined) => (v === undefined ? '' : String(v));
const verdict = (pass: boolean | null | undefined) => (pass === true ? 'pass' : pass === false ? 'fail' : '');

function csvLine(
  spec: EvalSpec,
  questions: readonly Question[],
  row: EvalRowWithPosition | undefined,
  cell: EvalCell,
): string[] {
  const variant = spec.variants.find((v) => v.id === cell.variantId);
  const target = spec.targets.find((t) => t.id === cell.targetId);
  const grades = (cell.grades ?? []) as unknown as JudgeAnswer[];
  return [
    String(cell.row + 1),
    cell.variantId,
    variant?.name ?? '',
    cell.targetId,
    target?.model ?? '',
    String(cell.sample + 1),
    cell.state,
    ...spec.dataset.columns.map((c) => row?.variables[c] ?? ''),
    ...(spec.dataset.expectedColumn ? [row?.expected ?? ''] : []),
    cell.reply?.text ?? '',
    cell.reply?.finishReason ?? '',
    cell.reply?.model ?? '',
    cell.reply?.fromCache ? 'true' : cell.reply ? 'false' : '',
    text(cell.latencyMs),
    text(cell.tokensIn),
    text(cell.tokensOut),
    text(cell.costYuan),
    ...spec.checks.map((_, i) => verdict(cell.checks?.[i]?.pass)),
    ...(spec.similarity ? [text(cell.similarity)] : []),
    ...questions.map((q) => reading(grades.find((g) => g.name === q.name))),
    cell.error?.message ?? '',
  ];
}

function jsonLine(spec: EvalSpec, row: EvalRowWithPosition | undefined, cell: EvalCell): string {
  const target = spec.targets.find((t) => t.id === cell.targetId);
  return `${JSON.stringify({
    row: cell.row + 1,
    variant: cell.variantId,
    target: cell.targetId,
    model: target?.model,
    sample: cell.sample + 1,
    state: cell.state,
    variables: row?.variables ?? {},
    ...(row?.expected !== undefined ? { expected: row.expected } : {}),
    reply: cell.reply,
    latencyMs: cell.latencyMs,
    tokensIn: cell.tokensIn,
    tokensOut: cell.tokensOut,
    costYuan: cell.costYuan,
    checks: cell.checks,
    grades: cell.grades,
    similarity: cell.similarity,
    error: cell.error,
  })}\n`;
}

/** What the export reads, a page of rows at a time (the repositories give both). */
export interface EvalResultsSource {
  rows(from: number, limit: number): EvalRowWithPosition[];
  /** The cells of rows `from` ≤ row < `to`, in row order. */
  cells(from: number, to: number): EvalCell[];
}

/**
 * Rows per page: a page's text stays small whatever the run's size (4 columns of 300-character
 * replies: about 20 ms a page on a loaded machine; 200 rows took 77 ms).
 */
export const EXPORT_PAGE_ROWS = 50;

/**
 * The file's text a page at a time: the header (CSV), then each page's cells. A cell never sent
 * has no line; `rows` is how many rows the run planned.
 */
export function* evalResultsChunks(
  spec: EvalSpec,
  questions: readonly Question[],
  rows: number,
  source: EvalResultsSource,
  format: EvalResultsFormat,
  csv: CsvOptions = {},
): Generator<string> {
  if (format === 'csv') yield writeCsv([headerOf(spec, questions)], csv);
  for (let from = 0; from < rows; from += EXPORT_PAGE_ROWS) {
    const to = Math.min(rows, from + EXPORT_PAGE_ROWS);
    const byPosition = new Map(source.rows(from, to - from).map((r) => [r.position, r]));
    const cells = source.cells(from, to);
    if (cells.length === 0) continue;
    yield format === 'csv'
      ? writeCsv(
          cells.map((c) => csvLine(spec, questions, byPosition.get(c.row), c)),
          csv,
        )
      : cells.map((c) => jsonLine(spec, byPosition.get(c.row), c)).join('');
  }
}

/** The whole file as one text (the app's save dialog takes text). */
export function evalResultsText(...args: Parameters<typeof evalResultsChunks>): string {
  let out = '';
  for (const chunk of evalResultsChunks(...args)) out += chunk;
  return out;
}
