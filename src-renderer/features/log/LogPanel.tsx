import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { LogEntry } from '../../../src-shared/log/log-entry';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useUi } from '../../app/ui-store';
import { call } from '../../bridge/api';
import { useEvent, useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';

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
      <pre>
        {Object.entries(entry.requestHeaders)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}
      </pre>
      {entry.requestBody !== undefined ? (
        <>
          <h4>{t('log.requestBody')}</h4>
          <pre>{entry.requestBody}</pre>
        </>
      ) : null}
      <h4>{t('log.responseStart')}</h4>
      <pre>
        {entry.error ? `${entry.error}\n\n` : ''}
        {entry.responseStart ?? ''}
      </pre>
    </div>
  );
}

export function LogPanel() {
  const qc = useQueryClient();
  // Events keep it current while open; calls made while it was closed are fetched on opening.
  const list = useRoute('log.list', {}, { staleTime: Infinity, refetchOnMount: 'always' });
  const clear = useRouteMutation('log.clear', ['log.list']);
  const [open, setOpen] = useState<number>();
  const close = useUi((s) => s.setLogOpen);
  useEvent(
    'log.changed',
    useCallback(
      (entry: LogEntry) =>
        qc.setQueryData<LogEntry[]>(['log.list', {}], (old = []) => {
          const i = old.findIndex((e) => e.id === entry.id);
          return i === -1 ? [...old, entry] : old.map((e) => (e.id === entry.id ? entry : e));
        }),
      [qc],
    ),
  );
  const entries = [...(list.data ?? [])].reverse();
  return (
    <aside className="log-panel" aria-label={t('log.title')}>
      <div className="row log-head">
        <h3>{t('log.title')}</h3>
        <button type="button" className="ghost small" onClick={() => clear.mutate({})}>
          {t('log.clear')}
        </button>
        <button
          type="button"
          className="ghost small"
          aria-label={t('log.close')}
          onClick={() => close(false)}
        >
          ×
        </button>
      </div>
      {list.error ? <ErrorNotice error={list.error.error} /> : null}
      {entries.length === 0 && !list.error ? <p className="muted small-note">{t('log.empty')}</p> : null}
      <ul className="log-list">
        {entries.map((e) => {
          const path = e.url.replace(/^https?:\/\/[^/]+/, '');
          return (
            <li key={e.id} className={`log-entry state-${e.state}`}>
              <button
                type="button"
                className="log-summary"
                aria-expanded={open === e.id}
                onClick={() => setOpen(open === e.id ? undefined : e.id)}
              >
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
                {new Date(e.startedAt).toLocaleTimeString()} ·{' '}
                {t('log.timings', { first: e.firstByteMs ?? '–', end: e.endMs ?? '–' })} ·{' '}
                {t('log.sizes', { req: e.requestBytes, res: e.responseBytes })}
              </div>
              {open === e.id ? <EntryDetail entry={e} /> : null}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
