import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { EvalCellsRow, EvalCellSummary } from '../../../../src-shared/evals/eval-run-views';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { visibleRows } from '../../../app/visible-rows';
import { formatNumber, t } from '../../../i18n/i18n';
import type { MatrixColumn } from './matrix-columns';
import { MatrixCell } from './MatrixCell';
import { useCellFocus } from './use-cell-focus';
import { type MatrixPage, useMatrixPages } from './use-matrix-pages';

export const MATRIX_ROW_HEIGHT = 96;
export const MATRIX_COL_WIDTH = 270;
/** The row's own column (its number and variables), kept in view when scrolling sideways. */
export const MATRIX_LEAD_WIDTH = 210;
/** jsdom and a hidden panel measure nothing: assume a window's worth. */
const FALLBACK_VIEW = { width: 1024, height: 480 };

export interface CellRef {
  row: number;
  variantId: string;
  targetId: string;
  sample: number;
}

interface Props {
  columns: MatrixColumn[];
  repeats: number;
  /** What the rows are (the run and its filter): another value starts from the top. */
  layout: string;
  tick: number;
  load: (page: number) => Promise<MatrixPage>;
  /** The header of a column: its name and figures. */
  header: (column: MatrixColumn) => ReactNode;
  onOpen: (cell: CellRef) => void;
  /** G / B on a focused cell of one sample; the same key again clears (null). */
  onMark: (cell: CellRef, mark: 'good' | 'bad' | null) => void;
  empty: string;
  /** The header row's height: its figures are one a line, and the columns are placed absolutely. */
  headHeight: number;
}

const samplesOf = (row: EvalCellsRow, c: MatrixColumn): EvalCellSummary[] =>
  row.cells.filter((s) => s.variantId === c.variantId && s.targetId === c.targetId);

function variablesText(row: EvalCellsRow): string {
  return Object.entries(row.variables)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
}

/**
 * The eval's matrix: rows × (variant, target) columns, virtualised both ways — only the rows and
 * columns in view (plus a few) are in the page, however many the run has (docs/architecture.md,
 * "Evals"). Rows come in pages from main as they scroll in (use-matrix-pages.ts).
 */
export function MatrixGrid(props: Props) {
  const { columns, repeats, header, onOpen, onMark } = props;
  const pages = useMatrixPages(props.layout, props.tick, props.load);
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [view, setView] = useState(FALLBACK_VIEW);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      if (el.clientHeight && el.clientWidth) setView({ width: el.clientWidth, height: el.clientHeight });
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
    setScroll((s) => ({ ...s, top: 0 }));
  }, [props.layout]);

  const count = pages.total ?? 0;
  const rowsInView = visibleRows({
    scrollTop: scroll.top,
    viewHeight: view.height,
    rowHeight: MATRIX_ROW_HEIGHT,
    count,
  });
  // The same rule sideways: a column is a "row" MATRIX_COL_WIDTH wide past the lead column.
  const colsInView = visibleRows({
    scrollTop: scroll.left,
    viewHeight: Math.max(0, view.width - MATRIX_LEAD_WIDTH),
    rowHeight: MATRIX_COL_WIDTH,
    count: columns.length,
    overscan: 1,
  });
  const { show } = pages;
  useEffect(() => show(rowsInView.first, rowsInView.last), [rowsInView.first, rowsInView.last, show]);

  const arrows = useCellFocus(scroller, {
    rows: count,
    columns: columns.length,
    rowHeight: MATRIX_ROW_HEIGHT,
    colWidth: MATRIX_COL_WIDTH,
    headHeight: props.headHeight,
    leadWidth: MATRIX_LEAD_WIDTH,
  });
  const width = MATRIX_LEAD_WIDTH + columns.length * MATRIX_COL_WIDTH;
  const shownColumns = columns.slice(colsInView.first, colsInView.last);
  const left = (i: number) => MATRIX_LEAD_WIDTH + i * MATRIX_COL_WIDTH;

  const rows: ReactNode[] = [];
  for (let i = rowsInView.first; i < rowsInView.last; i++) {
    const row = pages.rowAt(i);
    const style: CSSProperties = { top: i * MATRIX_ROW_HEIGHT, height: MATRIX_ROW_HEIGHT, width };
    rows.push(
      <div key={i} role="row" aria-rowindex={i + 2} className="matrix-row" style={style}>
        <span role="rowheader" aria-colindex={1} className="matrix-lead">
          {row ? (
            <>
              <strong>{formatNumber(row.position + 1)}</strong>
              <span className="matrix-vars" title={variablesText(row)}>
                {variablesText(row)}
              </span>
              {row.expected !== undefined ? (
                <span className="matrix-expected muted">
                  {t('evalRuns.row.expected', { v: row.expected })}
                </span>
              ) : null}
            </>
          ) : (
            <span className="muted">{t('evalRuns.row.loading')}</span>
          )}
        </span>
        {row
          ? shownColumns.map((c, k) => {
              const index = colsInView.first + k;
              const samples = samplesOf(row, c);
              const ref: CellRef = {
                row: row.position,
                variantId: c.variantId,
                targetId: c.targetId,
                sample: 0,
              };
              const one = repeats <= 1 ? samples[0] : undefined;
              return (
                <span
                  key={c.id}
                  role="cell"
                  aria-colindex={index + 2}
                  className="matrix-cell"
                  data-cell={`${i}:${index}`}
                  style={{ left: left(index), width: MATRIX_COL_WIDTH }}
                >
                  <button
                    type="button"
                    className="matrix-open"
                    // Focusable even before its cell is sent, so the arrow keys never stop at it.
                    aria-disabled={samples.length === 0}
                    aria-label={t('evalRuns.cell.open', { row: row.position + 1, column: c.label })}
                    onClick={() => samples.length > 0 && onOpen(ref)}
                    onKeyDown={(e) => {
                      arrows(e, i, index);
                      if (!one || one.state !== 'done' || e.ctrlKey || e.metaKey || e.altKey) return;
                      const key = e.key.toLowerCase();
                      const mark = key === 'g' ? 'good' : key === 'b' ? 'bad' : undefined;
                      if (!mark) return;
                      e.preventDefault();
                      onMark(ref, one.mark === mark ? null : mark);
                    }}
                  >
                    <MatrixCell samples={samples} repeats={repeats} />
                  </button>
                </span>
              );
            })
          : null}
      </div>,
    );
  }

  return (
    <>
      {pages.error ? <ErrorNotice error={pages.error} /> : null}
      <div
        ref={scroller}
        className="matrix"
        role="table"
        aria-label={t('evalRuns.matrix.title')}
        aria-rowcount={count + 1}
        aria-colcount={columns.length + 1}
        tabIndex={0}
        onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
      >
        <div role="row" aria-rowindex={1} className="matrix-head" style={{ width, height: props.headHeight }}>
          <span role="columnheader" aria-colindex={1} className="matrix-lead">
            {pages.total === undefined
              ? t('evalRuns.matrix.loading')
              : t('evalRuns.matrix.rows', { n: formatNumber(count) })}
          </span>
          {shownColumns.map((c, k) => (
            <span
              key={c.id}
              role="columnheader"
              aria-colindex={colsInView.first + k + 2}
              className="matrix-colhead"
              style={{ left: left(colsInView.first + k), width: MATRIX_COL_WIDTH }}
            >
              {header(c)}
            </span>
          ))}
        </div>
        <div className="matrix-body" style={{ height: count * MATRIX_ROW_HEIGHT, width }}>
          {rows}
        </div>
        {pages.total === 0 ? <p className="muted empty-state">{props.empty}</p> : null}
      </div>
    </>
  );
}
