import { useState } from 'react';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError, call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';

const FORMATS = ['csv', 'jsonl'] as const;

/**
 * The selected run's results as a file (judge.batch.export): main asks where to save and writes
 * every case with its answers and the noul verdicts at the thresholds in force; the view says
 * where it went, and nothing when the user cancelled.
 */
export function RunExport({ runId }: { runId: string }) {
  const [busy, setBusy] = useState<(typeof FORMATS)[number]>();
  const [written, setWritten] = useState<string>();
  const [error, setError] = useState<AppError>();
  const run = async (format: (typeof FORMATS)[number]) => {
    setBusy(format);
    setError(undefined);
    try {
      const path = await call('judge.batch.export', { id: runId, format });
      if (path !== null) setWritten(path);
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="row runs-export" role="group" aria-label={t('runs.export.group')}>
      {FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          className="small"
          disabled={!!busy}
          aria-busy={busy === f}
          onClick={() => void run(f)}
        >
          {busy === f ? t('runs.export.busy') : t(`runs.export.${f}`)}
        </button>
      ))}
      {written ? (
        <span className="small-note muted" role="status">
          {t('runs.export.written', { path: written })}
        </span>
      ) : null}
      {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
    </div>
  );
}
