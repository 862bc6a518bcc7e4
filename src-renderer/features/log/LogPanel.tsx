import { useQueryClient } from '@tanstack/react-query';
import { memo, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { type LogEntry, MAX_LOG_ENTRIES } from '../../../src-shared/log/log-entry';
import { visibleRows } from '../../app/visible-rows';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useUi } from '../../app/ui-store';
import { call } from '../../bridge/api';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { useBatchedEvent } from '../../hooks/use-batched-event';
import { filterLog, prettyBody } from './log-filter';
import { formatTime, t } from '../../i18n/i18n';

/** One call's details; each block may scroll, so each takes focus for the keyboard to scroll it. */
function EntryDetail({ entry }: { entry: LogEntry }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="log-detail">
      <div className="row">
        <button
          type="button"
          className="small"
          onClick={() =>
            void call('log.curl', { id: entry.id })
              .then((curl) => navigator.clipboard.writeText(curl))
              .then(() => setCopied(true))
          }
        >
          {copied ? t('common.copied') : t('log.copyCurl')}
        </button>
        <span className="muted small-note">{t('log.curlNote')}</span>
      </div>
      {entry.requestId ? (
        <p className="small-note">{t('log.requestId', { requestId: entry.requestId })}</p>
      ) : null}
      <h4>{t('log.headers')}</h4>
      <pre tabIndex={0}>
        {Object.entries(entry.requestHeaders)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}
      </pre>
      {entry.requestBody !== undefined ? (
        <>
          <h4>{t('log.requestBody')}</h4>
          <pre tabIndex={0}>{prettyBody(entry.requestBody)}</pre>
        </>
      ) : null}
      <h4>{t('log.responseStart')}</h4>
      <pre tabIndex={0}>
        {entry.error ? `${entry.error}\n\n` : ''}
        {entry.responseStart ?? ''}
      </pre>
    </div>
  );
}

/**
 * The log as main holds it, with one entry added or updated: in place when it is there (a
 * call's three events update one row), else appended, the oldest dropped past what main keeps.
 */
export function withEntry(old: LogEntry[], entry: LogEntry): LogEntry[] {
  const i = old.findIndex((e) => e.id === entry.id);
  if (i !== -1) {
    const next = old.slice();
    next[i] = entry;
    return next;
  }
  const next = [...old, entry];
  return next.length > MAX_LOG_ENTRIES ? next.slice(next.length - MAX_LOG_ENTRIES) : next;
}

/** Summary rows are one height, so only those in view are rendered (visible-rows.ts). */
const LOG_ROW_HEIGHT = 46;

function LogRows({
  entries,
  open,
  onToggle,
}: {
  entries: LogEntry[];
  open?: number;
  onToggle: (id: number) => void;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(600);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewHeight(el.clientHeight || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { first, last } = visibleRows({
    scrollTop,
    viewHeight,
    rowHeight: LOG_ROW_HEIGHT,
    count: entries.length,
  });
  return (
    <div className="log-scroll" ref={box} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      <ul className="log-list" style={{ height: entries.length * LOG_ROW_HEIGHT }}>
        {entries.slice(first, last).map((e, k) => (
          <LogRow
            key={e.id}
            entry={e}
            top={(first + k) * LOG_ROW_HEIGHT}
            expanded={open === e.id}
            onToggle={onToggle}
          />
        ))}
      </ul>
    </div>
  );
}

const LogRow = memo(function LogRow({
  entry: e,
  top,
  expanded,
  onToggle,
}: {
  entry: LogEntry;
  top: number;
  expanded: boolean;
  onToggle: (id: number) => void;
}) {
  const path = e.url.replace(/^https?:\/\/[^/]+/, '');
  return (
    <li
      className={`log-entry state-${e.state}${expanded ? ' selected' : ''}`}
      style={{ top, height: LOG_ROW_HEIGHT }}
    >
      <button type="button" className="log-summary" aria-expanded={expanded} onClick={() => onToggle(e.id)}>
        <span className="log-method">{e.method}</span>
        <span className={`log-status ${e.status && e.status >= 400 ? 'bad' : ''}`}>
          {e.state === 'pending' ? t('log.pending') : (e.status ?? t('log.failed'))}
        </span>
        <span className="log-path" title={e.url}>
          {path}
        </span>
        <span className="muted log-time">{e.endMs !== undefined ? `${e.endMs} ms` : ''}</span>
      </button>
      <div className="muted small-note log-meta">
        {formatTime(e.startedAt)} · {t('log.timings', { first: e.firstByteMs ?? '–', end: e.endMs ?? '–' })} ·{' '}
        {t('log.sizes', { req: e.requestBytes, res: e.responseBytes })}
      </div>
    </li>
  );
});

/** Below this width the log is a drawer over the page (app.css), and Esc closes it from anywhere. */
const DRAWER_BELOW_PX = 1280;

/**
 * Esc closes the log when focus is in it, or from anywhere while it is a drawer covering the
 * page. It is caught before the tabs' own Esc (stop a reply), which then does not also fire.
 */
function useCloseOnEscape(panel: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog over everything (View code) takes its own Esc first.
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      const inside = panel.current?.contains(document.activeElement) ?? false;
      if (!inside && window.innerWidth >= DRAWER_BELOW_PX) return;
      e.stopPropagation();
      e.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [panel, setOpen]);
}

export function LogPanel() {
  const qc = useQueryClient();
  // Events keep it current while open; calls made while it was closed are fetched on opening.
  const list = useRoute('log.list', {}, { staleTime: Infinity, refetchOnMount: 'always' });
  const clear = useRouteMutation('log.clear', ['log.list']);
  const [open, setOpen] = useState<number>();
  const close = useUi((s) => s.setLogOpen);
  useBatchedEvent('log.changed', (batch) =>
    qc.setQueryData<LogEntry[]>(['log.list', {}], (old = []) => batch.reduce(withEntry, old)),
  );
  const [query, setQuery] = useState('');
  const all = useMemo(() => [...(list.data ?? [])].reverse(), [list.data]);
  const entries = useMemo(() => filterLog(all, query), [all, query]);
  const openEntry = open === undefined ? undefined : entries.find((e) => e.id === open);
  const panel = useRef<HTMLElement>(null);
  useCloseOnEscape(panel, close);
  return (
    <aside ref={panel} className="log-panel" aria-label={t('log.title')}>
      <div className="row log-head">
        <h3>{t('log.title')}</h3>
        <button type="button" className="ghost small" onClick={() => clear.mutate({})}>
          {t('log.clear')}
        </button>
        <button
          type="button"
          className="ghost small"
          aria-label={t('log.close')}
          title={t('log.close')}
          onClick={() => close(false)}
        >
          ×
        </button>
      </div>
      {list.error ? <ErrorNotice error={list.error.error} /> : null}
      {all.length > 0 ? (
        <input
          type="search"
          className="log-filter"
          aria-label={t('log.filter')}
          placeholder={t('log.filterPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      ) : null}
      {all.length === 0 && !list.error ? <p className="muted small-note">{t('log.empty')}</p> : null}
      {all.length > 0 && entries.length === 0 ? <p className="muted small-note">{t('log.noMatch')}</p> : null}
      <LogRows entries={entries} open={open} onToggle={(id) => setOpen(open === id ? undefined : id)} />
      {openEntry ? <EntryDetail key={openEntry.id} entry={openEntry} /> : null}
    </aside>
  );
}
