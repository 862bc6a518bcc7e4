import type { CaseDraft } from '../../../src-shared/judge/case-answers';
import { type JudgeCase, judgeCaseSchema } from '../../../src-shared/judge/judge-case';
import { CaseImportStaging } from './judge-case-staging';
import { type DbContext, issuesText, quarantine } from './quarantine';
import { transaction } from './transaction';

export interface CasePage {
  offset: number;
  limit: number;
  /** Matches the state's text (a list's or object's JSON) or the note; `%` and `_` are literal. */
  filter?: string;
}

export interface JudgeCaseRepository {
  /** A page of a set's cases in order. */
  list(setId: string, page: CasePage): JudgeCase[];
  /** Every case of a set in order (an export), or every one matching `filter` (a run over a subset). */
  all(setId: string, filter?: string): JudgeCase[];
  count(setId: string, filter?: string): number;
  /** A page of the set's cases, in order, that batch run `runId` holds a result for. */
  listAnswered(setId: string, runId: string, page: { offset: number; limit: number }): JudgeCase[];
  countAnswered(setId: string, runId: string): number;
  /**
   * `countAnswered` a slice at a time: each step counts up to `size` of the run's results, so
   * main can yield between steps (a whole count of 100,000 takes 30–70 ms). The sum is the count.
   */
  countAnsweredInSlices(runId: string, size: number): Generator<number, void, void>;
  get(id: string): JudgeCase | undefined;
  /** Adds cases after the set's last, in one transaction: all land or none. */
  append(setId: string, drafts: CaseDraft[], newId: () => string, updatedAt: number): JudgeCase[];
  /**
   * `append` for cases already turned into their stored form (`caseData`) with their ids: a big
   * import prepares them while it reads the file, so the one transaction only inserts.
   */
  appendStored(setId: string, rows: { id: string; data: string }[], updatedAt: number): number;
  /**
   * An import's cases staged on this connection as the file is read, then committed after the
   * set's last case in one transaction (judge-case-staging.ts); drop it when done.
   */
  staging(): CaseImportStaging;
  /** Adds a case right after `after`, moving the later ones down one place. */
  insertAfter(after: JudgeCase, draft: CaseDraft, id: string, updatedAt: number): JudgeCase;
  /** Replaces a case's state, answers and note; false when it no longer exists. */
  update(c: JudgeCase): boolean;
  /** How many of the ids were deleted. */
  delete(ids: string[]): number;
}

interface CaseRow {
  id: string;
  set_id: string;
  position: number;
  updated_at: number;
  data: string;
}

/** A case's stored `data` column. */
export const caseData = (d: CaseDraft) =>
  JSON.stringify({ state: d.state, expected: d.expected, note: d.note });
const dataOf = caseData;

