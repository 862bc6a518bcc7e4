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
 * A page of the results grid in the cases' own order, read straight from the tables: only the
 * page's cases and their results, so it is ready in milliseconds while the run's whole index (the
 * other sorts and filters) is still being built (docs/architecture.md, "Batch runs view"). The
 * rows are the ones the index gives for the same page: the same cases, positions and grades.
 */
export function gridPageFromTables(deps: LabelledRunDeps, input: BatchGridInput): BatchGridPage {
  if (input.sort !== 'case' || input.filter !== 'all')
    throw new AppFailure({ code: 'internal', message: 'Only the cases in order are read page by page.' });
  const { run, revision } = runRevision(deps, input.id);
  const { questions } = revision;
  const thresholds = thresholdsInForce(deps.sets, run.setId, questions);
  const thresholdOf = (name: string) => thresholds[name];
  const page = { offset: input.offset, limit: input.limit };

  if (run.source.kind === 'inline') {
    // At most 2,000 cases, kept in the run itself: read whole.
    const rows = loadLabelledRun(deps, run.id).rows;
    return {
      total: rows.length,
      rows: rows.slice(page.offset, page.offset + page.limit).map((r) => gridRow(r, questions, thresholdOf)),
      questions,
      thresholds,
    };
  }
  const named = parseSetCasesKey(run.source.key);
  if (named?.setId !== run.setId) throw notSavedCases();
  // The same cases loadLabelledRun reads: a run that is over, those it holds a result for; one
  // still to go, the set's cases its filter matches now.
  const over = run.state === 'done' || run.state === 'cancelled';
  const saved = over
    ? deps.cases.listAnswered(run.setId, run.id, page)
    : deps.cases.list(run.setId, { ...page, filter: named.filter });
  const total = over
    ? deps.cases.countAnswered(run.setId, run.id)
    : deps.cases.count(run.setId, named.filter);
  const rows = saved.map((c, i) =>
    gridRow(
      labelledRow(
        batchCaseOf(c),
        page.offset + i,
        c.note,
        caseLabels(c.expected, questions),
        deps.batches.getResult(run.id, c.id),
      ),
      questions,
      thresholdOf,
    ),
  );
  return { total, rows, questions, thresholds };
}
