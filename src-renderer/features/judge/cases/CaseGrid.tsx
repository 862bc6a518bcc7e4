import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { scrollToShow, visibleRows } from '../../../app/visible-rows';
import { formatNumber, t } from '../../../i18n/i18n';
import { expectedText, stateSummary } from './case-cells';

export const CASE_ROW_HEIGHT = 32;
const HEADER_HEIGHT = 34;

interface CaseGridProps {
  /** The focusable grid, so the view can give the focus back after a dialog. */
  box: RefObject<HTMLDivElement | null>;
  count: number;
  questions: Question[];
  caseAt: (index: number) => JudgeCase | undefined;
  /** Reports the rows in view (with overscan), so the view fetches just their pages. */
  onRange: (first: number, last: number) => void;
  selected: number | undefined;
  onSelect: (index: number) => void;
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (index: number) => void;
  onDelete: () => void;
}

/** The fixed columns' widths around one per question; the state and note take what is left. */
function columnsOf(questions: Question[]) {
  const template = `32px 64px minmax(220px, 3fr) ${questions.map(() => 'minmax(110px, 1fr)').join(' ')} minmax(140px, 1.5fr)`;
  return { template, minWidth: 32 + 64 + 220 + 110 * questions.length + 140 };
}

/**
 * The set's cases as a grid of fixed-height rows: only those in view are in the DOM (a set may
 * hold 100,000), positioned absolutely in a spacer as tall as all of them. The grid itself takes
 * the focus: ↑/↓ move the selected row (scrolled into view), Enter opens it, Space ticks it,
 * Delete asks to delete.
 */
export function CaseGrid(p: CaseGridProps) {
  const { box } = p;
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, [box]);
  const { first, last } = visibleRows({
    scrollTop,
    viewHeight: viewHeight - HEADER_HEIGHT,
    rowHeight: CASE_ROW_HEIGHT,
    count: p.count,
  });
  const { onRange } = p;
  useEffect(() => onRange(first, last), [first, last, onRange]);

  // Keeps the selected row in view when the keys (or the view) move it.
  useEffect(() => {
    const el = box.current;
    if (!el || p.selected === undefined) return;
    const next = scrollToShow(p.selected, CASE_ROW_HEIGHT, el.scrollTop, viewHeight - HEADER_HEIGHT);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(next);
    }
    // Only a new selection scrolls; the user's own scrolling is left alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.selected]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (p.count === 0) return;
    const at = p.selected;
    const page = Math.max(1, Math.floor((viewHeight - HEADER_HEIGHT) / CASE_ROW_HEIGHT) - 1);
    const move = (to: number) => {
      e.preventDefault();
      p.onSelect(Math.min(p.count - 1, Math.max(0, to)));
    };
    if (e.key === 'ArrowDown') move(at === undefined ? 0 : at + 1);
    else if (e.key === 'ArrowUp') move(at === undefined ? 0 : at - 1);
    else if (e.key === 'PageDown') move((at ?? 0) + page);
    else if (e.key === 'PageUp') move((at ?? 0) - page);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(p.count - 1);
    else if (at !== undefined && e.key === 'Enter') {
      e.preventDefault();
      p.onOpen(at);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      p.onDelete();
    } else if (at !== undefined && e.key === ' ') {
      e.preventDefault();
      const c = p.caseAt(at);
      if (c) p.onToggle(c.id);
    }
  };

  const { template, minWidth } = columnsOf(p.questions);
  const rows = [];
  for (let i = first; i < last; i++) {
    const c = p.caseAt(i);
    rows.push(
      <CaseRow
        key={c?.id ?? `row-${i}`}
        index={i}
        c={c}
        questions={p.questions}
        template={template}
        selected={p.selected === i}
        checked={!!c && p.checked.has(c.id)}
        onToggle={p.onToggle}
        onClick={() => {
          p.onSelect(i);
          if (c) p.onOpen(i);
        }}
      />,
    );
  }
  return (
    <div
      ref={box}
      className="cases-grid"
      role="grid"
      tabIndex={0}
      aria-label={t('cases.grid.label')}
      aria-rowcount={p.count + 1}
      aria-colcount={p.questions.length + 4}
      aria-activedescendant={p.selected !== undefined ? `case-row-${p.selected}` : undefined}
      aria-describedby="cases-grid-keys"
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div
        className="cases-head"
        role="row"
        aria-rowindex={1}
        style={{ gridTemplateColumns: template, minWidth }}
      >
        {/* In the grid's flow (a column of its own), its words for screen readers only. */}
        <span role="columnheader">
          <span className="cases-sr-only">{t('cases.col.select')}</span>
        </span>
        <span role="columnheader">{t('cases.col.index')}</span>
        <span role="columnheader">{t('cases.col.state')}</span>
        {p.questions.map((q) => (
          <span role="columnheader" key={q.name} title={q.instructions}>
            {q.name}
          </span>
        ))}
        <span role="columnheader">{t('cases.col.note')}</span>
      </div>
      <div className="cases-body" role="rowgroup" style={{ height: p.count * CASE_ROW_HEIGHT, minWidth }}>
        {rows}
      </div>
    </div>
  );
}

function CaseRow(p: {
  index: number;
  c: JudgeCase | undefined;
  questions: Question[];
  template: string;
  selected: boolean;
  checked: boolean;
  onToggle: (id: string) => void;
  onClick: () => void;
}) {
  const { c } = p;
  const n = formatNumber(p.index + 1);
  return (
    <div
      id={`case-row-${p.index}`}
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.selected}
      className={p.selected ? 'cases-row selected' : 'cases-row'}
      style={{ top: p.index * CASE_ROW_HEIGHT, height: CASE_ROW_HEIGHT, gridTemplateColumns: p.template }}
      onClick={p.onClick}
    >
      <span role="gridcell">
        {c ? (
          <input
            type="checkbox"
            tabIndex={-1}
            checked={p.checked}
            aria-label={t('cases.row.select', { n })}
            onClick={(e) => e.stopPropagation()}
            onChange={() => p.onToggle(c.id)}
          />
        ) : null}
      </span>
      <span role="gridcell" className="muted">
        {n}
      </span>
      {c ? (
        <>
          <span role="gridcell" className="cases-state" title={stateSummary(c.state)}>
            {stateSummary(c.state)}
          </span>
          {p.questions.map((q) => (
            <span role="gridcell" key={q.name}>
              {expectedText(q, c.expected[q.name])}
            </span>
          ))}
          <span role="gridcell" className="muted" title={c.note}>
            {c.note}
          </span>
        </>
      ) : (
        <span role="gridcell" className="muted">
          {t('common.loading')}
        </span>
      )}
    </div>
  );
}
