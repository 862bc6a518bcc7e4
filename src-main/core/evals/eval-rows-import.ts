import type {
  CaseFileFormat,
  CaseFileStop,
  CaseImportProblem,
  RowPlace,
} from '../../../src-shared/judge/judge-case-import';
import { PREVIEW_ROWS, PROBLEMS_LISTED } from '../../../src-shared/judge/judge-case-import';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import { DATASET_ROWS_MAX } from '../../../src-shared/evals/eval-limits';
import type {
  EvalRowsImportResult,
  EvalRowsMapping,
  EvalRowsPreview,
} from '../../../src-shared/evals/eval-rows-import';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import type { DbContext } from '../db/quarantine';
import { type CaseSource, scanCaseFile, type ScanProgress } from '../judge/cases/case-file-scan';
import { problem } from '../judge/cases/case-mapping';
import { rowsLeftOut, sortByPlace, unreadableFilePreview } from '../judge/cases/case-import';
import type { RowItem, RowProblem } from '../judge/cases/case-rows';
import { checkRowsMapping, mapDatasetRow, proposeRowsMapping } from './eval-rows-import-mapping';
import { EvalRowsStaging } from './eval-rows-import-staging';

/**
 * Reading a dataset file for an eval (docs/architecture.md, "Evals") with the
 * workbench's case-file reader (case-file-scan.ts: a stream, in short turns of main's event loop,
 * the same caps: 50 MB, 100,000 rows), each row mapped to variables by column.
 */
export interface RowsReadInput {
  format?: CaseFileFormat;
  signal?: AbortSignal;
  onProgress?: (p: ScanProgress) => void;
}

const SCAN_LIMITS = { rows: DATASET_ROWS_MAX };

export function rowsStopMessage(stop: CaseFileStop): string {
  if (stop.reason === 'bytes')
    return `the file is larger than ${stop.limit / 1024 / 1024} MB (stopped reading at byte ${stop.at.toLocaleString('en')})`;
  const where = stop.line !== undefined ? `, line ${stop.line.toLocaleString('en')}` : '';
  return `the file has more than ${stop.limit.toLocaleString('en')} rows (stopped reading at row ${stop.at.toLocaleString('en')}${where}); an eval's dataset holds at most ${stop.limit.toLocaleString('en')}`;
}

/** The reader speaks of cases; a dataset has rows. */
const rowWords = (reason: string) =>
  reason.replace(/^holds no cases/, 'holds no rows').replace('than a case can hold', 'than a row can hold');

const fileProblem = (p: RowProblem) => problem(p, p.field, rowWords(p.reason));

/** A row the file's own syntax left out (a header or file problem is not a row). */
const skipsRow = (p: RowProblem) => p.skipsRow && p.field === 'row';

/** Reads the file and says what an import would do; writes nothing. */
export async function previewEvalRows(
  source: CaseSource,
  input: RowsReadInput & { mapping?: EvalRowsMapping; held: number },
): Promise<EvalRowsPreview> {
  let format = input.format;
  let mapping: EvalRowsMapping | null = input.mapping ?? null;
  const scan = { format, signal: input.signal, onProgress: input.onProgress, limits: SCAN_LIMITS };
  // JSONL and JSON name their columns row by row: a first reading finds them all.
  if (!mapping && format !== 'csv') {
    const first = await scanCaseFile(source, scan, () => undefined);
    format = first.format;
    mapping = proposeRowsMapping(first.columns);
  }
  const listed: CaseImportProblem[] = [];
  let problemCount = 0;
  const note = (p: CaseImportProblem) => {
    problemCount++;
    if (listed.length < PROBLEMS_LISTED) listed.push(p);
  };
  const rows: (RowPlace & DatasetRow)[] = [];
  let validCount = 0;
  let proposed = mapping !== null;
  const end = await scanCaseFile(source, { ...scan, format }, (item: RowItem, reader) => {
    if (item.problem) return note(fileProblem(item.problem));
    // A CSV's columns are its header's, known before its first row.
    if (!proposed) {
      mapping = proposeRowsMapping(reader.columns);
      proposed = true;
    }
    if (!mapping) return;
    const mapped = mapDatasetRow(item.row, mapping);
    if (mapped.ok) {
      validCount++;
      if (rows.length < PREVIEW_ROWS) rows.push({ ...mapped.place, ...mapped.row });
    } else for (const p of mapped.problems) note(p);
  });
  if (!proposed) mapping = proposeRowsMapping(end.columns);
  if (input.mapping) checkRowsMapping(input.mapping, end.columns);
  const base = { format: end.format, replaces: input.held };
  if (end.fatal) return { ...unreadableFilePreview(end.format, end.fatal, null), replaces: input.held };
  if (end.stopped) note(problem({}, 'file', rowsStopMessage(end.stopped)));
  return {
    ...base,
    ...(end.stopped ? { stopped: end.stopped } : {}),
    columns: end.columns,
    mapping,
    rows,
    rowCount: end.rows,
    validCount,
    problems: sortByPlace(listed),
    problemCount,
  };
}

/**
 * Imports a dataset file into an eval: read as the preview read it, each row staged as it comes,
 * then the eval's rows replaced in one transaction (eval-rows-import-staging.ts). Main runs it on
 * an in-memory database (tests); the app runs it in a worker thread (eval-rows-import-job.ts).
 * Throws the file's flaw, a cap met, a mapping naming what is not there, or a file with no row
 * to import, as an invalid_input naming `file` or the field; then nothing is written.
 */
export async function importEvalRows(
  ctx: DbContext,
  source: CaseSource,
  input: RowsReadInput & { evalId: string; mapping: EvalRowsMapping; at: number },
): Promise<EvalRowsImportResult> {
  const staging = new EvalRowsStaging(ctx);
  try {
    const left = rowsLeftOut();
    const skip = left.add;
    let added = 0;
    const notes: CaseImportProblem[] = [];
    const end = await scanCaseFile(
      source,
      { format: input.format, signal: input.signal, onProgress: input.onProgress, limits: SCAN_LIMITS },
      (item) => {
        if (item.problem) {
          if (skipsRow(item.problem)) skip(item.problem, [rowWords(item.problem.reason)]);
          else if (notes.length < PROBLEMS_LISTED) notes.push(fileProblem(item.problem));
          return;
        }
        const mapped = mapDatasetRow(item.row, input.mapping);
        if (!mapped.ok)
          return skip(
            mapped.place,
            mapped.problems.map((p) => `${p.field}: ${p.reason}`),
          );
        staging.add(mapped.row);
        added++;
      },
    );
    if (end.fatal) throw invalidInput('file', `the file cannot be read: it ${end.fatal}`);
    if (end.stopped) throw invalidInput('file', rowsStopMessage(end.stopped));
    checkRowsMapping(input.mapping, end.columns);
    if (added === 0)
      throw invalidInput('file', `has no row to import (${left.count().toLocaleString('en')} left out)`);
    if (input.signal?.aborted)
      throw new AppFailure({ code: 'aborted', message: 'The import was cancelled.' });
    const saved = staging.commit(input.evalId, input.mapping, input.at);
    return { added, skipped: left.listed(), skippedCount: left.count(), notes, eval: saved };
  } finally {
    staging.drop();
  }
}
