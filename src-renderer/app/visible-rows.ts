/**
 * The rows of a fixed-row-height list that are in view (plus `overscan` either side), so a list
 * of any length renders a few dozen nodes. Computed from the scroll offset, never measured per
 * row (jsdom measures nothing, and measuring would force layout).
 */
export function visibleRows(opts: {
  scrollTop: number;
  viewHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): { first: number; last: number } {
  const { scrollTop, viewHeight, rowHeight, count, overscan = 6 } = opts;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewHeight) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/**
 * The scroll offset that shows row `row` whole in a view `room` pixels high: unchanged when it
 * already shows, else the least move that brings it in (the row at the top or at the bottom).
 */
export function scrollToShow(row: number, rowHeight: number, scrollTop: number, room: number): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + room) return top + rowHeight - room;
  return scrollTop;
}
