import { useState } from 'react';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRouteMutation } from '../../hooks/use-route';
import { formatDateTime, t } from '../../i18n/i18n';

/** "History" title with a two-step Clear, so one stray click loses nothing. */
export function HistoryHeader({
  kind,
  count,
  onCleared,
}: {
  kind: 'image' | 'speech' | 'embedding';
  count: number;
  onCleared?: () => void;
}) {
  const clear = useRouteMutation('media.history.clear', ['media.history.list']);
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="row media-history-head">
      <h3>
        {t('media.history')} <span className="muted">{t('media.historyCount', { count })}</span>
      </h3>
      <span className="spacer" />
      {count > 0 && !confirm ? (
        <button type="button" className="danger ghost small" onClick={() => setConfirm(true)}>
          {t('media.clearHistory')}
        </button>
      ) : null}
      {confirm ? (
        <span className="row" role="group" aria-label={t('media.clearHistory')}>
          <span>{t('media.confirmClear', { count })}</span>
          <button
            type="button"
            className="danger small"
            onClick={() =>
              clear.mutate({ kind }, { onSuccess: onCleared, onSettled: () => setConfirm(false) })
            }
          >
            {t('common.delete')}
          </button>
          <button type="button" className="ghost small" onClick={() => setConfirm(false)}>
            {t('common.cancel')}
          </button>
        </span>
      ) : null}
      {clear.error ? <ErrorNotice error={clear.error.error} /> : null}
    </div>
  );
}

export function formatTime(ms: number): string {
  return formatDateTime(ms);
}
