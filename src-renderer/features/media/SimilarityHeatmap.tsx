import { memo, useState } from 'react';
import type { EmbeddingRunView } from '../../../src-shared/media/media-views';
import { t } from '../../i18n/i18n';

/** -1 … 1 to a colour: pale for unrelated, deep blue for the same direction, warm for opposite. */
export function cellColour(v: number | null): string {
  if (v === null) return 'transparent';
  if (v >= 0) return `hsl(215 75% ${Math.round(96 - v * 56)}%)`;
  return `hsl(15 80% ${Math.round(96 + v * 40)}%)`;
}

const fmt = (v: number | null) => (v === null ? t('embeddings.noValue') : v.toFixed(3));

/**
 * Main sends the matrix only for the first inputs (its HEATMAP_MAX); the map shows exactly that
 * corner, and the norms table below lists every input.
 * Memoised: the map can hold 10,000 cells, and must not re-render while the user types in the form.
 * Small maps label every cell for screen readers; large ones leave that to the table below,
 * which is only built when opened.
 */
export const SimilarityHeatmap = memo(function SimilarityHeatmap({ run }: { run: EmbeddingRunView }) {
  const [tableOpen, setTableOpen] = useState(false);
  const n = Math.min(run.inputs.length, run.matrix.length);
  const inputs = run.inputs.slice(0, n);
  const small = n <= 12;
  return (
    <section className="card" aria-labelledby="heatmap-title">
      <h3 id="heatmap-title">{t('embeddings.heatmap')}</h3>
      <p className="muted small-note">{t('embeddings.heatmapHelp')}</p>
      {run.inputs.length > n ? (
        <p className="muted small-note">{t('embeddings.tooMany', { max: n })}</p>
      ) : null}
      <div className="heatmap-scroll">
        <div
          className={small ? 'heatmap heatmap-small' : 'heatmap'}
          role="group"
          aria-label={t('embeddings.heatmap')}
          style={{
            gridTemplateColumns: `minmax(80px, ${small ? '220px' : '120px'}) repeat(${n}, ${small ? 'minmax(44px, 1fr)' : '14px'})`,
          }}
        >
          <div />
          {inputs.map((it) => (
            <div key={`h${it.index}`} className="heatmap-colhead" title={it.text}>
              {small || it.index === 0 || (it.index + 1) % 10 === 0 ? it.index + 1 : ''}
            </div>
          ))}
          {inputs.map((row) => [
            <div key={`r${row.index}`} className="heatmap-rowhead" title={row.text}>
              <span className="muted">{t('embeddings.rowNumber', { n: row.index + 1 })}</span> {row.text}
            </div>,
            ...inputs.map((col) => {
              const v = run.matrix[row.index][col.index];
              const label =
                v === null
                  ? t('embeddings.cellNone', { a: row.index + 1, b: col.index + 1 })
                  : t('embeddings.cell', { a: row.index + 1, b: col.index + 1, value: fmt(v) });
              return (
                <div
                  key={`${row.index}-${col.index}`}
                  role={small ? 'img' : undefined}
                  aria-label={small ? label : undefined}
                  aria-hidden={small ? undefined : true}
                  title={label}
                  className={
                    v === null ? 'heatmap-cell none' : v > 0.6 ? 'heatmap-cell strong' : 'heatmap-cell'
                  }
                  style={{ background: cellColour(v) }}
                >
                  {small ? fmt(v) : null}
                </div>
              );
            }),
          ])}
        </div>
      </div>
      <details className="heatmap-table" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>{t('embeddings.table')}</summary>
        {tableOpen ? (
          <div className="heatmap-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('embeddings.col.index')}</th>
                  {inputs.map((it) => (
                    <th key={it.index} scope="col">
                      {it.index + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {inputs.map((row) => (
                  <tr key={row.index}>
                    <th scope="row" title={row.text}>
                      {row.index + 1}
                    </th>
                    {inputs.map((col) => (
                      <td key={col.index}>{fmt(run.matrix[row.index][col.index])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
    </section>
  );
});
