import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { type EvalRecord, evalRecordSchema, type EvalSpec } from '../../src-shared/evals/eval-definition';
import { issuesOf, parseEvalFile, problemLines } from '../../src-shared/evals/eval-file';
import { EVAL_FILE_TEXT_MAX } from '../../src-shared/evals/eval-limits';
import { SET_FILE_TEXT_MAX } from '../../src-shared/judge/judge-inputs';
import type { Question } from '../../src-shared/judge/question-rules';
import { AppFailure } from '../../src-shared/result';
import type { Repositories } from '../core/db/repositories';
import type { DbContext } from '../core/db/quarantine';
import { fileSource } from '../core/judge/cases/case-file-scan';
import { readEnvelope } from '../core/judge/set-transfer';
import { importEvalRows } from '../core/evals/eval-rows-import';
import { fail, readSmall } from './judge-run';

/**
 * The command line's eval (docs/architecture.md, "Evals"): the eval file read and
 * checked as the app reads it, its dataset file and grader set file found beside it, and all of
 * it saved in a temporary database as the app would hold it (the rows imported by the app's own
 * reader, the set as a saved set), so the app's run engine runs it unchanged.
 */
export const CLI_EVAL_ID = 'cli-eval';
export const CLI_SET_ID = 'cli-set';

/** A path in the eval file is relative to the file. */
const besideFile = (evalPath: string, path: string) =>
  isAbsolute(path) ? path : resolve(dirname(resolve(evalPath)), path);

/** A file the eval names, checked by the eval's field so the message says which line to fix. */
function namedFile(evalPath: string, path: string, field: string): string {
  const full = besideFile(evalPath, path);
  let stats;
  try {
    stats = statSync(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT'
        ? `${field}: ${full} does not exist (a path in the eval file is read from the file's folder)`
        : `${field}: cannot read ${full} (${code})`,
    );
  }
  if (stats.isDirectory()) fail(`${field} must name a file: ${full} is a folder`);
  return full;
}

/** The eval file, checked: its problems as `variants[1].user: …`, one line each. */
export async function readEvalFile(path: string): Promise<EvalSpec> {
  const text = await readSmall(
    path,
    'eval',
    EVAL_FILE_TEXT_MAX,
    'must be at most 5 MB (an eval file holds no rows)',
  );
  const parsed = parseEvalFile(text);
  if (!parsed.ok) fail(`${path}:\n${problemLines(parsed.problems).join('\n')}`);
  return parsed.spec;
}

export interface LoadedEval {
  record: EvalRecord;
  questions: Question[];
  setName?: string;
  rows: number;
  skipped: number;
}

/**
 * Saves `spec` in the temporary database with every target (and the grader) on `profileId`,
 * its grader's set file as a saved set, and its dataset file's rows imported.
 */
export async function loadEval(
  ctx: DbContext,
  repos: Pick<Repositories, 'evals' | 'sets'>,
  evalPath: string,
  spec: EvalSpec,
  profileId: string,
  note: (line: string) => void,
): Promise<LoadedEval> {
  const source = spec.dataset.source;
  if (source.kind !== 'file')
    fail(
      'dataset.source: must be {"kind": "file", "path": …} for the command line (an eval saved in the app keeps its rows there)',
    );
  const rowsPath = namedFile(evalPath, source.path, 'dataset.source.path');
  let questions: Question[] = [];
  let setName: string | undefined;
  let grader = spec.grader;
  const now = Date.now();
  if (grader) {
    if (grader.set.kind !== 'file')
      fail(
        'grader.set: must be {"kind": "file", "path": …} for the command line (a saved set is in the app)',
      );
    const setPath = namedFile(evalPath, grader.set.path, 'grader.set.path');
    let set;
    try {
      set = readEnvelope(
        await readSmall(setPath, 'grader.set.path', SET_FILE_TEXT_MAX, 'must be at most 5 MB'),
      ).set;
    } catch (err) {
      if (err instanceof AppFailure) fail(`grader.set.path: ${setPath}: ${err.message}`);
      throw err;
    }
    questions = set.questions;
    setName = set.name;
    repos.sets.put({
      id: CLI_SET_ID,
      name: set.name,
      createdAt: now,
      updatedAt: now,
      revisions: [{ revision: 1, savedAt: now, questions }],
    });
    grader = { ...grader, set: { kind: 'saved', setId: CLI_SET_ID, revision: 1 }, profileId };
  }
  // One gateway for the whole run: the file's profiles are the app's, which the command line has not.
  const checked = evalRecordSchema.safeParse({
    ...spec,
    targets: spec.targets.map((t) => ({ ...t, profileId })),
    grader,
    dataset: { ...spec.dataset, source: { kind: 'stored' } },
    id: CLI_EVAL_ID,
    createdAt: now,
    updatedAt: now,
  });
  if (!checked.success)
    fail(`on one gateway the eval does not hold: ${problemLines(issuesOf(checked.error)).join('; ')}`);
  repos.evals.put(checked.data);
  const mapping = {
    variables: spec.dataset.columns.map((c) => ({ column: c, name: c })),
    expected: spec.dataset.expectedColumn
      ? { column: spec.dataset.expectedColumn, name: spec.dataset.expectedColumn }
      : null,
  };
  try {
    // The app's reader with its caps and the rows it leaves out named by line.
    const imported = await importEvalRows(ctx, fileSource(rowsPath), {
      evalId: CLI_EVAL_ID,
      mapping,
      at: now,
    });
    for (const s of imported.skipped)
      note(
        `${rowsPath}: ${s.line !== undefined ? `line ${s.line}` : `item ${s.item}`} left out: ${s.reasons.join('; ')}`,
      );
    for (const n of imported.notes) note(`${rowsPath}: ${n.message}`);
    return {
      record: imported.eval,
      questions,
      setName,
      rows: imported.added,
      skipped: imported.skippedCount,
    };
  } catch (err) {
    if (err instanceof AppFailure) fail(`dataset.source.path: ${rowsPath}: ${err.message}`);
    throw err;
  }
}