export function judgeCaseRepository(ctx: DbContext): JudgeCaseRepository {
  const { db } = ctx;
  const columns = 'id, set_id, position, updated_at, data';
  const insert = db.prepare(`INSERT INTO judge_cases (${columns}) VALUES (?, ?, ?, ?, ?)`);
  const remove = db.prepare('DELETE FROM judge_cases WHERE id = ?');
  const lastPosition = db.prepare('SELECT max(position) AS last FROM judge_cases WHERE set_id = ?');
  const filterSql = `(json_extract(data, '$.state') LIKE ? ESCAPE '\\' OR json_extract(data, '$.note') LIKE ? ESCAPE '\\')`;
  const pattern = (filter: string) => `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  /** Valid rows become cases; the others are set aside and left out. */
  const read = (rows: CaseRow[]): JudgeCase[] => {
    const good: JudgeCase[] = [];
    const bad: { id: string; raw: string; reason: string }[] = [];
    for (const row of rows) {
      let data: unknown;
      try {
        data = JSON.parse(row.data);
      } catch (err) {
        bad.push({ id: row.id, raw: row.data, reason: err instanceof Error ? err.message : String(err) });
        continue;
      }
      const parsed = judgeCaseSchema.safeParse({
        ...(typeof data === 'object' && data !== null ? data : { data }),
        id: row.id,
        setId: row.set_id,
        position: row.position,
        updatedAt: row.updated_at,
      });
      if (parsed.success) good.push(parsed.data);
      else bad.push({ id: row.id, raw: row.data, reason: issuesText(parsed.error) });
    }
    if (bad.length > 0)
      quarantine(
        ctx,
        bad.map((b) => ({ kind: 'judge-case', ...b })),
        () => bad.forEach((b) => remove.run(b.id)),
      );
    return good;
  };

  return {
    list(setId, { offset, limit, filter }) {
      const where = filter ? ` AND ${filterSql}` : '';
      const params = filter ? [pattern(filter), pattern(filter)] : [];
      return read(
        db
          .prepare(
            `SELECT ${columns} FROM judge_cases WHERE set_id = ?${where} ORDER BY position LIMIT ? OFFSET ?`,
          )
          .all(setId, ...params, limit, offset) as unknown as CaseRow[],
      );
    },

    all(setId, filter) {
      const where = filter ? ` AND ${filterSql}` : '';
      const params = filter ? [pattern(filter), pattern(filter)] : [];
      return read(
        db
          .prepare(`SELECT ${columns} FROM judge_cases WHERE set_id = ?${where} ORDER BY position`)
          .all(setId, ...params) as unknown as CaseRow[],
      );
    },

    listAnswered(setId, runId, { offset, limit }) {
      return read(
        db
          .prepare(
            `SELECT ${columns} FROM judge_cases c WHERE set_id = ? AND EXISTS
               (SELECT 1 FROM judge_batch_results r WHERE r.run_id = ? AND r.case_id = c.id)
             ORDER BY position LIMIT ? OFFSET ?`,
          )
          .all(setId, runId, limit, offset) as unknown as CaseRow[],
      );
    },

    countAnswered(setId, runId) {
      // A case's id is its own in one set for ever, and a run's results are of its set's cases:
      // the id index alone says whether each is still saved (reading every row for its set_id
      // took twice as long on 100,000 cases).
      void setId;
      const row = db
        .prepare(
          `SELECT count(*) AS n FROM judge_batch_results r WHERE r.run_id = ? AND EXISTS
             (SELECT 1 FROM judge_cases c WHERE c.id = r.case_id)`,
        )
        .get(runId) as { n: number };
      return Number(row.n);
    },

    *countAnsweredInSlices(runId, size) {
      // Keyset slices over the status index (run_id, status, case_id), which covers both
      // statements, one status at a time (the table allows only these two: schema-sql.ts,
      // version 6); plain bounds, since row-value bounds ((status, case_id) > (?, ?)) made the
      // whole count take twice as long.
      const lastOfSlice = db.prepare(
        `SELECT case_id FROM judge_batch_results WHERE run_id = ? AND status = ? AND case_id > ?
         ORDER BY case_id LIMIT 1 OFFSET ?`,
      );
      const countSlice = (upTo: string) =>
        db.prepare(
          `SELECT count(*) AS n FROM judge_batch_results r
           WHERE r.run_id = ? AND r.status = ? AND r.case_id > ? ${upTo}
             AND EXISTS (SELECT 1 FROM judge_cases c WHERE c.id = r.case_id)`,
        );
      const upTo = countSlice('AND r.case_id <= ?');
      const rest = countSlice('');
      for (const status of ['done', 'failed'] as const) {
        let from = '';
        for (;;) {
          const last = lastOfSlice.get(runId, status, from, Math.max(1, size) - 1) as
            { case_id: string } | undefined;
          const row = last ? upTo.get(runId, status, from, last.case_id) : rest.get(runId, status, from);
          yield Number((row as { n: number }).n);
          if (!last) break;
          from = last.case_id;
        }
      }
    },

    count(setId, filter) {
      const row = filter
        ? db
            .prepare(`SELECT count(*) AS n FROM judge_cases WHERE set_id = ? AND ${filterSql}`)
            .get(setId, pattern(filter), pattern(filter))
        : db.prepare('SELECT count(*) AS n FROM judge_cases WHERE set_id = ?').get(setId);
      return Number((row as { n: number }).n);
    },

    get(id) {
      const row = db.prepare(`SELECT ${columns} FROM judge_cases WHERE id = ?`).get(id) as
        CaseRow | undefined;
      return row ? read([row])[0] : undefined;
    },

    append(setId, drafts, newId, updatedAt) {
      return transaction(db, () => {
        const last = (lastPosition.get(setId) as { last: number | null }).last;
        let position = last === null ? 0 : last + 1;
        return drafts.map((d) => {
          const c: JudgeCase = { id: newId(), setId, position: position++, updatedAt, ...d };
          insert.run(c.id, setId, c.position, updatedAt, dataOf(d));
          return c;
        });
      });
    },

    appendStored(setId, rows, updatedAt) {
      return transaction(db, () => {
        const last = (lastPosition.get(setId) as { last: number | null }).last;
        let position = last === null ? 0 : last + 1;
        for (const r of rows) insert.run(r.id, setId, position++, updatedAt, r.data);
        return rows.length;
      });
    },

    staging() {
      return new CaseImportStaging(db);
    },

    insertAfter(after, draft, id, updatedAt) {
      return transaction(db, () => {
        // Two steps through negative positions: a single `position + 1` would meet the next
        // case's place midway and break the unique index.
        db.prepare('UPDATE judge_cases SET position = -(position + 1) WHERE set_id = ? AND position > ?').run(
          after.setId,
          after.position,
        );
        db.prepare('UPDATE judge_cases SET position = -position WHERE set_id = ? AND position < 0').run(
          after.setId,
        );
        const c: JudgeCase = { id, setId: after.setId, position: after.position + 1, updatedAt, ...draft };
        insert.run(id, c.setId, c.position, updatedAt, dataOf(draft));
        return c;
      });
    },

    update(c) {
      return (
        db
          .prepare('UPDATE judge_cases SET updated_at = ?, data = ? WHERE id = ?')
          .run(c.updatedAt, dataOf(c), c.id).changes > 0
      );
    },

    delete(ids) {
      return transaction(db, () => ids.reduce((n, id) => n + Number(remove.run(id).changes), 0));
    },
  };
}
