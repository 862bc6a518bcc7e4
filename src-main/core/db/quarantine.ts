import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import type { StorageNotices } from '../storage/storage-notices';
import { transaction } from './transaction';

/** What every repository needs: the connection, where to report, and the clock. */
export interface DbContext {
  db: DatabaseSync;
  notices: StorageNotices;
  now?: () => number;
  /**
   * A worker thread's read-only connection: a record that fails to read cannot be set aside
   * here, so the read throws QuarantineNeeded and main, which can write, reads it again.
   */
  readOnly?: boolean;
}

/** A read on a read-only connection met records that must be set aside (see DbContext.readOnly). */
export class QuarantineNeeded extends Error {
  constructor(records: SetAside[]) {
    super(
      `${records.length} record(s) failed to read and must be set aside: ${records.map((r) => `${r.kind} ${r.id}`).join(', ')}`,
    );
    this.name = 'QuarantineNeeded';
  }
}

export interface SetAside {
  kind: string;
  id: string;
  raw: string;
  reason: string;
}

/**
 * Moves records that failed to read into `quarantine`, with their raw text and the reason, and
 * runs `removeOriginals` in the same transaction. The services never see them again, so nothing
 * built from a failed read can be written back; the user is told, and the raw text is kept.
 */
export function quarantine(ctx: DbContext, records: SetAside[], removeOriginals: () => void): void {
  if (ctx.readOnly) throw new QuarantineNeeded(records);
  const at = (ctx.now ?? Date.now)();
  const insert = ctx.db.prepare(
    'INSERT INTO quarantine (kind, record_id, raw, reason, at) VALUES (?, ?, ?, ?, ?) RETURNING seq',
  );
  const seqs = transaction(ctx.db, () => {
    const out = records.map((r) => (insert.get(r.kind, r.id, r.raw, r.reason, at) as { seq: number }).seq);
    removeOriginals();
    return out;
  });
  records.forEach((r, i) =>
    ctx.notices.add({
      kind: 'set-aside',
      file: `${r.kind} ${r.id}`,
      movedTo: `quarantine #${seqs[i]}`,
      reason: r.reason,
      at,
    }),
  );
}

export function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** JSON.parse then the schema; the reason for a failure in the same words either way. */
export function parseJson<T>(
  raw: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: issuesText(parsed.error) };
}
