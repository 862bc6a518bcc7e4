import { useEffect, useRef, useState } from 'react';
import type {
  CaseFileFormat,
  CaseImportPreview,
  CaseImportResult,
  CaseMapping,
} from '../../../../src-shared/judge/judge-case-import';
import type { Question } from '../../../../src-shared/judge/question-rules';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { FilePicker } from '../../../app/FilePicker';
import { IconButton } from '../../../app/IconButton';
import { asAppError, call } from '../../../bridge/api';
import { formatNumber, t } from '../../../i18n/i18n';
import { formatOfFile, placeLabel } from './import-mapping';
import { MappingEditor, PreviewProblems, PreviewRows } from './ImportPreview';

interface PickedFile {
  name: string;
  text: string;
  format?: CaseFileFormat;
}

type Busy = 'reading' | 'previewing' | 'importing' | undefined;

/**
 * Importing cases from a file (docs/architecture.md, "Judge test cases"): the window reads the
 * file, main proposes which column is what and shows the first rows and every problem by line;
 * the user may change the mapping (previewed again), and nothing is written until Import.
 */
export function ImportDialog(p: {
  setId: string;
  questions: Question[];
  onClose: () => void;
  onImported: (result: CaseImportResult) => void;
}) {
  const [file, setFile] = useState<PickedFile>();
  const [preview, setPreview] = useState<CaseImportPreview>();
  const [busy, setBusy] = useState<Busy>();
  const [error, setError] = useState<AppError>();
  const [result, setResult] = useState<CaseImportResult>();
  // Only the latest preview is shown: an older answer arriving late is dropped.
  const asked = useRef(0);
  const fileButton = useRef<HTMLButtonElement>(null);
  useEffect(() => fileButton.current?.focus(), []);

  const runPreview = async (picked: PickedFile, mapping?: CaseMapping) => {
    const n = ++asked.current;
    setBusy('previewing');
    setError(undefined);
    try {
      const next = await call('judge.cases.importPreview', {
        setId: p.setId,
        text: picked.text,
        format: picked.format,
        mapping,
      });
      if (n === asked.current) setPreview(next);
    } catch (err) {
      if (n === asked.current) setError(asAppError(err));
    } finally {
      if (n === asked.current) setBusy(undefined);
    }
  };

  const pick = async (f: File | undefined) => {
    setPreview(undefined);
    setResult(undefined);
    setError(undefined);
    if (!f) return setFile(undefined);
    setBusy('reading');
    let text: string;
    try {
      text = await f.text();
    } catch (err) {
      setBusy(undefined);
      return setError(asAppError(err));
    }
    const picked = { name: f.name, text, format: formatOfFile(f.name) };
    setFile(picked);
    await runPreview(picked);
  };

  const confirm = async () => {
    if (!file || !preview?.mapping) return;
    setBusy('importing');
    setError(undefined);
    try {
      const done = await call('judge.cases.importConfirm', {
        setId: p.setId,
        text: file.text,
        format: preview.format,
        mapping: preview.mapping,
      });
      setResult(done);
      p.onImported(done);
    } catch (err) {
      setError(asAppError(err));
    } finally {
      setBusy(undefined);
    }
  };

  const canImport = !!preview?.mapping && preview.validCount > 0 && !busy && !result;
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
            {t('cases.import.title')}
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
            <span className="small-note muted">{t('cases.import.fileHelp')}</span>
          </div>
          <p className="small-note muted" aria-live="polite">
            {busy === 'reading'
              ? t('cases.import.reading')
              : busy === 'previewing'
                ? t('cases.import.previewing')
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
          {result ? <ImportOutcome result={result} /> : null}
          {preview && !result ? (
            <>
              {preview.mapping ? (
                <MappingEditor
                  preview={preview}
                  mapping={preview.mapping}
                  questions={p.questions}
                  disabled={!!busy}
                  onChange={(m) => file && void runPreview(file, m)}
                />
              ) : (
                <p className="field-error">{t('cases.import.noColumns')}</p>
              )}
              {preview.mapping && preview.validCount === 0 ? (
                <p className="field-error">{t('cases.import.nothing')}</p>
              ) : null}
              <PreviewProblems preview={preview} />
              <PreviewRows preview={preview} questions={p.questions} />
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
                {t('cases.import.confirm', { n: formatNumber(preview?.validCount ?? 0) })}
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
function ImportOutcome({ result }: { result: CaseImportResult }) {
  return (
    <div role="status">
      <p className="ok-text">
        {t('cases.import.done', {
          added: formatNumber(result.added),
          skipped: formatNumber(result.skippedCount),
        })}
      </p>
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
