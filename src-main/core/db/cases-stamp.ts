import type { DatabaseSync } from 'node:sqlite';

/**
 * A short text that changes whenever a set's saved test cases change (one added, edited,
 * imported or deleted): their count and the latest edit time. Cached agreement with the labels
 * is kept only while it stays the same.
 */
export function casesStamp(db: DatabaseSync): (setId: string) => string {
  const select = db.prepare(
    'SELECT count(*) AS n, max(updated_at) AS last FROM judge_cases WHERE set_id = ?',
  );
  return (setId) => {
    const row = select.get(setId) as { n: number; last: number | null };
    return `${Number(row.n)}:${row.last ?? 0}`;
  };
}
