import { AppFailure } from '../../../../src-shared/result';
import type { BatchGridInput, BatchGridPage } from '../../../../src-shared/judge/batch-grid';
import { caseLabels } from '../../../../src-shared/judge/case-labels';
import { gridRow, thresholdsInForce } from './batch-grid';
import {
  type LabelledRunDeps,
  labelledRow,
  loadLabelledRun,
  notSavedCases,
  runRevision,
} from './labelled-run';
import { batchCaseOf, parseSetCasesKey } from './set-case-source';

/**
 * Main's steps, each a few ms (docs/architecture.md, "Batch runs view"): results counted per
 * step (2,000 take 1–2 ms warm), cases read and graded per step (the first ones read on main
 * also compile their schemas and grading, 10–25 ms for a page at once on a loaded machine).
 * Main reads only pages near the top: a page's OFFSET is walked again by each step.
 */
export const COUNT_SLICE = 2_000;
export const ROWS_PER_STEP = 10;
export const MAIN_PAGE_REACH = 1_000;

/**
 * A page of the results grid in the cases' own order, read straight from the tables: only the
 * page's cases and their results, so it is ready in milliseconds while the run's whole index (the
 * other sorts and filters) is still being built (docs/architecture.md, "Batch runs view"). The
 * rows are the ones the index gives for the same page: the same cases, positions and grades.
 */
export function gridPageFromTables(deps: LabelledRunDeps, input: BatchGridInput): BatchGridPage {
  const steps = pageSteps(deps, input, null);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same page on main's own connection, for when no worker is free to read it (both still
 * load their code at start): only a finished run's, read in steps with `pause` between them, its
 * total counted `slice` results at a time, so main never holds its event loop over a large run.
 * Null for any other run (a run still to go may count a filter over every case): a worker's.
 */
export async function gridPageFromTablesInSlices(
  deps: LabelledRunDeps,
  input: BatchGridInput,
  pause: () => Promise<void>,
  slice = COUNT_SLICE,
): Promise<BatchGridPage | null> {
  const run = deps.batches.getRun(input.id);
  if (!run || run.source.kind !== 'named' || (run.state !== 'done' && run.state !== 'cancelled')) return null;
  if (input.offset + input.limit > MAIN_PAGE_REACH) return null;
  const steps = pageSteps(deps, input, { rows: ROWS_PER_STEP, count: slice });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/**
 * The page, a step at a time: the run, then its cases and rows `steps.rows` at a time, then the
 * total `steps.count` results at a time; with `steps` null, the page's rows and its total at once.
 * The caller may yield at each step.
 */
function* pageSteps(
  deps: LabelledRunDeps,
  input: BatchGridInput,
  steps: { rows: number; count: number } | null,
): Generator<void, BatchGridPage, void> {
  if (input.sort !== 'case' || input.filter !== 'all')
    throw new AppFailure({ code: 'internal', message: 'Only the cases in order are read page by page.' });
  const { run, revision } = runRevision(deps, input.id);
  const { questions } = revision;
  const thresholds = thresholdsInForce(deps.sets, run.setId, questions);
  const thresholdOf = (name: string) => thresholds[name];

  if (run.source.kind === 'inline') {
    // At most 2,000 cases, kept in the run itself: read whole.
    const rows = loadLabelledRun(deps, run.id).rows;
    return {
      total: rows.length,
      rows: rows
        .slice(input.offset, input.offset + input.limit)
        .map((r) => gridRow(r, questions, thresholdOf)),
      questions,
      thresholds,
    };
  }
  const named = parseSetCasesKey(run.source.key);
  if (named?.setId !== run.setId) throw notSavedCases();
  // The same cases loadLabelledRun reads: a run that is over, those it holds a result for; one
  // still to go, the set's cases its filter matches now.
  const over = run.state === 'done' || run.state === 'cancelled';
  const rows: BatchGridPage['rows'] = [];
  const chunk = steps?.rows ?? input.limit;
  for (let read = 0; read < input.limit; read += chunk) {
    if (steps) yield;
    const page = { offset: input.offset + read, limit: Math.min(chunk, input.limit - read) };
    const saved = over
      ? deps.cases.listAnswered(run.setId, run.id, page)
      : deps.cases.list(run.setId, { ...page, filter: named.filter });
    for (const [i, c] of saved.entries()) {
      const result = deps.batches.getResult(run.id, c.id);
      const labels = caseLabels(c.expected, questions);
      rows.push(
        gridRow(labelledRow(batchCaseOf(c), page.offset + i, c.note, labels, result), questions, thresholdOf),
      );
    }
    if (saved.length < page.limit) break;
  }
  let total = 0;
  if (!over) total = deps.cases.count(run.setId, named.filter);
  else if (!steps) total = deps.cases.countAnswered(run.setId, run.id);
  else
    for (const n of deps.cases.countAnsweredInSlices(run.id, steps.count)) {
      yield;
      total += n;
    }
  return { total, rows, questions, thresholds };
}
