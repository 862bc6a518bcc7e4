import type { DatabaseSync } from 'node:sqlite';
import { CASES_PER_SET_MAX } from '../../../src-shared/judge/case-answers';
import { AppFailure } from '../../../src-shared/result';
import { transaction } from './transaction';

/**
 * An import's cases on their way in (docs/architecture.md, "Judge test cases"): each case, in
 * its stored form, goes into a TEMP table of the connection as the file is read, a few hundred
 * at a time, so memory holds one batch and not the file; `commit` then moves them all after the
 * set's last case in one transaction (all land or none). A TEMP table is the connection's own,
 * in SQLite's temporary file: filling it takes no lock on the database, so main's writes go on
 * while a worker reads a file, and nothing of it is ever seen by another connection or left
 * behind when the connection closes (a worker ended half-way included).
 */
const BATCH = 500;
/** Rows moved per statement of the commit, so a worker ended mid-commit stops between them. */
const COMMIT_SLICE = 5_000;

let tables = 0;

export interface StagingProgress {
  done: number;
  total: number;
}

export class CaseImportStaging {
  private readonly table = `case_import_${++tables}`;
  private readonly pending: { id: string; data: string }[] = [];
  private readonly insert;
  private count = 0;
  private dropped = false;

  constructor(private readonly db: DatabaseSync) {
    db.exec(
      `CREATE TEMP TABLE ${this.table} (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, data TEXT NOT NULL)`,
    );
    this.insert = db.prepare(`INSERT INTO temp.${this.table} (seq, id, data) VALUES (?, ?, ?)`);
  }

  /** How many cases are staged so far. */
  get size(): number {
    return this.count + this.pending.length;
  }

  add(id: string, data: string): void {
    this.pending.push({ id, data });
    if (this.pending.length >= BATCH) this.flush();
  }

  /**
   * Writes the waiting batch. A plain BEGIN: it touches only the TEMP table, so it takes no lock
   * on the database (BEGIN IMMEDIATE would take the write lock main's writes wait for).
   */
  private flush(): void {
    if (this.pending.length === 0) return;
    this.db.exec('BEGIN');
    try {
      for (const r of this.pending) this.insert.run(this.count++, r.id, r.data);
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
    this.pending.length = 0;
  }

  /**
   * Moves every staged case after the set's last, in one transaction that also checks the set
   * still exists and has room for them. Returns how many were added.
   */
  commit(
    setId: string,
    updatedAt: number,
    noRoom: (held: number, adding: number) => string,
    onProgress?: (p: StagingProgress) => void,
  ): number {
    this.flush();
    const total = this.count;
    const moveSlice = this.db.prepare(
      `INSERT INTO judge_cases (id, set_id, position, updated_at, data)
         SELECT id, ?, ? + seq, ?, data FROM temp.${this.table} WHERE seq >= ? AND seq < ? ORDER BY seq`,
    );
    transaction(this.db, () => {
      const set = this.db.prepare('SELECT 1 AS found FROM question_sets WHERE id = ?').get(setId);
      if (!set) throw new AppFailure({ code: 'not_found', message: 'That question set no longer exists.' });
      const { held, last } = this.db
        .prepare('SELECT count(*) AS held, max(position) AS last FROM judge_cases WHERE set_id = ?')
        .get(setId) as { held: number; last: number | null };
      if (Number(held) + total > CASES_PER_SET_MAX)
        throw new AppFailure({
          code: 'invalid_input',
          message: noRoom(Number(held), total),
          details: { issues: [{ path: 'setId', message: `must hold at most ${CASES_PER_SET_MAX} cases` }] },
        });
      const first = last === null ? 0 : Number(last) + 1;
      for (let from = 0; from < total; from += COMMIT_SLICE) {
        onProgress?.({ done: from, total });
        moveSlice.run(setId, first, updatedAt, from, from + COMMIT_SLICE);
      }
      onProgress?.({ done: total, total });
    });
    return total;
  }

  /** Forgets the staged cases (the connection's TEMP table goes). */
  drop(): void {
    if (this.dropped || !this.db.isOpen) return;
    this.dropped = true;
    this.pending.length = 0;
    this.db.exec(`DROP TABLE IF EXISTS temp.${this.table}`);
  }
}
