import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { scrollToShow, visibleRows } from '../../app/visible-rows';
import { asAppError, call } from '../../bridge/api';
import { formatNumber, t } from '../../i18n/i18n';
import { type StoredRow, usePutRow, useRowPages } from './use-row-pages';

export const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 32;

interface Editing {
  row: number;
  col: number;
  value: string;
  saving?: boolean;
  /** Why the last save failed; the value stays as typed. */
  error?: string;
}

/** A cell's value: a column's variable, or the expected value in the last column. */
function cellValue(row: StoredRow, column: string, isExpected: boolean): string {
  return isExpected ? (row.expected ?? '') : (row.variables[column] ?? '');
}

/**
 * The dataset as a grid of fixed-height rows (docs/architecture.md, "Evals"): only
 * the rows in view are in the DOM, read a page at a time by position. The grid takes the focus;
 * arrows move the cell, Enter (or a double-click) edits it in place, Enter saves through
 * `evals.rows.update` and Escape cancels. A refused save keeps the edit open with main's reason.
 */
export function DatasetGrid(p: {
  evalId: string;
  columns: string[];
  expectedColumn?: string;
  count: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const [cursor, setCursor] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<Editing>();
  const putRow = usePutRow(p.evalId);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { first, last } = visibleRows({
    scrollTop,
    viewHeight: viewHeight - HEADER_HEIGHT,
    rowHeight: ROW_HEIGHT,
    count: p.count,
  });
  const { rowAt, error } = useRowPages(p.evalId, first, last);
  const names = p.expectedColumn ? [...p.columns, p.expectedColumn] : p.columns;
  const template = `64px ${names.map(() => 'minmax(160px, 1fr)').join(' ')}`;
  const minWidth = 64 + 160 * names.length + 16;

  // Keeps the cursor's row in view when the keys move it.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const next = scrollToShow(cursor.row, ROW_HEIGHT, el.scrollTop, viewHeight - HEADER_HEIGHT);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(next);
    }
    // Only a move of the cursor scrolls; the user's own scrolling is left alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cursor.row]);

  const startEdit = (row: number, col: number) => {
    const r = rowAt(row);
    if (!r) return;
    setCursor({ row, col });
    setEditing({ row, col, value: cellValue(r, names[col], col === p.columns.length) });
  };

  const save = async (e: Editing) => {
    const r = rowAt(e.row);
    if (!r) return;
    const isExpected = e.col === p.columns.length;
    setEditing({ ...e, saving: true, error: undefined });
    try {
      const saved = await call('evals.rows.update', {
        id: p.evalId,
        position: r.position,
        variables: isExpected ? r.variables : { ...r.variables, [names[e.col]]: e.value },
        ...(isExpected ? { expected: e.value } : r.expected !== undefined ? { expected: r.expected } : {}),
      });
      putRow(saved);
      setEditing(undefined);
      box.current?.focus();
    } catch (err) {
      setEditing({ ...e, saving: false, error: asAppError(err).message });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || p.count === 0) return;
    const page = Math.max(1, Math.floor((viewHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const move = (row: number, col: number) => {
      e.preventDefault();
      setCursor({
        row: Math.min(p.count - 1, Math.max(0, row)),
        col: Math.min(names.length - 1, Math.max(0, col)),
      });
    };
    const { row, col } = cursor;
    if (e.key === 'ArrowDown') move(row + 1, col);
    else if (e.key === 'ArrowUp') move(row - 1, col);
    else if (e.key === 'ArrowRight') move(row, col + 1);
    else if (e.key === 'ArrowLeft') move(row, col - 1);
    else if (e.key === 'PageDown') move(row + page, col);
    else if (e.key === 'PageUp') move(row - page, col);
    else if (e.key === 'Home') move(e.ctrlKey || e.metaKey ? 0 : row, 0);
    else if (e.key === 'End') move(e.ctrlKey || e.metaKey ? p.count - 1 : row, names.length - 1);
    else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      startEdit(row, col);
    }
  };

  const rows = [];
  for (let i = first; i < last; i++) {
    const r = rowAt(i);
    rows.push(
      <div
        key={i}
        role="row"
        aria-rowindex={i + 2}
        className="evals-grid-row"
        style={{ top: i * ROW_HEIGHT, height: ROW_HEIGHT, gridTemplateColumns: template }}
      >
        <span role="rowheader" className="muted evals-grid-num">
          {formatNumber(i + 1)}
        </span>
        {r ? (
          names.map((name, c) => {
            const here = cursor.row === i && cursor.col === c;
            const edit = editing && editing.row === i && editing.col === c ? editing : undefined;
            const value = cellValue(r, name, c === p.columns.length);
            return (
              <span
                key={name}
                role="gridcell"
                id={`evals-cell-${i}-${c}`}
                aria-selected={here}
                className={here ? 'evals-cell cursor' : 'evals-cell'}
                title={value}
                onClick={() => setCursor({ row: i, col: c })}
                onDoubleClick={() => startEdit(i, c)}
              >
                {edit ? (
                  <input
                    autoFocus
                    className="evals-cell-input"
                    aria-label={t('evals.grid.editCell', { column: name, n: formatNumber(i + 1) })}
                    aria-invalid={edit.error !== undefined}
                    aria-describedby={edit.error ? 'evals-grid-error' : undefined}
                    value={edit.value}
                    disabled={edit.saving}
                    onChange={(e) => setEditing({ ...edit, value: e.target.value })}
                    onKeyDown={(e) => {
                      e.stopPropagation();
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void save(edit);
                      } else if (e.key === 'Escape') {
                        e.preventDefault();
                        setEditing(undefined);
                        box.current?.focus();
                      }
                    }}
                  />
                ) : (
                  value
                )}
              </span>
            );
          })
        ) : (
          <span role="gridcell" className="muted">
            {t('common.loading')}
          </span>
        )}
      </div>,
    );
  }
  return (
    <div className="evals-grid-wrap">
      {editing?.error ? (
        <p id="evals-grid-error" className="field-error" role="alert">
          {t('evals.grid.saveFailed', { n: formatNumber(editing.row + 1), reason: editing.error })}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {asAppError(error).message}
        </p>
      ) : null}
      <div
        ref={box}
        className="evals-grid"
        role="grid"
        tabIndex={0}
        aria-label={t('evals.grid.label')}
        aria-rowcount={p.count + 1}
        aria-colcount={names.length + 1}
        aria-activedescendant={editing ? undefined : `evals-cell-${cursor.row}-${cursor.col}`}
        aria-describedby="evals-grid-keys"
        onKeyDown={onKeyDown}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div
          className="evals-grid-head"
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: template, minWidth }}
        >
          <span role="columnheader">#</span>
          {names.map((n, c) => (
            <span
              role="columnheader"
              key={n}
              className={c === p.columns.length ? 'evals-expected-head' : undefined}
            >
              {c === p.columns.length ? t('evals.grid.expected', { name: n }) : n}
            </span>
          ))}
        </div>
        <div className="evals-grid-body" role="rowgroup" style={{ height: p.count * ROW_HEIGHT, minWidth }}>
          {rows}
        </div>
      </div>
      <p id="evals-grid-keys" className="small-note muted">
        {t('evals.grid.keys')}
      </p>
    </div>
  );
}
