import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  CASE_FILE_BYTES_MAX,
  type CaseFileFormat,
  type CaseFileStop,
  type CaseImportProblem,
  type RowPlace,
} from '../../../../src-shared/judge/judge-case-import';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { FilePicker } from '../../../app/FilePicker';
import { IconButton } from '../../../app/IconButton';
import { asAppError, call, onEvent } from '../../../bridge/api';
import { formatNumber, t } from '../../../i18n/i18n';
import { formatOfFile, placeLabel, stoppedText } from './import-mapping';
import { formatMegabytes, uploadFile } from './upload-file';
import { PreviewProblems } from './ImportPreview';

/** What a preview of any file import says (the workbench's cases, an eval's rows). */
export interface FilePreview<M> {
  format: CaseFileFormat;
  stopped?: CaseFileStop;
  columns: string[];
  mapping: M | null;
  rowCount: number;
  validCount: number;
  problems: CaseImportProblem[];
  problemCount: number;
}

/** What an import's Confirm says: rows added, rows left out with why, notes on the file. */
export interface FileImportResult {
  added: number;
  skipped: (RowPlace & { reasons: string[] })[];
  skippedCount: number;
  notes: CaseImportProblem[];
}

interface PickedFile {
  name: string;
  /** Main holds the file; the window never holds more than one chunk of it. */
  uploadId: string;
  format?: CaseFileFormat;
}

type Busy = 'reading' | 'previewing' | 'importing' | undefined;

/**
 * Importing rows from a file (docs/architecture.md, "Judge test cases"; an eval's dataset uses it
 * too, "Evals"): the window checks the file's size, sends it to main in chunks, main
 * reads it as a stream, proposes which column is what and shows the first rows and every problem
 * by line; the user may change the mapping (previewed again), and nothing is written until Import.
 * Closing the dialog or choosing another file stops the sending and the preview, and main drops
 * the file. What is previewed and imported, and how its mapping and rows show, is the caller's.
 */
