import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BatchGridRow, GridFilter, GridSort } from '../../../../src-shared/judge/batch-grid';
import type { Question } from '../../../../src-shared/judge/question-rules';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { visibleRows } from '../../../app/visible-rows';
import { useRouteMutation } from '../../../hooks/use-route';
import { formatNumber, t } from '../../../i18n/i18n';
import { useBatchProgress } from './batch-progress-store';
import { GradeCellView, ReviewCell } from './GridCells';
import { useReview } from './use-review';
import { useGridPages } from './use-grid-pages';

export const GRID_ROW_HEIGHT = 44;
/** jsdom and a hidden panel measure nothing: assume a window's worth of rows. */
const FALLBACK_VIEW_HEIGHT = 480;

const SORTS: {
  value: GridSort;
  key: 'runs.grid.sortCase' | 'runs.grid.sortDisagreement' | 'runs.grid.sortConfidence';
}[] = [
  { value: 'case', key: 'runs.grid.sortCase' },
  { value: 'disagreement', key: 'runs.grid.sortDisagreement' },
  { value: 'confidence', key: 'runs.grid.sortConfidence' },
];
const FILTERS: {
  value: GridFilter;
  key:
    | 'runs.grid.filterAll'
    | 'runs.grid.filterDisagreements'
    | 'runs.grid.filterErrors'
    | 'runs.grid.filterAgreed'
    | 'runs.grid.filterDisagreed'
    | 'runs.grid.filterCommented'
    | 'runs.grid.filterCorrected';
}[] = [
  { value: 'all', key: 'runs.grid.filterAll' },
  { value: 'disagreements', key: 'runs.grid.filterDisagreements' },
  { value: 'errors', key: 'runs.grid.filterErrors' },
  { value: 'agreed', key: 'runs.grid.filterAgreed' },
  { value: 'disagreed', key: 'runs.grid.filterDisagreed' },
  { value: 'commented', key: 'runs.grid.filterCommented' },
  { value: 'corrected', key: 'runs.grid.filterCorrected' },
];

function Status({ row, runId }: { row: BatchGridRow; runId: string }) {
  const retry = useRouteMutation('judge.batch.retryCase', ['judge.batch.get', 'judge.batch.list']);
  if (row.status === 'pending') return <span className="muted">{t('runs.grid.pending')}</span>;
  if (row.status === 'done') return <span>{t('runs.grid.done')}</span>;
  return (
    <span className="grid-error">
      <span className="grid-error-text" title={row.error?.message}>
        {retry.error ? retry.error.error.message : (row.error?.message ?? t('runs.grid.failed'))}
      </span>
      <button
        type="button"
        className="ghost small"
        disabled={retry.isPending}
        aria-label={t('runs.grid.retryCase', { n: row.position + 1 })}
        onClick={(e) => {
          e.stopPropagation();
          retry.mutate({ id: runId, caseId: row.caseId });
        }}
      >
        {t('common.retry')}
      </button>
    </span>
  );
}

function Row({
  row,
  index,
  questions,
  runId,
  onOpen,
}: {
  row: BatchGridRow | undefined;
  index: number;
  questions: Question[];
  runId: string;
  onOpen: (caseId: string) => void;
}) {
  const review = useReview(runId);
  const style: CSSProperties = { top: index * GRID_ROW_HEIGHT, height: GRID_ROW_HEIGHT };
  if (!row)
    return (
      <div role="row" aria-rowindex={index + 2} className="grid-row loading" style={style}>
        <span role="cell" className="muted">
          {t('runs.grid.loadingRow')}
        </span>
      </div>
    );
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={row.disagreements > 0 ? 'grid-row disagreeing' : 'grid-row'}
      style={style}
      onClick={() => onOpen(row.caseId)}
      onKeyDown={(e) => {
        // A / D on the focused row mark it; the same key again clears the mark.
        if (e.ctrlKey || e.metaKey || e.altKey || row.status === 'pending') return;
        const key = e.key.toLowerCase();
        const verdict = key === 'a' ? 'agree' : key === 'd' ? 'disagree' : undefined;
        if (!verdict) return;
        e.preventDefault();
        review.setMark(row.caseId, row.review?.verdict === verdict ? null : verdict, undefined);
      }}
    >
      <span role="cell">
        <button
          type="button"
          className="linklike"
          aria-label={t('runs.grid.open', { n: row.position + 1 })}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row.caseId);
          }}
        >
          {row.position + 1}
        </button>
      </span>
      <span role="cell" className="grid-preview" title={row.preview}>
        {row.preview}
      </span>
      {row.cells.map((c, i) => (
        <span role="cell" key={c.question} className="grid-answer">
          <GradeCellView cell={c} question={questions[i]} />
        </span>
      ))}
      <span role="cell">
        <Status row={row} runId={runId} />
      </span>
      <span role="cell">
        <ReviewCell review={row.review} />
      </span>
      <span role="cell" className="grid-model" title={row.modelAnswered}>
        {row.modelAnswered ?? '—'}
      </span>
      <span role="cell">
        {row.latencyMs === undefined ? '—' : t('judge.result.ms', { ms: row.latencyMs })}
      </span>
    </div>
  );
}

