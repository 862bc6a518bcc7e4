import { useId, useState } from 'react';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError, call } from '../../../bridge/api';
import { activeLanguage, t } from '../../../i18n/i18n';

/** Which figures the report holds: a run's agreement, or two runs' drift (A, B as the view shows them). */
export type ReportOf = { kind: 'agreement'; id: string } | { kind: 'drift'; a: string; b: string };

/**
 * "Save report…": the view's figures as one self-contained HTML file, written by main through the
 * save dialog (browser mode: its export folder) in the window's language (docs/architecture.md,
 * "Reports"). Disabled while it writes; says where it went, or why it could not.
 */
export function SaveReportButton({ of }: { of: ReportOf }) {
  const [busy, setBusy] = useState(false);
  const [written, setWritten] = useState<string>();
  const [error, setError] = useState<AppError>();
  const hintId = useId();
  const save = async () => {
    setBusy(true);
    setError(undefined);
    setWritten(undefined);
    try {
      const path = await call('judge.report.save', { ...of, language: activeLanguage() });
      if (path !== null) setWritten(path);
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row report-save">
      <button
        type="button"
        className="small"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={hintId}
        onClick={() => void save()}
      >
        {busy ? t('judge.report.saving') : t('judge.report.save')}
      </button>
      <span id={hintId} className="small-note muted">
        {t(of.kind === 'agreement' ? 'judge.report.hintAgreement' : 'judge.report.hintDrift')}
      </span>
      {written ? (
        <span className="small-note muted" role="status">
          {t('judge.report.written', { path: written })}
        </span>
      ) : null}
      {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
    </div>
  );
}