export function FileImportDialog<M, P extends FilePreview<M>, R extends FileImportResult>(p: {
  title: string;
  /** Under the file field: what the file may hold. */
  help: string;
  /** The Import button's words for `n` rows to import. */
  confirmLabel: (n: string) => string;
  /** What was done: rows added and left out. */
  doneText: (added: string, skipped: string) => string;
  preview: (file: { uploadId: string; format?: CaseFileFormat }, mapping?: M) => Promise<P>;
  confirm: (file: { uploadId: string; format: CaseFileFormat }, mapping: M) => Promise<R>;
  /** The mapping's editor and the first rows, under the problems' count. */
  renderPreview: (preview: P & { mapping: M }, disabled: boolean, onMapping: (m: M) => void) => ReactNode;
  /** The first rows as they would be saved, under the problems. */
  renderRows: (preview: P) => ReactNode;
  onClose: () => void;
  onImported: (result: R) => void;
}) {
  const [file, setFile] = useState<PickedFile>();
  const [preview, setPreview] = useState<P>();
  const [busy, setBusy] = useState<Busy>();
  const [error, setError] = useState<AppError>();
  const [result, setResult] = useState<R>();
  const [sent, setSent] = useState<{ bytes: number; total: number }>();
  const [read, setRead] = useState<{ bytes: number; total: number; rows: number }>();
  // Only the latest preview is shown: an older answer arriving late is dropped.
  const asked = useRef(0);
  // Only the latest file is sent: choosing another one (or closing) stops the one before.
  const picks = useRef(0);
  const held = useRef<string | undefined>(undefined);
  const fileButton = useRef<HTMLButtonElement>(null);
  const drop = () => {
    if (held.current) void call('judge.cases.upload.discard', { uploadId: held.current }).catch(() => {});
    held.current = undefined;
  };
  // Main says how far its reading of the file has come (a big file takes a few seconds).
  useEffect(
    () =>
      onEvent('judge.cases.importProgress', (p) => {
        if (p.uploadId === held.current) setRead(p);
      }),
    [],
  );
  // False once the dialog has closed: a file still being sent stops at its next chunk.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    fileButton.current?.focus();
    return () => {
      open.current = false;
      drop();
    };
  }, []);

  const runPreview = async (picked: PickedFile, mapping?: M) => {
    const n = ++asked.current;
    setBusy('previewing');
    setRead(undefined);
    setError(undefined);
    try {
      const next = await p.preview({ uploadId: picked.uploadId, format: picked.format }, mapping);
      if (n === asked.current) setPreview(next);
    } catch (err) {
      if (n === asked.current) setError(asAppError(err));
    } finally {
      if (n === asked.current) setBusy(undefined);
    }
  };

  const pick = async (f: File | undefined) => {
    const n = ++picks.current;
    asked.current++;
    drop();
    setPreview(undefined);
    setResult(undefined);
    setError(undefined);
    setFile(undefined);
    setSent(undefined);
    setBusy(undefined);
    if (!f) return;
    // Checked before a byte is read: a file past the cap is never read at all.
    if (f.size > CASE_FILE_BYTES_MAX)
      return setError({
        code: 'invalid_input',
        message: t('cases.import.tooLarge', {
          size: formatMegabytes(f.size),
          max: formatMegabytes(CASE_FILE_BYTES_MAX),
        }),
      });
    setBusy('reading');
    let uploadId: string;
    try {
      uploadId = await uploadFile(f, {
        started: (id) => {
          if (n === picks.current && open.current) held.current = id;
          else void call('judge.cases.upload.discard', { uploadId: id }).catch(() => {});
        },
        goOn: () => n === picks.current && open.current,
        onSent: (bytes) => n === picks.current && setSent({ bytes, total: f.size }),
      });
    } catch (err) {
      if (n === picks.current) {
        setBusy(undefined);
        setError(asAppError(err));
      }
      return;
    }
    if (n !== picks.current || !open.current) return;
    const picked = { name: f.name, uploadId, format: formatOfFile(f.name) };
    setFile(picked);
    await runPreview(picked);
  };

  const confirm = async () => {
    if (!file || preview?.mapping == null) return;
    setBusy('importing');
    setRead(undefined);
    setError(undefined);
    try {
      const done = await p.confirm({ uploadId: file.uploadId, format: preview.format }, preview.mapping);
      // Main deleted the file once imported.
      held.current = undefined;
      setResult(done);
      p.onImported(done);
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(undefined);
    }
  };

  const canImport =
    preview?.mapping != null && !preview.stopped && preview.validCount > 0 && !busy && !result;
  return (
    <div className="cases-overlay">
      <div
        className="cases-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cases-import-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && busy !== 'importing') {
            e.stopPropagation();
            p.onClose();
          }
        }}
      >
        <div className="row cases-editor-head">
          <h3 id="cases-import-title" className="grow">
            {p.title}
          </h3>
          <IconButton
            label={t('common.close')}
            glyph="×"
            onClick={p.onClose}
            disabled={busy === 'importing'}
          />
        </div>
        <div className="cases-dialog-body">
          <div className="field">
            <FilePicker
              id="cases-import-file"
              ref={fileButton}
              label={t('cases.import.file')}
              button={t('common.chooseFile')}
              accept=".csv,.jsonl,.ndjson,.json,text/csv,application/json"
              disabled={busy === 'importing'}
              onFiles={(files) => void pick(files[0])}
            />
            <span className="small-note muted">{p.help}</span>
          </div>
          <p className="small-note muted" aria-live="polite">
            {busy === 'reading'
              ? sent && sent.total >= 4 * 1024 * 1024
                ? t('cases.import.sending', {
                    sent: formatMegabytes(sent.bytes),
                    total: formatMegabytes(sent.total),
                  })
                : t('cases.import.reading')
              : busy === 'previewing'
                ? read && read.total >= 4 * 1024 * 1024
                  ? t('cases.import.checked', {
                      read: formatMegabytes(read.bytes),
                      total: formatMegabytes(read.total),
                      rows: formatNumber(read.rows),
                    })
                  : t('cases.import.previewing')
                : busy === 'importing'
                  ? t('cases.import.importing')
                  : preview
                    ? t('cases.import.summary', {
                        format: preview.format.toUpperCase(),
                        rows: formatNumber(preview.rowCount),
                        valid: formatNumber(preview.validCount),
                        problems: formatNumber(preview.problemCount),
                      })
                    : ''}
          </p>
          {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
          {result ? <ImportOutcome result={result} doneText={p.doneText} /> : null}
          {preview && !result ? (
            <>
              {preview.stopped ? (
                <p className="field-error" role="alert">
                  {stoppedText(preview.stopped)}
                </p>
              ) : null}
              {preview.mapping !== null ? (
                p.renderPreview({ ...preview, mapping: preview.mapping }, !!busy, (m) => {
                  if (file) void runPreview(file, m);
                })
              ) : (
                <p className="field-error">{t('cases.import.noColumns')}</p>
              )}
              {preview.mapping && !preview.stopped && preview.validCount === 0 ? (
                <p className="field-error">{t('cases.import.nothing')}</p>
              ) : null}
              <PreviewProblems preview={preview} />
              {p.renderRows(preview)}
            </>
          ) : null}
        </div>
        <div className="row cases-dialog-foot">
          {result ? (
            <button type="button" className="primary" onClick={p.onClose}>
              {t('common.close')}
            </button>
          ) : (
            <>
              <button type="button" className="primary" disabled={!canImport} onClick={() => void confirm()}>
                {p.confirmLabel(formatNumber(preview?.validCount ?? 0))}
              </button>
              <button type="button" className="ghost" onClick={p.onClose} disabled={busy === 'importing'}>
                {t('common.cancel')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** How many were added and which rows were left out, with why. */
function ImportOutcome({
  result,
  doneText,
}: {
  result: FileImportResult;
  doneText: (added: string, skipped: string) => string;
}) {
  return (
    <div role="status">
      <p className="ok-text">{doneText(formatNumber(result.added), formatNumber(result.skippedCount))}</p>
      {result.skipped.length > 0 ? (
        <>
          <h4>{t('cases.import.skippedTitle')}</h4>
          <ul className="cases-problems">
            {result.skipped.map((s, i) => (
              <li key={i}>
                <strong>{placeLabel(s)}</strong>: {s.reasons.join('; ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.notes.map((n, i) => (
        <p key={i} className="small-note muted">
          {placeLabel(n)}, {n.field}: {n.reason}
        </p>
      ))}
    </div>
  );
}
