import { CASE_FILE_FORMATS } from '../../../../src-shared/judge/judge-case-import';
import type { AppError } from '../../../../src-shared/result';
import { call } from '../../../bridge/api';
import { t } from '../../../i18n/i18n';
import { ExportButtons } from '../../../app/ExportButtons';

/** The set's cases as a file, one button per format (judge.cases.export). */
export function CaseExport(p: {
  setId: string;
  disabled: boolean;
  onWritten: (path: string) => void;
  onError: (error: AppError) => void;
}) {
  return (
    <ExportButtons
      formats={CASE_FILE_FORMATS}
      write={(format, { rawCsv }) => call('judge.cases.export', { setId: p.setId, format, rawCsv })}
      label={(f) => t(`cases.export.${f}`)}
      groupLabel={t('cases.export.group')}
      className="cases-export"
      disabled={p.disabled}
      onWritten={p.onWritten}
      onError={p.onError}
    />
  );
}
