import type { DatabaseSync } from 'node:sqlite';

/**
 * How many transaction() calls are open on each connection. Kept here rather than read from
 * `db.isTransaction`, which Node only has from 22.16 (and 24), while 22.13 is supported.
 */
const depths = new WeakMap<DatabaseSync, number>();

/**
 * Runs `fn` in one write transaction: all of its changes land, or none do.
 *
 * The outermost call is `BEGIN IMMEDIATE` … `COMMIT`. A call inside a running one is a
 * savepoint, so repository functions compose into a caller's transaction:
 * - nothing is committed until the outermost call returns; then the inner changes land with it;
 * - when an inner `fn` throws, its own changes are undone (`ROLLBACK TO`) and the error goes on.
 *   A caller that catches it keeps its other changes (that is how one bad record can be left out
 *   of an import); a caller that does not catch it rolls back everything.
 *
 * `fn` is synchronous on purpose: nothing may await while the transaction is open.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  const depth = depths.get(db) ?? 0;
  const savepoint = `tx_${depth}`;
  db.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
  depths.set(db, depth + 1);
  try {
    const result = fn();
    db.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
    return result;
  } catch (err) {
    undo(db, depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
    throw err;
  } finally {
    depths.set(db, depth);
  }
}

/**
 * SQLite rolls a whole transaction back by itself after some errors (a full disk, an I/O
 * error); the undo then finds nothing to undo and fails, and that failure must not hide the
 * error that caused it.
 */
function undo(db: DatabaseSync, sql: string): void {
  try {
    db.exec(sql);
  } catch {
    // The original error is the one worth reporting; it is rethrown by the caller.
  }
}
