import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `fn` in one write transaction: all of its changes land, or none do. A call inside a
 * running transaction joins it, so repository functions compose into a caller's transaction.
 * `fn` is synchronous on purpose: nothing may await while the transaction is open.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
}
