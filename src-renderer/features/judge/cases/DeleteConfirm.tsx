import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError, call } from '../../../bridge/api';
import { formatNumber, t } from '../../../i18n/i18n';

/** The cases to delete; `label` is the row number when it is one case picked by its row. */
export interface DeleteRequest {
  ids: string[];
  label?: string;
}

/**
 * Asked before any delete (it cannot be undone). The focus goes to Delete, so Delete then Enter
 * deletes from the keyboard; Esc or Cancel keeps the cases.
 */
export function DeleteConfirm(p: {
  request: DeleteRequest;
  onCancel: () => void;
  onDeleted: (n: number, ids: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError>();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  const { ids, label } = p.request;
  const question =
    ids.length === 1 && label
      ? t('cases.confirmDelete.one', { n: label })
      : t('cases.confirmDelete.many', { n: formatNumber(ids.length) });
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const n = await call('judge.cases.delete', { ids });
      p.onDeleted(n, ids);
    } catch (err) {
      setError(asAppError(err));
      setBusy(false);
    }
  };
  return (
    <div
      className="notice notice-warn cases-confirm"
      role="alertdialog"
      aria-label={t('cases.confirmDelete.title')}
      aria-describedby="cases-confirm-text"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          p.onCancel();
        }
      }}
    >
      <div>
        <p id="cases-confirm-text">{question}</p>
        {error ? <ErrorNotice error={error} /> : null}
        <div className="row">
          <button
            ref={confirmButton}
            type="button"
            className="primary danger small"
            disabled={busy}
            onClick={() => void run()}
          >
            {t('common.delete')}
          </button>
          <button type="button" className="ghost small" onClick={p.onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
