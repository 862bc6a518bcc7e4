import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { scrollToShow } from '../../../app/visible-rows';

const STEPS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

interface Grid {
  rows: number;
  columns: number;
  rowHeight: number;
  colWidth: number;
  /** The sticky parts the cells pass under: the header's height and the row column's width. */
  headHeight: number;
  leadWidth: number;
}

/**
 * The arrow keys move between the matrix's cells as in a spreadsheet. The matrix renders only
 * what is in view, so the next cell may not exist yet: the view is scrolled to bring it in, and
 * it is focused once rendered (the cell carries `data-cell="row:column"`).
 */
export function useCellFocus(scroller: RefObject<HTMLDivElement | null>, grid: Grid) {
  const pending = useRef<string>(undefined);
  const focusPending = () => {
    if (!pending.current) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-cell="${pending.current}"] button`);
    if (!el) return;
    pending.current = undefined;
    el.focus();
  };
  // After any render (a scroll brought the cell in): focus it if it was asked for.
  useEffect(focusPending);

  return (e: KeyboardEvent, row: number, column: number): void => {
    const step = STEPS[e.key];
    const view = scroller.current;
    if (!step || !view || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
    e.preventDefault();
    const r = Math.min(grid.rows - 1, Math.max(0, row + step[0]));
    const c = Math.min(grid.columns - 1, Math.max(0, column + step[1]));
    // The room past the sticky header and row column; none measured (a hidden view): no scroll.
    const rowRoom = view.clientHeight - grid.headHeight;
    const colRoom = view.clientWidth - grid.leadWidth;
    if (rowRoom > 0) view.scrollTop = scrollToShow(r, grid.rowHeight, view.scrollTop, rowRoom);
    if (colRoom > 0) view.scrollLeft = scrollToShow(c, grid.colWidth, view.scrollLeft, colRoom);
    pending.current = `${r}:${c}`;
    focusPending();
  };
}
