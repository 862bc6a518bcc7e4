import { useQueryClient } from '@tanstack/react-query';
import { memo, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import './log.css';
import { type LogEntry, MAX_LOG_ENTRIES } from '../../../src-shared/log/log-entry';
import { visibleRows } from '../../app/visible-rows';
import { ErrorNotice } from '../../app/ErrorNotice';
import { saveFile } from '../../app/save-file';
import { asAppError, call } from '../../bridge/api';
import type { AppError } from '../../../src-shared/result';
import { useUi } from '../../app/ui-store';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { useBatchedEvent } from '../../hooks/use-batched-event';
import { filterLog } from './log-filter';
import { LogEntryDetail } from './LogEntryDetail';
import { statusClass, statusLabel } from './log-status';
import { formatTime, t } from '../../i18n/i18n';

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
        <span className={statusClass(e)}>{statusLabel(e)}</span>
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

/** `gatehouse-log-2025-01-31-1405.har`, in local time: the user's own clock names the file. */
export function harFileName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `gatehouse-log-${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}.har`;
}

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
  const entries = useMemo(() => filterLog(all, query, statusLabel), [all, query]);
  const openEntry = open === undefined ? undefined : entries.find((e) => e.id === open);
  const panel = useRef<HTMLElement>(null);
  useCloseOnEscape(panel, close);
  const [exportError, setExportError] = useState<AppError>();
  const exportHar = () => {
    setExportError(undefined);
    void call('log.har', {}).then(
      (content) => saveFile({ fileName: harFileName(new Date()), mime: 'application/json', content }),
      (e: unknown) => setExportError(asAppError(e)),
    );
  };
  return (
    <aside ref={panel} className="log-panel" aria-label={t('log.title')}>
      <div className="row log-head">
        <h3>{t('log.title')}</h3>
        {all.length > 0 ? (
          <button type="button" className="ghost small" onClick={exportHar}>
            {t('log.exportHar')}
          </button>
        ) : null}
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
      {exportError ? <ErrorNotice error={exportError} /> : null}
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
      {openEntry ? <LogEntryDetail key={openEntry.id} entry={openEntry} /> : null}
    </aside>
  );
}
