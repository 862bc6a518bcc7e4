import { useState } from 'react';
import { formatNumber, t } from '../../i18n/i18n';
import { useEvals } from './evals-store';
import { FieldError, TextField } from './form-parts';
import { useRowCount } from './use-row-count';

const splitNames = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The dataset's columns, its expected column and its rows. While rows are stored the columns are
 * theirs (a new import changes them); before that they can be typed, so prompts can be written first.
 */
export function DatasetSummary({ issues }: { issues: Map<string, string> }) {
  const dataset = useEvals((s) => s.draft!.dataset);
  const rows = useRowCount();
  const edit = useEvals((s) => s.edit);
  // The text as typed ("a, b, "): the draft holds the names it gives.
  const [columnsText, setColumnsText] = useState(dataset.columns.join(', '));
  const columnsError =
    [...issues].find(([k]) => k.startsWith('dataset.columns'))?.[1] ?? issues.get('dataset');
  return (
    <section className="evals-section" aria-labelledby="evals-dataset-title">
      <h3 id="evals-dataset-title">{t('evals.dataset.title')}</h3>
      <p className="small-note muted">
        {t('evals.dataset.rows', { n: formatNumber(rows) })} ·{' '}
        <button type="button" className="evals-link" onClick={() => useEvals.getState().setView('dataset')}>
          {t('evals.dataset.open')}
        </button>
      </p>
      {rows > 0 ? (
        <dl className="evals-dataset-facts">
          <dt>{t('evals.dataset.columns')}</dt>
          <dd>
            {dataset.columns.map((c) => (
              <code key={c} className="evals-chip">
                {c}
              </code>
            ))}
          </dd>
          <dt>{t('evals.dataset.expected')}</dt>
          <dd>
            {dataset.expectedColumn ? <code className="evals-chip">{dataset.expectedColumn}</code> : '—'}
          </dd>
          <FieldError id="eval-dataset-err" message={columnsError} />
        </dl>
      ) : (
        <div className="row evals-wrap">
          <TextField
            id="eval-columns"
            label={t('evals.dataset.columns')}
            value={columnsText}
            error={columnsError}
            note={t('evals.dataset.columnsNote')}
            onChange={(text) => {
              setColumnsText(text);
              edit((d) => ({ ...d, dataset: { ...d.dataset, columns: splitNames(text) } }));
            }}
          />
          <TextField
            id="eval-expected"
            label={t('evals.dataset.expected')}
            value={dataset.expectedColumn ?? ''}
            note={t('evals.dataset.expectedNote')}
            error={issues.get('dataset.expectedColumn')}
            onChange={(text) =>
              edit((d) => {
                const { expectedColumn: _e, ...rest } = d.dataset;
                return { ...d, dataset: text.trim() ? { ...rest, expectedColumn: text.trim() } : rest };
              })
            }
          />
        </div>
      )}
    </section>
  );
}
