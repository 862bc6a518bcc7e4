import { useState } from 'react';
import { CASE_FILE_FORMATS, type CaseFileFormat } from '../../../../src-shared/judge/judge-case-import';
import type { AppError } from '../../../../src-shared/result';
import { asAppError, call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';

/**
 * Export buttons, one per format. Main asks where to save (judge.cases.export); the view says
 * where it went, and nothing when the user cancelled (null).
 */
export function CaseExport(p: {
  setId: string;
  disabled: boolean;
  onWritten: (path: string) => void;
  onError: (error: AppError) => void;
}) {
  const [busy, setBusy] = useState<CaseFileFormat>();
  const run = async (format: CaseFileFormat) => {
    setBusy(format);
    try {
      const path = await call('judge.cases.export', { setId: p.setId, format });
      if (path !== null) p.onWritten(path);
    } catch (err) {
      p.onError(asAppError(err));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="row cases-export" role="group" aria-label={t('cases.export.group')}>
      {CASE_FILE_FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          className="small"
          disabled={p.disabled || !!busy}
          aria-busy={busy === f}
          onClick={() => void run(f)}
        >
          {busy === f ? t('cases.export.busy') : t(`cases.export.${f}`)}
        </button>
      ))}
    </div>
  );
}
