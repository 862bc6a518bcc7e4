import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  BatchGridPage,
  BatchGridRow,
  GridFilter,
  GridSort,
} from '../../../../src-shared/judge/batch-grid';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { AppError } from '../../../../src-shared/result';
import { call, RouteError } from '../../../bridge/api';

export const GRID_PAGE = 100;

interface Pages {
  total: number | undefined;
  questions: Question[];
  thresholds: Record<string, number>;
  rows: Map<number, BatchGridRow[]>;
}

/**
 * The grid's rows, fetched a page at a time as they scroll into view. A new `tick` (new results)
 * or another sort or filter makes every page stale: the pages in view are fetched again and the
 * old rows stay on screen until they arrive, so nothing flickers.
 */
export function useGridPages(runId: string, sort: GridSort, filter: GridFilter, tick: number) {
  const [pages, setPages] = useState<Pages>({
    total: undefined,
    questions: [],
    thresholds: {},
    rows: new Map(),
  });
  const [error, setError] = useState<AppError>();
  const fresh = useRef(new Map<number, string>());
  const inFlight = useRef(new Set<string>());
  const generation = `${runId}|${sort}|${filter}|${tick}`;
  const view = useRef({ first: 0, last: 0 });
  const layout = `${runId}|${sort}|${filter}`;
  const currentLayout = useRef(layout);
  currentLayout.current = layout;

  const fetchPage = useCallback(
    (page: number) => {
      const key = `${generation}#${page}`;
      if (fresh.current.get(page) === generation || inFlight.current.has(key)) return;
      inFlight.current.add(key);
      call('judge.batch.grid', { id: runId, sort, filter, offset: page * GRID_PAGE, limit: GRID_PAGE })
        .then((p: BatchGridPage) => {
          // A page of another sort or filter that arrives late must not land in this one.
          if (currentLayout.current !== `${runId}|${sort}|${filter}`) return;
          fresh.current.set(page, generation);
          setError(undefined);
          setPages((s) => {
            const rows = new Map(s.rows);
            rows.set(page, p.rows);
            return { total: p.total, questions: p.questions, thresholds: p.thresholds, rows };
          });
        })
        .catch((err: unknown) => {
          if (err instanceof RouteError) setError(err.error);
        })
        .finally(() => inFlight.current.delete(key));
    },
    [generation, runId, sort, filter],
  );

  const show = useCallback(
    (first: number, last: number) => {
      view.current = { first, last };
      const from = Math.floor(first / GRID_PAGE);
      const to = Math.max(from, Math.floor(Math.max(first, last - 1) / GRID_PAGE));
      for (let page = from; page <= to; page++) fetchPage(page);
    },
    [fetchPage],
  );

  // Another run, sort or filter: the rows of before mean nothing; new results: keep them meanwhile.
  useEffect(() => {
    fresh.current.clear();
    setPages({ total: undefined, questions: [], thresholds: {}, rows: new Map() });
  }, [layout]);
  useEffect(() => {
    show(view.current.first, view.current.last);
  }, [generation, show]);

  const rowAt = (i: number): BatchGridRow | undefined =>
    pages.rows.get(Math.floor(i / GRID_PAGE))?.[i % GRID_PAGE];
  return { ...pages, rowAt, show, error };
}
