import type { DatabaseSync } from 'node:sqlite';
import type { CaseReview, LabelEdit, ReviewVerdict } from '../../../src-shared/judge/review-marks';
import type { DbContext } from './quarantine';

/**
 * The review of batch runs' results (tables `judge_review_marks` and `judge_label_edits`,
 * docs/architecture.md "Review in the results"): a mark per run and case, and the history of
 * labels corrected from the results. A run's marks are few next to its cases (the user makes
 * them one by one), so they are read whole.
 */
export interface ReviewRepository {
  /** The run's marks by case id; a case without a verdict or comment has none. */
  marks(runId: string): Map<string, CaseReview>;
  mark(runId: string, caseId: string): CaseReview | undefined;
  /** Sets the verdict and comment; both empty removes the mark. */
  setMark(runId: string, caseId: string, verdict: ReviewVerdict | null, comment: string, at: number): void;
  /** Changes whenever the run's marks change (the grid's mark filters are kept while it stays). */
  marksStamp(runId: string): string;
  addLabelEdit(edit: Omit<LabelEdit, 'id'>): void;
  /** A case's label edits, oldest first. */
  labelEdits(caseId: string): LabelEdit[];
  /** The ids of a set's saved cases with at least one label edit. */
  corrected(setId: string): Set<string>;
}

interface MarkRow {
  case_id: string;
  verdict: string | null;
  comment: string;
  updated_at: number;
}

interface EditRow {
  id: number;
  case_id: string;
  run_id: string | null;
  question: string;
  before: string | null;
  after: string;
  who: string;
  at: number;
}

const reviewOf = (r: MarkRow): CaseReview => ({
  verdict: r.verdict === 'agree' || r.verdict === 'disagree' ? r.verdict : undefined,
  comment: r.comment,
  updatedAt: Number(r.updated_at),
});

const parse = (text: string | null): number | boolean | undefined => {
  if (text === null) return undefined;
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
};

/**
 * A set's corrected cases, walked from the label edits (made one by one, so few) to their cases.
 * CROSS JOIN fixes that order: left to itself SQLite walks the set's cases (100,000 of them) and
 * probes the edits for each, 15 ms of main on every page of the results grid.
 */
export const CORRECTED_IN_SET_SQL =
  'SELECT DISTINCT e.case_id FROM judge_label_edits e CROSS JOIN judge_cases c ON c.id = e.case_id WHERE c.set_id = ?';

export function reviewRepository(ctx: DbContext): ReviewRepository {
  const db: DatabaseSync = ctx.db;
  const all = db.prepare(
    'SELECT case_id, verdict, comment, updated_at FROM judge_review_marks WHERE run_id = ?',
  );
  const one = db.prepare(
    'SELECT case_id, verdict, comment, updated_at FROM judge_review_marks WHERE run_id = ? AND case_id = ?',
  );
  const stamp = db.prepare(
    'SELECT count(*) AS n, max(updated_at) AS last FROM judge_review_marks WHERE run_id = ?',
  );
  const edits = db.prepare(
    'SELECT id, case_id, run_id, question, before, after, who, at FROM judge_label_edits WHERE case_id = ? ORDER BY at, id',
  );
  const correctedOf = db.prepare(CORRECTED_IN_SET_SQL);
  // Statements that write are prepared on first use: a worker's read-only connection never writes.
  const writes = () => ({
    upsert: db.prepare(
      `INSERT INTO judge_review_marks (run_id, case_id, verdict, comment, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (run_id, case_id) DO UPDATE SET verdict = excluded.verdict, comment = excluded.comment, updated_at = excluded.updated_at`,
    ),
    remove: db.prepare('DELETE FROM judge_review_marks WHERE run_id = ? AND case_id = ?'),
    addEdit: db.prepare(
      'INSERT INTO judge_label_edits (case_id, run_id, question, before, after, who, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
  });
  let w: ReturnType<typeof writes> | undefined;

  return {
    marks(runId) {
      const rows = all.all(runId) as unknown as MarkRow[];
      return new Map(rows.map((r) => [r.case_id, reviewOf(r)]));
    },
    mark(runId, caseId) {
      const row = one.get(runId, caseId) as MarkRow | undefined;
      return row && reviewOf(row);
    },
    setMark(runId, caseId, verdict, comment, at) {
      w ??= writes();
      if (verdict === null && comment === '') w.remove.run(runId, caseId);
      else w.upsert.run(runId, caseId, verdict, comment, at);
    },
    marksStamp(runId) {
      const row = stamp.get(runId) as { n: number; last: number | null };
      return `${Number(row.n)}:${row.last ?? 0}`;
    },
    addLabelEdit(e) {
      w ??= writes();
      const before = e.before === undefined ? null : JSON.stringify(e.before);
      w.addEdit.run(e.caseId, e.runId ?? null, e.question, before, JSON.stringify(e.after), e.who, e.at);
    },
    labelEdits(caseId) {
      return (edits.all(caseId) as unknown as EditRow[]).map((r) => ({
        id: Number(r.id),
        caseId: r.case_id,
        runId: r.run_id ?? undefined,
        question: r.question,
        before: parse(r.before),
        after: parse(r.after) ?? false,
        who: r.who,
        at: Number(r.at),
      }));
    },
    corrected(setId) {
      const rows = correctedOf.all(setId) as { case_id: string }[];
      return new Set(rows.map((r) => r.case_id));
    },
  };
}
