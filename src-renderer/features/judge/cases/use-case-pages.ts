import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import { call } from '../../../bridge/api';

/** Cases per `judge.cases.list` call: a screenful is ~20 rows, so one or two pages are in view. */
export const CASE_PAGE = 100;

/** Every cases query of a set starts with this, so one invalidation refreshes grid and counts. */
export const casesKey = (setId: string) => ['judge.cases', setId] as const;

/** What reads a set's cases or their labels besides the cases view: refetched after a change. */
const LABEL_READERS = ['judge.batch.agreement', 'judge.batch.drift', 'judge.batch.gridCase'] as const;

/**
 * Refetches the set's visible pages and counts after an add, edit, delete or import, and what
 * reads the labels elsewhere (agreement, drift, an opened case; main recomputes them).
 */
export function useRefreshCases(setId: string) {
  const qc = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: casesKey(setId) }),
        ...LABEL_READERS.map((r) => qc.invalidateQueries({ queryKey: [r] })),
      ]),
    [qc, setId],
  );
}

export function useCaseCount(setId: string, filter: string) {
  return useQuery({
    queryKey: [...casesKey(setId), 'count', filter],
    queryFn: () => call('judge.cases.count', { setId, filter: filter || undefined }),
    // While a new filter is counted the grid keeps its height instead of collapsing to nothing.
    placeholderData: keepPreviousData,
  });
}

/**
 * The cases at rows `first`..`last` (exclusive) of the filtered list, fetched a page at a time as
 * they come into view and kept by react-query per page, so scrolling back costs nothing. Never
 * more than the pages in view are asked for (a set may hold 100,000 cases).
 */
export function useCasePages(setId: string, filter: string, first: number, last: number) {
  const firstPage = Math.floor(first / CASE_PAGE);
  const lastPage = last > first ? Math.floor((last - 1) / CASE_PAGE) : firstPage - 1;
  const pages: number[] = [];
  for (let p = firstPage; p <= lastPage; p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...casesKey(setId), 'page', filter, page],
      queryFn: () =>
        call('judge.cases.list', {
          setId,
          offset: page * CASE_PAGE,
          limit: CASE_PAGE,
          filter: filter || undefined,
        }),
      staleTime: 30_000,
    })),
  });
  const error = results.find((r) => r.error)?.error;
  const caseAt = (index: number): JudgeCase | undefined =>
    results[Math.floor(index / CASE_PAGE) - firstPage]?.data?.[index % CASE_PAGE];
  return { caseAt, error };
}
