import { useId, useState } from 'react';
import type { AppError } from '../../src-shared/result';
import { asAppError } from '../bridge/api';
import { t } from '../i18n/i18n';

/** How a CSV file is to be written: `rawCsv` keeps formula cells as they are. */
export interface ExportChoice {
  rawCsv: boolean;
}

/**
 * One button per file format. `write` asks main to write the file (main shows the save dialog;
 * browser mode writes into its export folder) and resolves to where it went, or null when the
 * user cancelled, which says nothing. The cases', results' and conversations' exports share it.
 * Where CSV is offered, a note says that formula cells are neutralised and a Raw CSV box turns
 * that off for this export (docs/architecture.md, "Exports").
 */
export function ExportButtons<F extends string>(p: {
  formats: readonly F[];
  write: (format: F, choice: ExportChoice) => Promise<string | null>;
  label: (format: F) => string;
  groupLabel: string;
  className?: string;
  buttonClassName?: string;
  disabled?: boolean;
  onWritten: (path: string) => void;
  onError: (error: AppError) => void;
}) {
  const [busy, setBusy] = useState<F>();
  const [rawCsv, setRawCsv] = useState(false);
  const noteId = useId();
  const offersCsv = p.formats.some((f) => f === 'csv');
  const run = async (format: F) => {
    setBusy(format);
    try {
      const path = await p.write(format, { rawCsv });
      if (path !== null) p.onWritten(path);
    } catch (err) {
      p.onError(asAppError(err));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className={`row ${p.className ?? ''}`} role="group" aria-label={p.groupLabel}>
      {p.formats.map((f) => (
        <button
          key={f}
          type="button"
          className={p.buttonClassName ?? 'small'}
          disabled={p.disabled || busy !== undefined}
          aria-busy={busy === f}
          onClick={() => void run(f)}
        >
          {busy === f ? t('common.exporting') : p.label(f)}
        </button>
      ))}
      {offersCsv ? (
        <>
          <label className="small-note export-raw-csv">
            <input
              type="checkbox"
              checked={rawCsv}
              disabled={p.disabled || busy !== undefined}
              aria-describedby={noteId}
              onChange={(e) => setRawCsv(e.target.checked)}
            />
            {t('common.rawCsv')}
          </label>
          <span id={noteId} className="small-note muted export-csv-note">
            {t('common.csvNote')}
          </span>
        </>
      ) : null}
    </div>
  );
}
