import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { transaction } from './transaction';

/**
 * A connection as Node 22.13–22.15 gives it: without `isTransaction`. The real property cannot
 * be redefined (it is the instance's own and fixed), so a proxy hides it and passes the rest on.
 */
function olderNodeDatabase(): DatabaseSync {
  const real = new DatabaseSync(':memory:');
  real.exec('CREATE TABLE t (v TEXT PRIMARY KEY) STRICT');
  return new Proxy(real, {
    get(target, key) {
      if (key === 'isTransaction') return undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const values = (db: DatabaseSync) =>
  db
    .prepare('SELECT v FROM t ORDER BY v')
    .all()
    .map((r) => (r as { v: string }).v);
const insert = (db: DatabaseSync, v: string) => db.prepare('INSERT INTO t (v) VALUES (?)').run(v);
/** Asks SQLite itself: BEGIN fails only while a transaction is open. */
function inTransaction(db: DatabaseSync): boolean {
  try {
    db.exec('BEGIN');
  } catch {
    return true;
  }
  db.exec('ROLLBACK');
  return false;
}

describe('transaction', () => {
  it('nests without isTransaction: the inner changes commit with the outer ones', () => {
    const db = olderNodeDatabase();
    const result = transaction(db, () => {
      insert(db, 'a');
      const inner = transaction(db, () => {
        insert(db, 'b');
        return transaction(db, () => (insert(db, 'c'), 'deep'));
      });
      insert(db, 'd');
      return inner;
    });
    expect(result).toBe('deep');
    expect(values(db)).toEqual(['a', 'b', 'c', 'd']);
    expect(inTransaction(db)).toBe(false);
  });

  it('undoes only the inner part when its error is caught, and the whole when it is not', () => {
    const db = olderNodeDatabase();
    transaction(db, () => {
      insert(db, 'kept');
      expect(() =>
        transaction(db, () => {
          insert(db, 'undone');
          insert(db, 'kept'); // the primary key refuses it
        }),
      ).toThrow(/UNIQUE/);
      insert(db, 'after');
    });
    expect(values(db)).toEqual(['after', 'kept']);

    expect(() =>
      transaction(db, () => {
        insert(db, 'outer');
        transaction(db, () => {
          insert(db, 'inner');
          throw new Error('not caught');
        });
      }),
    ).toThrow('not caught');
    expect(values(db)).toEqual(['after', 'kept']);
    expect(inTransaction(db)).toBe(false);
  });

  it('is ready for the next transaction after a failure, on the same connection', () => {
    const db = olderNodeDatabase();
    expect(() => transaction(db, () => transaction(db, () => insert(db, 'x') && insert(db, 'x')))).toThrow();
    transaction(db, () => transaction(db, () => insert(db, 'y')));
    expect(values(db)).toEqual(['y']);
  });

  it('keeps connections apart', () => {
    const one = olderNodeDatabase();
    const two = olderNodeDatabase();
    transaction(one, () => {
      insert(one, 'one');
      transaction(two, () => insert(two, 'two'));
      // `two` committed on its own, although `one` is still open.
      expect(inTransaction(two)).toBe(false);
    });
    expect([values(one), values(two)]).toEqual([['one'], ['two']]);
  });
});
