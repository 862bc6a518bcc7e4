import type { DatabaseSync } from 'node:sqlite';
import type { SetTuning } from '../../../src-shared/judge/set-tuning';
import { type SetSummary, type StoredSet, storedSetSchema } from '../../../src-shared/judge/question-set';
import { type DbContext, issuesText, quarantine } from './quarantine';
import { transaction } from './transaction';

export interface QuestionSetRepository {
  /** Newest first, each with its latest revision's number and question count. */
  summaries(): SetSummary[];
  get(id: string): StoredSet | undefined;
  /** Saves the set and every revision it holds; revisions already saved are kept as they are. */
  put(set: StoredSet): StoredSet;
  /** Deletes the set with its revisions and runs. */
  delete(id: string): boolean;
  names(): string[];
  idByName(name: string): string | undefined;
  nameTaken(name: string, exceptId?: string): boolean;
}

interface SetRow {
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

/** A set row plus one row per revision (a revision is never changed once saved). */
export function questionSetRepository(ctx: DbContext): QuestionSetRepository {
  const { db } = ctx;
  const upsert = db.prepare(
    `INSERT INTO question_sets (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, created_at = excluded.created_at,
       updated_at = excluded.updated_at`,
  );
  const insertRevision = db.prepare(
    `INSERT INTO set_revisions (set_id, revision, saved_at, questions) VALUES (?, ?, ?, ?)
     ON CONFLICT (set_id, revision) DO NOTHING`,
  );
  // Prepared on first use: the older schemas the migration tests build have no tuning table yet.
  let insertTuning: ReturnType<DatabaseSync['prepare']> | undefined;
  const putTuning = (setId: string, revision: number, tuning: SetTuning) => {
    insertTuning ??= db.prepare(
      `INSERT INTO set_revision_tuning (set_id, revision, tuning) VALUES (?, ?, ?)
       ON CONFLICT (set_id, revision) DO NOTHING`,
    );
    insertTuning.run(setId, revision, JSON.stringify(tuning));
  };
  const remove = db.prepare('DELETE FROM question_sets WHERE id = ?');

  /** A set that fails to read is set aside with its runs: deleting it alone would cascade to them. */
  const setAside = (id: string, raw: string, reason: string) => {
    const runs = db.prepare('SELECT id, data FROM judge_runs WHERE set_id = ?').all(id) as {
      id: string;
      data: string;
    }[];
    quarantine(
      ctx,
      [
        { kind: 'question-set', id, raw, reason },
        ...runs.map((r) => ({
          kind: 'judge-run',
          id: r.id,
          raw: r.data,
          reason: `its question set ${id} could not be read`,
        })),
      ],
      () => remove.run(id),
    );
  };

  return {
    summaries() {
      return db
        .prepare(
          `SELECT s.id, s.name, s.updated_at AS updatedAt, r.revision,
             json_array_length(r.questions) AS questionCount
           FROM question_sets s JOIN set_revisions r ON r.set_id = s.id
             AND r.revision = (SELECT max(revision) FROM set_revisions WHERE set_id = s.id)
           ORDER BY s.updated_at DESC`,
        )
        .all()
        .map((r) => ({ ...(r as unknown as SetSummary) }));
    },

    get(id) {
      const row = db.prepare('SELECT * FROM question_sets WHERE id = ?').get(id) as SetRow | undefined;
      if (!row) return undefined;
      const revisions = db
        .prepare(
          `SELECT r.revision, r.saved_at, r.questions, t.tuning FROM set_revisions r
             LEFT JOIN set_revision_tuning t ON t.set_id = r.set_id AND t.revision = r.revision
           WHERE r.set_id = ? ORDER BY r.revision`,
        )
        .all(id) as { revision: number; saved_at: number; questions: string; tuning: string | null }[];
      let candidate: unknown;
      try {
        candidate = {
          id: row.id,
          name: row.name,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          revisions: revisions.map((r) => ({
            revision: r.revision,
            savedAt: r.saved_at,
            questions: JSON.parse(r.questions),
            ...(r.tuning === null ? {} : { tuning: JSON.parse(r.tuning) }),
          })),
        };
      } catch (err) {
        candidate = { row: { ...row }, revisions, error: String(err) };
      }
      const parsed = storedSetSchema.safeParse(candidate);
      if (parsed.success) return parsed.data;
      setAside(id, JSON.stringify(candidate), issuesText(parsed.error));
      return undefined;
    },

    put(set) {
      transaction(db, () => {
        upsert.run(set.id, set.name, set.createdAt, set.updatedAt);
        for (const r of set.revisions) {
          insertRevision.run(set.id, r.revision, r.savedAt, JSON.stringify(r.questions));
          if (r.tuning) putTuning(set.id, r.revision, r.tuning);
        }
      });
      return set;
    },

    delete(id) {
      return remove.run(id).changes > 0;
    },

    names() {
      return db
        .prepare('SELECT name FROM question_sets')
        .all()
        .map((r) => (r as { name: string }).name);
    },

    idByName(name) {
      const row = db.prepare('SELECT id FROM question_sets WHERE name = ? ORDER BY created_at').get(name);
      return (row as { id: string } | undefined)?.id;
    },

    nameTaken(name, exceptId) {
      return (
        db
          .prepare('SELECT 1 FROM question_sets WHERE name = ? AND id IS NOT ?')
          .get(name, exceptId ?? null) !== undefined
      );
    },
  };
}
