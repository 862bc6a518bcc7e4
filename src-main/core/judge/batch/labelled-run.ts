import type { BatchRunRepository } from '../../db/batch-run-repository';
import type { JudgeCaseRepository } from '../../db/judge-case-repository';
import type { QuestionSetRepository } from '../../db/question-set-repository';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import { AppFailure } from '../../../../src-shared/result';
import type { BatchCase, BatchResult, BatchRun } from '../../../../src-shared/judge/batch-run';
import { caseLabels } from '../../../../src-shared/judge/case-labels';
import type { JudgeAnswer } from '../../../../src-shared/judge/judge-answers';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { SetTuning } from '../../../../src-shared/judge/set-tuning';
import type { LabelledRunCase } from '../../../../src-shared/judge/metrics';
import { batchCaseOf, parseSetCasesKey } from './set-case-source';
import { StampedCache } from '../stamped-cache';

/** One case of a run as the results grid, the metrics and the exports read it. */
export interface LabelledRunRow {
  caseId: string;
  /** From 0, in the order the run took its cases. */
  position: number;
  state: BatchCase['state'];
  note: string;
  /** Undefined while the case is still waiting to be judged. */
  result: BatchResult | undefined;
  labelled: LabelledRunCase;
}

export interface LabelledRun {
  run: BatchRun;
  questions: Question[];
  /** The tuning of the revision the run used (thresholds, minimums), if it had any. */
  tuning: SetTuning | undefined;
  rows: LabelledRunRow[];
}

export interface LabelledRunDeps {
  batches: BatchRunRepository;
  sets: QuestionSetRepository;
  cases: JudgeCaseRepository;
}

/** A run and the set revision it asked, or the not_found the views answer without them. */
export function runRevision(deps: Pick<LabelledRunDeps, 'batches' | 'sets'>, runId: string) {
  const run = deps.batches.getRun(runId);
  if (!run) throw new AppFailure({ code: 'not_found', message: 'This batch run no longer exists.' });
  const set = deps.sets.get(run.setId);
  const revision = set?.revisions.find((r) => r.revision === run.setRevision);
  if (!set || !revision)
    throw new AppFailure({
      code: 'not_found',
      message: 'The question set revision of this batch run no longer exists.',
    });
  return { run, set, revision };
}

/**
 * A run's cases with their results and labels. Labels are the set's saved cases' expected
 * answers as they are now (a label fixed after the run counts); inline cases carry none.
 */
export function loadLabelledRun(deps: LabelledRunDeps, runId: string): LabelledRun {
  const { run, revision } = runRevision(deps, runId);
  const questions = revision.questions;

  const results = new Map<string, BatchResult>();
  for (const r of deps.batches.allResults(runId)) results.set(r.caseId, r);

  return { run, questions, tuning: revision.tuning, rows: runRows(deps, run, questions, results) };
}

function runRows(
  deps: LabelledRunDeps,
  run: BatchRun,
  questions: Question[],
  results: Map<string, BatchResult>,
): LabelledRunRow[] {
  const row = (c: BatchCase, position: number, note: string, labels: LabelledRunCase['labels']) =>
    labelledRow(c, position, note, labels, results.get(c.id));
  const named = run.source.kind === 'named' ? parseSetCasesKey(run.source.key) : undefined;
  if (run.source.kind === 'inline') return run.source.cases.map((c, i) => row(c, i, '', {}));
  if (named?.setId === run.setId) {
    // A run that is over judged what it judged: the saved cases it holds a result for (a case
    // added since, or edited out of its filter, is not its). One still to go will read the set's
    // cases as its filter matches them now, so those are its cases until it ends.
    const over = run.state === 'done' || run.state === 'cancelled';
    const saved = over
      ? deps.cases.all(run.setId).filter((c) => results.has(c.id))
      : deps.cases.all(run.setId, named.filter);
    return saved.map((c, i) => row(batchCaseOf(c), i, c.note, caseLabels(c.expected, questions)));
  }
  throw notSavedCases();
}

export const notSavedCases = () =>
  new AppFailure({
    code: 'not_found',
    message: 'The cases of this batch run are not saved cases of its set.',
  });

/** One case as the views read it: its result (if any) and its labels. */
export function labelledRow(
  c: BatchCase,
  position: number,
  note: string,
  labels: LabelledRunCase['labels'],
  result: BatchResult | undefined,
): LabelledRunRow {
  return {
    caseId: c.id,
    position,
    state: c.state,
    note,
    result,
    labelled: {
      id: c.id,
      answers: result?.status === 'done' ? (result.answers as JudgeAnswer[] | undefined) : undefined,
      labels,
    },
  };
}

export interface LabelledRunCacheDeps extends LabelledRunDeps {
  /** Changes whenever a set's saved cases (and so their labels) change: `casesStamp`. */
  labelsStamp: (setId: string) => string;
}

/**
 * Loaded runs shared by the results grid, the agreement, the drift and the export: reading a
 * 100,000-case run takes main about a second, so it is read once while it stays the same (its
 * results and its set's cases), whichever view asks (docs/architecture.md, "Loaded runs, shared").
 * Two runs of one set (a drift) share one read of the set's cases: the last set's cases are kept
 * while their stamp stays, so the second run reads only its results.
 */
export class LabelledRunCache {
  private readonly cache = new StampedCache<LabelledRun>(3);
  private readonly setCases = new StampedCache<JudgeCase[]>(1);
  /** The repositories as a load reads them: the set's cases through `setCases`. */
  private readonly loadDeps: LabelledRunDeps;

  constructor(readonly deps: LabelledRunCacheDeps) {
    this.loadDeps = {
      ...deps,
      cases: {
        ...deps.cases,
        all: (setId, filter) =>
          this.setCases.get(`${setId}?${filter ?? ''}`, deps.labelsStamp(setId), () =>
            deps.cases.all(setId, filter),
          ),
      },
    };
  }

  /** How many times a run was read from the database. */
  get loads(): number {
    return this.cache.computed;
  }

  /** How many times a set's cases were read from the database for a load. */
  get caseReads(): number {
    return this.setCases.computed;
  }

  /** What a loaded run depends on: its results (every one moves updatedAt) and its set's cases. */
  stamp(runId: string): string {
    const run = this.deps.batches.getRun(runId);
    if (!run) throw new AppFailure({ code: 'not_found', message: 'This batch run no longer exists.' });
    const { done, failed } = this.deps.batches.counts(runId);
    const cases = run.source.kind === 'named' ? this.deps.labelsStamp(run.setId) : '';
    return [run.updatedAt, run.state, done, failed, cases].join('|');
  }

  get(runId: string): LabelledRun {
    return this.cache.get(runId, this.stamp(runId), () => loadLabelledRun(this.loadDeps, runId));
  }
}
