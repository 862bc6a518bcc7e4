import type {
  EvalRowsImportResult,
  EvalRowsMapping,
  EvalRowsPreview,
} from '../../../src-shared/evals/eval-rows-import';
import { call } from '../../bridge/api';
import { formatNumber, t } from '../../i18n/i18n';
import { FileImportDialog } from '../judge/cases/FileImportDialog';
import { ColumnSelect } from '../judge/cases/ImportPreview';
import { placeLabel } from '../judge/cases/import-mapping';
import '../judge/cases/cases.css';

/**
 * "Import rows…": the workbench's file import (its preview, mapping and problems by line, nothing
 * written before Import) over `evals.rows.importPreview` / `importConfirm`. Import replaces the rows.
 */
export function RowsImportDialog(p: {
  evalId: string;
  onClose: () => void;
  onImported: (result: EvalRowsImportResult) => void;
}) {
  return (
    <FileImportDialog<EvalRowsMapping, EvalRowsPreview, EvalRowsImportResult>
      title={t('evals.rows.importTitle')}
      help={t('evals.rows.fileHelp')}
      confirmLabel={(n) => t('evals.rows.confirm', { n })}
      doneText={(added, skipped) => t('evals.rows.done', { added, skipped })}
      preview={(file, mapping) => call('evals.rows.importPreview', { evalId: p.evalId, ...file, mapping })}
      confirm={(file, mapping) => call('evals.rows.importConfirm', { evalId: p.evalId, ...file, mapping })}
      renderPreview={(preview, disabled, onMapping) => (
        <RowsMapping preview={preview} mapping={preview.mapping} disabled={disabled} onChange={onMapping} />
      )}
      renderRows={(preview) => <RowsPreview preview={preview} />}
      onClose={p.onClose}
      onImported={p.onImported}
    />
  );
}

/** Which file column is each variable (and under which name), and which is the expected value. */
function RowsMapping(p: {
  preview: EvalRowsPreview;
  mapping: EvalRowsMapping;
  disabled: boolean;
  onChange: (m: EvalRowsMapping) => void;
}) {
  const { mapping } = p;
  const used = new Set(mapping.variables.map((v) => v.column));
  return (
    <fieldset className="cases-mapping evals-mapping">
      <legend>{t('cases.import.mapping')}</legend>
      <p className="small-note muted">
        {t('evals.rows.variables', { names: mapping.variables.map((v) => `{{${v.name}}}`).join(' ') })}
      </p>
      <div className="evals-mapping-cols">
        {p.preview.columns.map((c) => (
          <label key={c} className="evals-mapping-col">
            <input
              type="checkbox"
              disabled={p.disabled || mapping.expected?.column === c}
              checked={used.has(c)}
              onChange={(e) =>
                p.onChange({
                  ...mapping,
                  variables: e.target.checked
                    ? [
                        ...mapping.variables,
                        { column: c, name: c.replace(/[^\w.-]/g, '_').replace(/^(?=[^A-Za-z_])/, '_') },
                      ]
                    : mapping.variables.filter((v) => v.column !== c),
                })
              }
            />{' '}
            {t('evals.rows.useColumn', { column: c })}
          </label>
        ))}
      </div>
      <ColumnSelect
        id="eval-map-expected"
        label={t('evals.rows.expected')}
        value={mapping.expected?.column ?? ''}
        columns={p.preview.columns}
        optional
        disabled={p.disabled}
        onChange={(c) =>
          p.onChange({
            variables: mapping.variables.filter((v) => v.column !== c),
            expected: c ? { column: c, name: c.replace(/[^\w.-]/g, '_') } : null,
          })
        }
      />
      {p.preview.replaces > 0 ? (
        <p className="notice notice-warn">
          {t('evals.rows.replaces', { n: formatNumber(p.preview.replaces) })}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The first rows as they would be saved: the variables by name, then the expected value. */
function RowsPreview({ preview }: { preview: EvalRowsPreview }) {
  if (preview.rows.length === 0 || !preview.mapping) return null;
  const names = preview.mapping.variables.map((v) => v.name);
  return (
    <section aria-label={t('cases.import.rows')}>
      <h4>{t('cases.import.rows')}</h4>
      <div className="cases-preview-scroll" tabIndex={0} role="group" aria-label={t('cases.import.rows')}>
        <table className="cases-preview">
          <thead>
            <tr>
              <th scope="col">{t('cases.import.col.place')}</th>
              {names.map((n) => (
                <th scope="col" key={n}>
                  {n}
                </th>
              ))}
              {preview.mapping.expected ? <th scope="col">{t('evals.rows.expected')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r, i) => (
              <tr key={i}>
                <td className="muted">{placeLabel(r)}</td>
                {names.map((n) => (
                  <td key={n}>{r.variables[n]}</td>
                ))}
                {preview.mapping?.expected ? <td>{r.expected ?? ''}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
