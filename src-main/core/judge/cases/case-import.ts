import {
  type CaseFileFormat,
  type CaseImportProblem,
  type CaseImportResult,
  type CaseMapping,
  PROBLEMS_LISTED,
  type RowPlace,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { CASES_PER_SET_MAX } from '../../../../src-shared/judge/case-answers';
import { invalidInput } from '../../../../src-shared/result';
import { caseData } from '../../db/judge-case-repository';
import type { CaseImportStaging, StagingProgress } from '../../db/judge-case-staging';
import { checkMapping, mapRow, problem } from './case-mapping';
import type { RowProblem } from './case-rows';
import { type CaseSource, scanCaseFile, type ScanProgress, stopMessage } from './case-file-scan';

/** Everything an import needs to read its file, whether main or a worker thread reads it. */
export interface ImportReadInput {
  format?: CaseFileFormat;
  mapping: CaseMapping;
  questions: Question[];
  signal?: AbortSignal;
  onProgress?: (p: ScanProgress) => void;
}

/**
 * Reads a case file for Import (docs/architecture.md, "Judge test cases"): the way the preview
 * read it (the same reader, caps and mapping), handing each case in its stored form to `keep`
 * as it comes, so nothing but the listed problems is held. Throws the file's fatal flaw, a cap
 * met or a mapping that names what is not there as an invalid_input naming `file` or the field.
 */
export async function readImportRows(
  source: CaseSource,
  input: ImportReadInput,
  newId: () => string,
  keep: (id: string, data: string) => void,
): Promise<Omit<CaseImportResult, 'added'>> {
  const { mapping, questions } = input;
  const left = rowsLeftOut();
  const skip = left.add;
  const notes: CaseImportProblem[] = [];
  const end = await scanCaseFile(
    source,
    { format: input.format, signal: input.signal, onProgress: input.onProgress },
    (item) => {
      if (item.problem) {
        if (skipsRow(item.problem)) skip(item.problem, [item.problem.reason]);
        else if (notes.length < PROBLEMS_LISTED)
          notes.push(problem(item.problem, item.problem.field, item.problem.reason));
        return;
      }
      const mapped = mapRow(item.row, mapping, questions);
      if (mapped.ok) keep(newId(), caseData(mapped.draft));
      else
        skip(
          mapped.place,
          mapped.problems.map((x) => `${x.field}: ${x.reason}`),
        );
    },
  );
  if (end.fatal) throw invalidInput('file', `the file cannot be read: it ${end.fatal}`);
  if (end.stopped) throw invalidInput('file', stopMessage(end.stopped));
  checkMapping(mapping, end.columns, questions);
  return { skipped: left.listed(), skippedCount: left.count(), notes };
}

/**
 * Imports a case file into a set: read as `readImportRows` reads it, each case staged as it
 * comes, then all of them committed after the set's last case in one transaction (all land or
 * none). Main runs it for text and the command line; the app runs it in a worker thread
 * (case-import-job.ts). The staging is dropped whatever happens.
 */
export async function importCaseFile(
  staging: CaseImportStaging,
  source: CaseSource,
  input: ImportReadInput & { setId: string; updatedAt: number },
  newId: () => string,
  onWriting?: (p: StagingProgress) => void,
): Promise<CaseImportResult> {
  try {
    const read = await readImportRows(source, input, newId, (id, data) => staging.add(id, data));
    const added = staging.commit(input.setId, input.updatedAt, noRoom, onWriting);
    return { added, ...read };
  } finally {
    staging.drop();
  }
}

export const noRoom = (held: number, adding: number) =>
  `A question set holds at most ${CASES_PER_SET_MAX.toLocaleString('en')} test cases; this one has ${held.toLocaleString('en')}, so ${adding.toLocaleString('en')} more do not fit.`;

const order = (p: RowPlace) => p.line ?? p.item ?? 0;
export function sortByPlace<T extends RowPlace>(list: T[]): T[] {
  return [...list].sort((a, b) => order(a) - order(b));
}

/**
 * The rows an import leaves out, with why: all counted, the first PROBLEMS_LISTED kept (the
 * case import and an eval's dataset import report them the same way).
 */
export function rowsLeftOut() {
  const kept: (RowPlace & { reasons: string[] })[] = [];
  let count = 0;
  return {
    add(place: RowPlace, reasons: string[]): void {
      count++;
      if (kept.length < PROBLEMS_LISTED)
        kept.push({ ...(place.line !== undefined ? { line: place.line } : { item: place.item }), reasons });
    },
    count: () => count,
    /** The kept ones in the file's order. */
    listed: () => sortByPlace(kept),
  };
}

/**
 * A preview of a file that cannot be read at all: no columns, no rows, the one problem saying
 * why (the case import and an eval's dataset import answer it the same way).
 */
export function unreadableFilePreview<F extends string, M>(format: F, fatal: string, mapping: M) {
  return {
    format,
    columns: [] as string[],
    mapping,
    rows: [] as never[],
    rowCount: 0,
    validCount: 0,
    problems: [problem({}, 'file', fatal)],
    problemCount: 1,
  };
}

/** A row the file's own syntax left out (a header or file problem is not a row). */
const skipsRow = (p: RowProblem) => p.skipsRow && p.field === 'row';
