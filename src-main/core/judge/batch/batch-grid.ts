import { AppFailure } from '../../../../src-shared/result';
import {
  GRID_FILTERS,
  GRID_SORTS,
  type BatchGridCase,
  type BatchGridInput,
  type BatchGridPage,
  type BatchGridRow,
  type GridFilter,
  type GridSort,
} from '../../../../src-shared/judge/batch-grid';
import { gradeCase } from '../../../../src-shared/judge/case-grade';
import type { JudgeAnswer } from '../../../../src-shared/judge/judge-answers';
import type { OpenedRun } from '../../../../src-shared/judge/judge-run';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import { thresholdFor } from '../../../../src-shared/judge/set-tuning';
import { costYuan } from '../../../../src-shared/judge/judge-estimate';
import { type LabelledRun, LabelledRunCache, type LabelledRunRow } from './labelled-run';
import { StampedCache } from '../stamped-cache';
import type { QuestionSetRepository } from '../../db/question-set-repository';
import type { JobProgress } from '../../workers/worker-messages';
import type { ReviewRepository } from '../../db/review-repository';
import type { CaseReview } from '../../../../src-shared/judge/review-marks';
import { MARK_FILTERS, passesMarkFilter, rowReview } from './grid-review';

const PREVIEW_CHARS = 120;
/** Runs kept graded: the one on screen and the one before (switching back is instant). */
const CACHED_RUNS = 2;

interface Graded {
  labelled: LabelledRun;
  questions: Question[];
  thresholds: Record<string, number>;
  rows: BatchGridRow[];
  /** Row indexes per sort and filter, made on first use. */
  orders: Map<string, number[]>;
  /** The run's review marks as of `marksStamp`; the mark filters' orders are kept while it stays. */
  marks: Map<string, CaseReview>;
  marksStamp: string;
  /** Cases whose label was corrected (an edit moves the cases stamp, so this is built with the rows). */
  corrected: Set<string>;
}

export interface BatchGridDeps {
  /** Loaded runs, shared with the agreement and the export. */
  labelled: LabelledRunCache;
  /** The review marks; without them the mark filters match nothing. */
  reviews?: ReviewRepository;
}

/**
 * The results grid of a batch run, computed in main from `loadLabelledRun` and kept for the
 * run's current results, so scrolling a 100,000-case run reads one page of a sorted index rather
 * than loading and grading every case again (docs/architecture.md, "Batch runs view").
 */
export class BatchGrid {
  private readonly cache = new StampedCache<Graded>(CACHED_RUNS);

  /** How many times a run's rows were graded (tests read it). */
  get loads(): number {
    return this.cache.computed;
  }

  constructor(private readonly deps: BatchGridDeps) {}

  page(input: BatchGridInput): BatchGridPage {
    return pageOf(this.withMarks(this.graded(input.id)), input);
  }

  /** The page if the run's index is built for its current results, else undefined (nothing is built). */
  readyPage(input: BatchGridInput): BatchGridPage | undefined {
    const graded = this.cache.peek(input.id, this.stamp(input.id));
    return graded && pageOf(this.withMarks(graded), input);
  }

  /**
   * Builds the run's index whole: the loaded run, every case graded, and every sort and filter's
   * order, so the pages after it only slice (a worker thread does this, docs/architecture.md,
   * "Worker threads").
   */
  prepare(id: string, progress: (p: JobProgress) => void = () => undefined): number {
    const total = 3 + GRID_SORTS.length * GRID_FILTERS.length;
    progress({ phase: 'reading', done: 0, total });
    const graded = this.cache.get(id, this.stamp(id), () => {
      const labelled = this.deps.labelled.get(id);
      progress({ phase: 'grading', done: 1, total });
      return this.grade(labelled);
    });
    this.withMarks(graded);
    let done = 2;
    for (const sort of GRID_SORTS)
      for (const filter of GRID_FILTERS) {
        progress({ phase: 'sorting', done: done++, total });
        orderOf(graded, sort, filter);
      }
    progress({ phase: 'ready', done: total, total });
    return graded.rows.length;
  }

  /** One case with its full result, for the single-run view. */
  case(id: string, caseId: string): BatchGridCase {
    const graded = this.graded(id);
    const at = graded.rows.findIndex((r) => r.caseId === caseId);
    if (at < 0)
      throw new AppFailure({ code: 'not_found', message: `Case “${caseId}” is not among this run's cases.` });
    const row = graded.labelled.rows[at];
    return {
      caseId,
      position: row.position,
      state: row.state,
      note: row.note,
      status: graded.rows[at].status,
      result: row.result,
      opened: openedRunOf(graded.labelled, row),
      questions: graded.questions,
      labels: { ...row.labelled.labels },
      review: this.deps.reviews?.mark(id, caseId),
      labelEdits: this.deps.reviews?.labelEdits(caseId) ?? [],
      expected: this.deps.labelled.deps.cases.get(caseId)?.expected,
    };
  }

