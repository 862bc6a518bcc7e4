import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber, t } from '../../i18n/i18n';
import { draftOf } from './eval-draft';
import { DatasetGrid } from './DatasetGrid';
import { RowsImportDialog } from './RowsImportDialog';
import { useEvals } from './evals-store';
import { rowsKey } from './use-row-pages';
import { useRowCount } from './use-row-count';

/**
 * The dataset's view: its columns, "Import rows…" and the grid. Rows are imported into a saved
 * eval only; an import sets the columns, so the draft takes them (its other edits stay).
 */
export function DatasetView({ saved }: { saved: boolean }) {
  const qc = useQueryClient();
  const evalId = useEvals((s) => s.evalId);
  const dataset = useEvals((s) => s.draft!.dataset);
  const count = useRowCount();
  const [importing, setImporting] = useState(false);
  return (
    <div className="evals-dataset">
      <div className="row evals-dataset-bar">
        <span className="grow small-note">
          {t('evals.dataset.summary', {
            n: formatNumber(count),
            columns: dataset.columns.join(', '),
          })}
          {dataset.expectedColumn
            ? ` · ${t('evals.dataset.expectedIs', { name: dataset.expectedColumn })}`
            : ''}
        </span>
        <button
          type="button"
          disabled={!saved}
          onClick={() => setImporting(true)}
          title={saved ? undefined : t('evals.dataset.saveFirst')}
        >
          {t('evals.dataset.import')}
        </button>
      </div>
      {!saved ? <p className="small-note muted">{t('evals.dataset.saveFirst')}</p> : null}
      {evalId && count > 0 ? (
        <DatasetGrid
          key={`${dataset.columns.join(',')}:${dataset.expectedColumn ?? ''}`}
          evalId={evalId}
          columns={dataset.columns}
          expectedColumn={dataset.expectedColumn}
          count={count}
        />
      ) : saved ? (
        <p className="muted evals-dataset-empty">{t('evals.dataset.none')}</p>
      ) : null}
      {importing && evalId ? (
        <RowsImportDialog
          evalId={evalId}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            const imported = draftOf(result.eval).dataset;
            useEvals.setState((s) => ({
              draft: s.draft && { ...s.draft, dataset: imported },
              saved: s.saved && JSON.stringify({ ...JSON.parse(s.saved), dataset: imported }),
            }));
            void qc.invalidateQueries({ queryKey: rowsKey(evalId) });
            void qc.invalidateQueries({ queryKey: ['evals.list'] });
          }}
        />
      ) : null}
    </div>
  );
}
