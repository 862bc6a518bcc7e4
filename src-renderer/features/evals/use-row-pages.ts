import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EvalRowsPage } from '../../../src-shared/evals/eval-rows-import';
import { call } from '../../bridge/api';

/** Rows per `evals.rows.page` call: a screenful is ~20 rows, so one or two pages are in view. */
export const ROW_PAGE = 200;

export type StoredRow = EvalRowsPage['rows'][number];

/** Every rows query of an eval starts with this, so one invalidation refreshes grid and count. */
export const rowsKey = (evalId: string) => ['evals.rows.page', { id: evalId }] as const;

/**
 * The rows at positions `first`..`last` (exclusive), read a page at a time by position as they
 * come into view and kept per page, so scrolling back costs nothing. Never more than the pages in
 * view are asked for (a dataset may hold 100,000 rows).
 */
export function useRowPages(evalId: string, first: number, last: number) {
  const firstPage = Math.floor(first / ROW_PAGE);
  const lastPage = last > first ? Math.floor((last - 1) / ROW_PAGE) : firstPage - 1;
  const pages: number[] = [];
  for (let p = firstPage; p <= lastPage; p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...rowsKey(evalId), 'grid', page],
      queryFn: () => call('evals.rows.page', { id: evalId, from: page * ROW_PAGE, limit: ROW_PAGE }),
      staleTime: 30_000,
    })),
  });
  const error = results.find((r) => r.error)?.error;
  const rowAt = (index: number): StoredRow | undefined => {
    const page = results[Math.floor(index / ROW_PAGE) - firstPage]?.data;
    // Pages are read by position: the row at `index` is the one whose position it is.
    return page?.rows.find((r) => r.position === index) ?? undefined;
  };
  return { rowAt, error };
}

/** Puts a saved row into its cached page, so the grid shows it at once without reading the page again. */
export function usePutRow(evalId: string) {
  const qc = useQueryClient();
  return useCallback(
    (row: StoredRow) =>
      qc.setQueryData<EvalRowsPage>(
        [...rowsKey(evalId), 'grid', Math.floor(row.position / ROW_PAGE)],
        (page) =>
          page ? { ...page, rows: page.rows.map((r) => (r.position === row.position ? row : r)) } : page,
      ),
    [qc, evalId],
  );
}
