import { useState } from 'react';
import type { AppError } from '../../src-shared/result';
import { asAppError } from '../bridge/api';
import { t } from '../i18n/i18n';

/**
 * One button per file format. `write` asks main to write the file (main shows the save dialog;
 * browser mode writes into its export folder) and resolves to where it went, or null when the
 * user cancelled, which says nothing. The cases', results' and conversations' exports share it.
 */
export function ExportButtons<F extends string>(p: {
  formats: readonly F[];
  write: (format: F) => Promise<string | null>;
  label: (format: F) => string;
  groupLabel: string;
  className?: string;
  buttonClassName?: string;
  disabled?: boolean;
  onWritten: (path: string) => void;
  onError: (error: AppError) => void;
}) {
  const [busy, setBusy] = useState<F>();
  const run = async (format: F) => {
    setBusy(format);
    try {
      const path = await p.write(format);
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
    </div>
  );
}
