import { useState } from 'react';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';
import { ExportButtons } from '../../../app/ExportButtons';

/**
 * The selected run's results as a file (judge.batch.export): every case with its answers and
 * the noul verdicts at the thresholds in force; the view says where it went.
 */
export function RunExport({ runId }: { runId: string }) {
  const [written, setWritten] = useState<string>();
  const [error, setError] = useState<AppError>();
  return (
    <div className="row runs-export">
      <ExportButtons
        formats={['csv', 'jsonl'] as const}
        write={(format, { rawCsv }) => {
          setError(undefined);
          return call('judge.batch.export', { id: runId, format, rawCsv });
        }}
        label={(f) => t(`runs.export.${f}`)}
        groupLabel={t('runs.export.group')}
        onWritten={setWritten}
        onError={setError}
      />
      {written ? (
        <span className="small-note muted" role="status">
          {t('runs.export.written', { path: written })}
        </span>
      ) : null}
      {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
    </div>
  );
}
