import { useCallback, useEffect, useRef, useState } from 'react';
import type { EvalCellsRow } from '../../../../src-shared/evals/eval-run-views';
import type { AppError } from '../../../../src-shared/result';
import { RouteError } from '../../../bridge/api';

/** Rows per page asked of main: a screen or two of the matrix (the route takes at most 200). */
export const MATRIX_PAGE = 100;

export interface MatrixPage {
  total: number;
  rows: EvalCellsRow[];
}

/**
 * The matrix's rows a page at a time as they scroll into view, as the judge's batch grid does
 * (features/judge/batch/use-grid-pages.ts). `layout` names what the rows are (the run and its
 * filter): another layout forgets every row; a new `tick` (new cells) refetches the pages in
 * view and keeps the old rows on screen until they arrive, so nothing flickers.
 */
export function useMatrixPages(layout: string, tick: number, load: (page: number) => Promise<MatrixPage>) {
  const [state, setState] = useState<{ total?: number; pages: Map<number, EvalCellsRow[]> }>({
    pages: new Map(),
  });
  const [error, setError] = useState<AppError>();
  const fresh = useRef(new Map<number, string>());
  const inFlight = useRef(new Set<string>());
  const view = useRef({ first: 0, last: 0 });
  const currentLayout = useRef(layout);
  currentLayout.current = layout;
  const generation = `${layout}|${tick}`;
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(
    (page: number) => {
      const key = `${generation}#${page}`;
      if (fresh.current.get(page) === generation || inFlight.current.has(key)) return;
      inFlight.current.add(key);
      loadRef
        .current(page)
        .then((p) => {
          // A page of another run or filter that arrives late must not land in this one.
          if (!generation.startsWith(`${currentLayout.current}|`)) return;
          fresh.current.set(page, generation);
          setError(undefined);
          setState((s) => {
            const pages = new Map(s.pages);
            pages.set(page, p.rows);
            return { total: p.total, pages };
          });
        })
        .catch((err: unknown) => {
          if (err instanceof RouteError) setError(err.error);
        })
        .finally(() => inFlight.current.delete(key));
    },
    [generation],
  );

  const show = useCallback(
    (first: number, last: number) => {
      view.current = { first, last };
      const from = Math.floor(first / MATRIX_PAGE);
      const to = Math.max(from, Math.floor(Math.max(first, last - 1) / MATRIX_PAGE));
      for (let page = from; page <= to; page++) fetchPage(page);
    },
    [fetchPage],
  );

  useEffect(() => {
    fresh.current.clear();
    setState({ pages: new Map() });
  }, [layout]);
  useEffect(() => {
    show(view.current.first, view.current.last);
  }, [generation, show]);

  const rowAt = (i: number): EvalCellsRow | undefined =>
    state.pages.get(Math.floor(i / MATRIX_PAGE))?.[i % MATRIX_PAGE];
  return { total: state.total, rowAt, show, error };
}
