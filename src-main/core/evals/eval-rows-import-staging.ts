import type { DatabaseSync } from 'node:sqlite';
import { type EvalRecord, evalRecordSchema } from '../../../src-shared/evals/eval-definition';
import type { DatasetRow } from '../../../src-shared/evals/fill-template';
import type { EvalRowsMapping } from '../../../src-shared/evals/eval-rows-import';
import { problemLines, issuesOf } from '../../../src-shared/evals/eval-file';
import { AppFailure } from '../../../src-shared/result';
import { evalRepository } from '../db/eval-repository';
import type { DbContext } from '../db/quarantine';
import { transaction } from '../db/transaction';

/**
 * A dataset's rows on their way in (docs/architecture.md, "Evals"), as a case
 * import's cases are (judge-case-staging.ts): staged in a TEMP table of the connection as the
 * file is read, a batch at a time, then moved in one transaction that replaces the eval's rows
 * and its dataset's columns (all or none). Filling a TEMP table takes no lock on the database.
 */
const BATCH = 500;
/** Rows moved per statement, so a worker ended mid-commit stops between them. */
const COMMIT_SLICE = 5_000;

let tables = 0;

/** The eval with the dataset the mapping gives it, or every rule it breaks (a placeholder gone). */
export function withDataset(record: EvalRecord, mapping: EvalRowsMapping, at: number): EvalRecord {
  const dataset = {
    source: { kind: 'stored' as const },
    columns: mapping.variables.map((v) => v.name),
    ...(mapping.expected ? { expectedColumn: mapping.expected.name } : {}),
  };
  const checked = evalRecordSchema.safeParse({ ...record, dataset, updatedAt: at });
  if (checked.success) return checked.data;
  const lines = problemLines(issuesOf(checked.error));
  throw new AppFailure({
    code: 'invalid_input',
    message: `mapping: the eval does not fit these columns: ${lines.join('; ')}`,
    details: { issues: lines.map((message) => ({ path: 'mapping', message })) },
  });
}

export class EvalRowsStaging {
  private readonly table = `eval_rows_import_${++tables}`;
  private readonly pending: DatasetRow[] = [];
  private readonly insert;
  private count = 0;
  private dropped = false;
  private readonly db: DatabaseSync;

  constructor(private readonly ctx: DbContext) {
    this.db = ctx.db;
    this.db.exec(
      `CREATE TEMP TABLE ${this.table} (seq INTEGER PRIMARY KEY, variables TEXT NOT NULL, expected TEXT)`,
    );
    this.insert = this.db.prepare(
      `INSERT INTO temp.${this.table} (seq, variables, expected) VALUES (?, ?, ?)`,
    );
  }

  add(row: DatasetRow): void {
    this.pending.push(row);
    if (this.pending.length >= BATCH) this.flush();
  }

  /** A plain BEGIN: it touches only the TEMP table, so main's writes never wait for it. */
  private flush(): void {
    if (this.pending.length === 0) return;
    this.db.exec('BEGIN');
    try {
      for (const r of this.pending)
        this.insert.run(this.count++, JSON.stringify(r.variables), r.expected ?? null);
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
    this.pending.length = 0;
  }

  /**
   * In one transaction: the eval (still there) gets the mapping's columns, its rows are removed
   * and the staged ones take positions from 0. Returns the eval as saved.
   */
  commit(evalId: string, mapping: EvalRowsMapping, at: number): EvalRecord {
    this.flush();
    const total = this.count;
    const evals = evalRepository(this.ctx);
    const moveSlice = this.db.prepare(
      `INSERT INTO eval_rows (eval_id, position, variables, expected)
         SELECT ?, seq, variables, expected FROM temp.${this.table} WHERE seq >= ? AND seq < ? ORDER BY seq`,
    );
    return transaction(this.db, () => {
      const record = evals.get(evalId);
      if (!record) throw new AppFailure({ code: 'not_found', message: 'That eval no longer exists.' });
      const saved = evals.put(withDataset(record, mapping, at));
      evals.clearRows(evalId);
      for (let from = 0; from < total; from += COMMIT_SLICE) moveSlice.run(evalId, from, from + COMMIT_SLICE);
      return saved;
    });
  }

  drop(): void {
    if (this.dropped || !this.db.isOpen) return;
    this.dropped = true;
    this.pending.length = 0;
    this.db.exec(`DROP TABLE IF EXISTS temp.${this.table}`);
  }
}
