import { useState } from 'react';
import type { LogEntry } from '../../../src-shared/log/log-entry';
import { call } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { prettyBody } from './log-filter';
import { StreamReply } from './StreamReply';
import { LogViewCode } from './LogViewCode';

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** Why a stopped or cut call is not a whole reply, above everything else in its detail. */
function Outcome({ entry }: { entry: LogEntry }) {
  if (entry.state === 'stopped')
    return (
      <p className="log-outcome stopped" role="status">
        {entry.status !== undefined
          ? t('log.outcome.stopped', { status: entry.status })
          : t('log.outcome.stoppedEarly')}
      </p>
    );
  if (entry.state === 'cut')
    return (
      <p className="log-outcome cut" role="status">
        {t('log.outcome.cut', { status: entry.status ?? '–', error: entry.error ?? '' })}
      </p>
    );
  return null;
}

/** One call opened below the list: its request, how it ended, and what came back. */
export function LogEntryDetail({ entry }: { entry: LogEntry }) {
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
        <LogViewCode entry={entry} />
        <span className="muted small-note">{t('log.curlNote')}</span>
      </div>
      <Outcome entry={entry} />
      {entry.requestId ? (
        <p className="small-note">{t('log.requestId', { requestId: entry.requestId })}</p>
      ) : null}
      {entry.stream ? <StreamReply reply={entry.stream} /> : null}
      <h4>{t('log.headers')}</h4>
      <pre tabIndex={0}>{headerLines(entry.requestHeaders)}</pre>
      {entry.requestBody !== undefined ? (
        <>
          <h4>{t('log.requestBody')}</h4>
          <pre tabIndex={0}>{prettyBody(entry.requestBody)}</pre>
        </>
      ) : null}
      {entry.responseHeaders ? (
        <>
          <h4>{t('log.responseHeaders')}</h4>
          <pre tabIndex={0}>{headerLines(entry.responseHeaders)}</pre>
        </>
      ) : null}
      <h4>{entry.stream ? t('log.rawEvents') : t('log.responseStart')}</h4>
      <pre tabIndex={0}>
        {entry.error && entry.state === 'failed' ? `${entry.error}\n\n` : ''}
        {entry.responseStart ?? ''}
      </pre>
    </div>
  );
}