  /** Reads the run's marks again when they changed, dropping the mark filters' orders. */
  private withMarks(graded: Graded): Graded {
    const { reviews } = this.deps;
    if (!reviews) return graded;
    const id = graded.labelled.run.id;
    const stamp = reviews.marksStamp(id);
    if (stamp === graded.marksStamp) return graded;
    graded.marks = reviews.marks(id);
    graded.marksStamp = stamp;
    for (const key of [...graded.orders.keys()])
      if (MARK_FILTERS.includes(key.split(':')[1] as GridFilter)) graded.orders.delete(key);
    return graded;
  }

  /** The loaded run's stamp and the set's (a retune moves the thresholds the rows are read at). */
  private stamp(id: string): string {
    const runStamp = this.deps.labelled.stamp(id);
    const run = this.deps.labelled.deps.batches.getRun(id)!;
    return `${runStamp}|${this.deps.labelled.deps.sets.get(run.setId)?.updatedAt ?? 0}`;
  }

  private graded(id: string): Graded {
    return this.cache.get(id, this.stamp(id), () => this.build(id));
  }

  private build(id: string): Graded {
    return this.grade(this.deps.labelled.get(id));
  }

  private grade(labelled: LabelledRun): Graded {
    const { questions } = labelled;
    const thresholds = thresholdsInForce(this.deps.labelled.deps.sets, labelled.run.setId, questions);
    const thresholdOf = (name: string) => thresholds[name];
    const rows = labelled.rows.map((r) => gridRow(r, questions, thresholdOf));
    const corrected = this.deps.reviews?.corrected(labelled.run.setId) ?? new Set<string>();
    return {
      labelled,
      questions,
      thresholds,
      rows,
      orders: new Map(),
      marks: new Map(),
      marksStamp: '',
      corrected,
    };
  }
}

/** Row indexes in a sort and filter's order, made on first use and kept with the graded run. */
function orderOf(graded: Graded, sort: GridSort, filter: GridFilter): number[] {
  const key = `${sort}:${filter}`;
  const known = graded.orders.get(key);
  if (known) return known;
  const { rows } = graded;
  const keep = (r: BatchGridRow) => {
    if (filter === 'all') return true;
    if (filter === 'errors') return r.status === 'failed';
    if (filter === 'disagreements') return r.disagreements > 0;
    return passesMarkFilter(filter, reviewOf(graded, r.caseId));
  };
  const order = rows.map((_, i) => i).filter((i) => keep(rows[i]));
  // Array.prototype.sort is stable, so ties keep the case order.
  if (sort === 'disagreement') order.sort((a, b) => rows[b].disagreements - rows[a].disagreements);
  else if (sort === 'confidence')
    order.sort((a, b) => (rows[a].confidence ?? Infinity) - (rows[b].confidence ?? Infinity));
  graded.orders.set(key, order);
  return order;
}

function pageOf(graded: Graded, input: BatchGridInput): BatchGridPage {
  const order = orderOf(graded, input.sort, input.filter);
  return {
    total: order.length,
    rows: order.slice(input.offset, input.offset + input.limit).map((i) => {
      const row = graded.rows[i];
      const review = reviewOf(graded, row.caseId);
      return review ? { ...row, review } : row;
    }),
    questions: graded.questions,
    thresholds: graded.thresholds,
  };
}

const reviewOf = (graded: Graded, caseId: string) =>
  rowReview(graded.marks.get(caseId), graded.corrected.has(caseId));

/** The noul thresholds in force: the set's latest revision's, even for a run of an older one. */
export function thresholdsInForce(
  sets: QuestionSetRepository,
  setId: string,
  questions: readonly Question[],
): Record<string, number> {
  const set = sets.get(setId);
  const latest = set && latestRevision(set);
  return Object.fromEntries(
    questions.filter((q) => q.type === 'noul').map((q) => [q.name, thresholdFor(latest?.tuning, q.name)]),
  );
}

export function gridRow(
  r: LabelledRunRow,
  questions: Question[],
  thresholdOf: (q: string) => number,
): BatchGridRow {
  const grade = gradeCase(questions, r.labelled.answers, r.labelled.labels, thresholdOf);
  const result = r.result;
  return {
    ...grade,
    caseId: r.caseId,
    position: r.position,
    preview: r.state.text.slice(0, PREVIEW_CHARS),
    status: result?.status ?? 'pending',
    error: result?.error,
    modelAnswered: result?.modelAnswered,
    latencyMs: result?.latencyMs,
  };
}

/** A done case's result in the shape a single run has, so the single-run view shows it as it is. */
function openedRunOf(labelled: LabelledRun, row: LabelledRunRow): OpenedRun | undefined {
  const { run, questions } = labelled;
  const result = row.result;
  if (result?.status !== 'done' || !result.answers) return undefined;
  return {
    questions,
    run: {
      id: `${run.id}:${row.caseId}`,
      setId: run.setId,
      setRevision: run.setRevision,
      createdAt: result.updatedAt,
      state: row.state,
      modelAsked: run.model,
      modelAnswered: result.modelAnswered,
      answers: result.answers as unknown as JudgeAnswer[] as unknown as Record<string, unknown>[],
      usage: { inputTokens: result.inputTokens },
      costYuan: result.inputTokens === undefined ? undefined : costYuan(result.inputTokens),
      latencyMs: result.latencyMs ?? 0,
      raw: result.raw ?? '',
      requestId: result.requestId,
    },
  };
}
