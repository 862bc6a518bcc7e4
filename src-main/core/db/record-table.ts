import type { SQLInputValue } from 'node:sqlite';
import type { z } from 'zod';
import { type DbContext, parseJson, quarantine } from './quarantine';

/**
 * A table of whole records: `id`, a few columns copied out of the record for queries and
 * sorting, and `data`, the record itself as JSON. Table and column names come from code, never
 * from input.
 */
export interface RecordTableSpec<T extends { id: string }> {
  table: string;
  /** The name used in reports and in `quarantine.kind`. */
  kind: string;
  schema: z.ZodType<T>;
  /** The queried columns besides id and data, in a fixed order. */
  columns: readonly string[];
  values(record: T): SQLInputValue[];
  orderBy: string;
}

export interface RecordTable<T extends { id: string }> {
  /** Every valid record in `orderBy` order; `where` narrows with a fixed SQL condition. */
  list(where?: { sql: string; params: SQLInputValue[] }): T[];
  get(id: string): T | undefined;
  put(record: T): T;
  delete(id: string): boolean;
}

export function recordTable<T extends { id: string }>(
  ctx: DbContext,
  spec: RecordTableSpec<T>,
): RecordTable<T> {
  const { db } = ctx;
  const cols = ['id', ...spec.columns, 'data'];
  const updates = [...spec.columns, 'data'].map((c) => `${c} = excluded.${c}`).join(', ');
  const upsert = db.prepare(
    `INSERT INTO ${spec.table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${updates}`,
  );
  const selectOne = db.prepare(`SELECT id, data FROM ${spec.table} WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM ${spec.table} WHERE id = ?`);

  /** Valid rows become records; the others are quarantined and left out. */
  const read = (rows: { id: string; data: string }[]): T[] => {
    const good: T[] = [];
    const bad: { id: string; raw: string; reason: string }[] = [];
    for (const row of rows) {
      const parsed = parseJson(row.data, spec.schema);
      if (parsed.ok) good.push(parsed.value);
      else bad.push({ id: row.id, raw: row.data, reason: parsed.reason });
    }
    if (bad.length > 0) {
      quarantine(
        ctx,
        bad.map((b) => ({ kind: spec.kind, ...b })),
        () => bad.forEach((b) => remove.run(b.id)),
      );
    }
    return good;
  };

  return {
    list(where) {
      const sql = `SELECT id, data FROM ${spec.table}${where ? ` WHERE ${where.sql}` : ''} ORDER BY ${spec.orderBy}`;
      return read(db.prepare(sql).all(...(where?.params ?? [])) as { id: string; data: string }[]);
    },
    get(id) {
      const row = selectOne.get(id) as { id: string; data: string } | undefined;
      return row ? read([row])[0] : undefined;
    },
    put(record) {
      upsert.run(record.id, ...spec.values(record), JSON.stringify(record));
      return record;
    },
    delete(id) {
      return remove.run(id).changes > 0;
    },
  };
}
