import { useState } from 'react';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { useRouteMutation } from '../../../hooks/use-route';
import { activeLanguage, t } from '../../../i18n/i18n';

/**
 * A run's results out of the app, where the user picks: every cell as CSV or JSON Lines
 * (evals.runs.export), and the self-contained HTML report in the window's language
 * (evals.runs.report). Each answers where it wrote, or null when the user cancelled.
 */
export function RunOut({ runId }: { runId: string }) {
  // The last file written, whichever button wrote it (null: the user cancelled the dialog).
  const [saved, setSaved] = useState<string | null>(null);
  const exporting = useRouteMutation('evals.runs.export', [], setSaved);
  const report = useRouteMutation('evals.runs.report', [], setSaved);
  const busy = exporting.isPending || report.isPending;
  const error = exporting.error ?? report.error;
  return (
    <div className="row evalruns-out">
      <button
        type="button"
        className="small"
        disabled={busy}
        onClick={() => exporting.mutate({ runId, format: 'csv' })}
      >
        {t('evalRuns.out.csv')}
      </button>
      <button
        type="button"
        className="small"
        disabled={busy}
        onClick={() => exporting.mutate({ runId, format: 'jsonl' })}
      >
        {t('evalRuns.out.jsonl')}
      </button>
      <button
        type="button"
        className="small"
        disabled={busy}
        onClick={() => report.mutate({ runId, language: activeLanguage() })}
      >
        {report.isPending ? t('evalRuns.out.reporting') : t('evalRuns.out.report')}
      </button>
      {saved ? (
        <span className="muted small-note" role="status">
          {t('evalRuns.out.saved', { path: saved })}
        </span>
      ) : null}
      {error ? (
        <ErrorNotice
          error={error.error}
          onDismiss={() => {
            exporting.reset();
            report.reset();
          }}
        />
      ) : null}
    </div>
  );
}