/** Every case of the run with its answers read against its labels; only the rows in view exist. */
export function ResultsGrid({ runId, onOpen }: { runId: string; onOpen: (caseId: string) => void }) {
  const [sort, setSort] = useState<GridSort>('case');
  const [filter, setFilter] = useState<GridFilter>('all');
  const tick = useBatchProgress((s) => s.gridTick[runId] ?? 0);
  const grid = useGridPages(runId, sort, filter, tick);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(FALLBACK_VIEW_HEIGHT);
  useLayoutEffect(() => {
    const h = scroller.current?.clientHeight;
    if (h) setViewHeight(h);
  }, []);
  const count = grid.total ?? 0;
  const { first, last } = visibleRows({ scrollTop, viewHeight, rowHeight: GRID_ROW_HEIGHT, count });
  const { show } = grid;
  useEffect(() => show(first, last), [first, last, show]);
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
    setScrollTop(0);
  }, [sort, filter, runId]);

  const n = grid.questions.length;
  const columns = `56px minmax(140px, 1.4fr) repeat(${n}, minmax(150px, 1fr)) minmax(120px, 1fr) 88px 110px 72px`;
  // Every row as wide as the columns' minimums (not its own content), so all rows share one
  // set of column widths and a narrow window scrolls sideways instead of squeezing them.
  const minWidth = 56 + 140 + n * 150 + 120 + 88 + 110 + 72 + 8 * (n + 6) + 16;
  const rows = [];
  for (let i = first; i < last; i++)
    rows.push(
      <Row key={i} index={i} row={grid.rowAt(i)} questions={grid.questions} runId={runId} onOpen={onOpen} />,
    );
  return (
    <section className="runs-grid-wrap" aria-label={t('runs.grid.title')}>
      <div className="row runs-grid-tools">
        <label>
          {t('runs.grid.sort')}
          <select value={sort} onChange={(e) => setSort(e.target.value as GridSort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.key)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('runs.grid.show')}
          <select value={filter} onChange={(e) => setFilter(e.target.value as GridFilter)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {t(f.key)}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small-note" aria-live="polite">
          {grid.total === undefined
            ? t('runs.grid.loading')
            : t('runs.grid.count', { n: formatNumber(count) })}
        </span>
      </div>
      <p className="muted small-note">{t('runs.grid.keysHint')}</p>
      {grid.error ? <ErrorNotice error={grid.error} /> : null}
      <div
        ref={scroller}
        className="runs-grid"
        role="table"
        aria-label={t('runs.grid.title')}
        aria-rowcount={count + 1}
        style={{ '--grid-columns': columns, '--grid-min-width': `${minWidth}px` } as CSSProperties}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        tabIndex={0}
      >
        <div role="row" aria-rowindex={1} className="grid-row grid-head">
          <span role="columnheader">#</span>
          <span role="columnheader">{t('runs.grid.case')}</span>
          {grid.questions.map((q) => (
            <span role="columnheader" key={q.name} title={q.instructions}>
              {q.name}
              {q.type === 'noul' && grid.thresholds[q.name] !== undefined ? (
                <span className="muted"> ≥ {grid.thresholds[q.name]}</span>
              ) : null}
            </span>
          ))}
          <span role="columnheader">{t('runs.grid.status')}</span>
          <span role="columnheader">{t('runs.grid.review')}</span>
          <span role="columnheader">{t('runs.grid.model')}</span>
          <span role="columnheader">{t('runs.grid.latency')}</span>
        </div>
        <div className="grid-body" style={{ height: count * GRID_ROW_HEIGHT }}>
          {rows}
        </div>
        {grid.total === 0 ? (
          <p className="muted empty-state">
            {filter === 'errors'
              ? t('runs.grid.noErrors')
              : filter === 'disagreements'
                ? t('runs.grid.noDisagreements')
                : filter === 'all'
                  ? t('runs.grid.empty')
                  : t('runs.grid.noMarks')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
