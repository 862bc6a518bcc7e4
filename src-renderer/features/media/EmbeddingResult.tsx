import { useState } from 'react';
import type { EmbeddingProblem } from '../../../src-shared/media/embedding-math';
import {
  EMBEDDING_TEXT_KEPT,
  type EmbeddingEntryView,
  type VectorsGone,
} from '../../../src-shared/media/embedding-entry';
import type { AppError } from '../../../src-shared/result';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError, call } from '../../bridge/api';
import { formatNumber, t } from '../../i18n/i18n';
import { formatTime } from './HistoryHeader';
import { SimilarityHeatmap } from './SimilarityHeatmap';

function problemText(p: EmbeddingProblem): string {
  return p.kind === 'mismatched-dimensions'
    ? t('embeddings.problem.mismatch', { dims: p.dimensions.join(', ') })
    : t('embeddings.problem.zero', {
        list: p.indexes.map((i) => t('embeddings.inputRef', { n: i + 1 })).join(', '),
      });
}

const GONE_KEYS = {
  'too-large': 'embeddings.vectorsTooLarge',
  evicted: 'embeddings.vectorsEvicted',
  unknown: 'embeddings.vectorsGone',
} as const;

export const dimensionsOf = (run: EmbeddingEntryView) =>
  [...new Set(run.inputs.map((i) => i.dimensions))].join(' / ');

/** The cell shows the first few values; its title all the history keeps. */
const PREVIEW_SHOWN = 4;
const previewText = (values: number[], dimensions: number, shown = values.length) =>
  values
    .slice(0, shown)
    .map((v) => v.toFixed(4))
    .join(', ') + (dimensions > Math.min(shown, values.length) ? ', …' : '');

/**
 * One run's result: the numbers, the heat map and the table of inputs. The same for a run just
 * made and for one opened from the history; only Copy needs the whole vectors, which main holds
 * in memory for recent runs of this session.
 */
export function EmbeddingResult({ run, fromHistory }: { run: EmbeddingEntryView; fromHistory: boolean }) {
  const [copyState, setCopyState] = useState<{ ok?: string; gone?: string; error?: AppError }>({});
  const copy = async () => {
    try {
      const json = await call('media.embeddings.vectors', { runId: run.id });
      await navigator.clipboard.writeText(json);
      setCopyState({ ok: t('embeddings.copied', { count: run.inputs.length }) });
    } catch (err) {
      const error = asAppError(err);
      const gone = error.details?.vectorsGone as VectorsGone | undefined;
      setCopyState(gone ? { gone: t(GONE_KEYS[gone]) } : { error });
    }
  };
  return (
    <>
      {fromHistory ? (
        <p className="muted small-note" role="status">
          {t('embeddings.shownFromHistory', { time: formatTime(run.createdAt) })}
        </p>
      ) : null}
      <div className="row">
        <span className="muted">
          {t('embeddings.summary', {
            model: run.model,
            count: run.inputs.length,
            dims: dimensionsOf(run),
            tokens: run.usage?.total_tokens ?? t('embeddings.noValue'),
          })}
          {run.cost !== undefined
            ? `${t('embeddings.separator')}${t('embeddings.cost', { cost: formatNumber(run.cost, { maximumSignificantDigits: 6 }) })}`
            : ''}
        </span>
        <span className="spacer" />
        <button
          type="button"
          disabled={!run.vectorsKept}
          aria-describedby={run.vectorsKept ? undefined : 'emb-not-kept'}
          onClick={() => void copy()}
        >
          {t('embeddings.copy')}
        </button>
      </div>
      {!run.vectorsKept ? (
        <p id="emb-not-kept" className="muted small-note">
          {t(GONE_KEYS[run.vectorsGone ?? 'unknown'], { n: run.inputs[0]?.preview.length ?? 0 })}
        </p>
      ) : null}
      {copyState.ok ? (
        <div role="status" className="small-note ok-text">
          {copyState.ok}
        </div>
      ) : null}
      {copyState.gone ? (
        <div role="alert" className="notice notice-warn">
          {copyState.gone}
        </div>
      ) : null}
      {copyState.error ? <ErrorNotice error={copyState.error} /> : null}
      {run.problems.map((p) => (
        <div key={p.kind} role="alert" className="notice notice-warn">
          {problemText(p)}
        </div>
      ))}
      <SimilarityHeatmap run={run} />
      <section className="card">
        <h3>{t('embeddings.perInput')}</h3>
        <div className="heatmap-scroll norms-scroll">
          <table className="norms-table">
            <thead>
              <tr>
                <th scope="col">{t('embeddings.col.index')}</th>
                <th scope="col">{t('embeddings.col.text')}</th>
                <th scope="col">{t('embeddings.col.dims')}</th>
                <th scope="col">{t('embeddings.col.norm')}</th>
                <th scope="col">{t('embeddings.col.preview')}</th>
              </tr>
            </thead>
            <tbody>
              {run.inputs.map((it) => (
                <tr key={it.index} className={it.zero ? 'warn' : undefined}>
                  <td>{it.index + 1}</td>
                  <td
                    className="norms-text"
                    title={
                      it.chars > it.text.length
                        ? t('embeddings.cut', { chars: it.chars, max: EMBEDDING_TEXT_KEPT })
                        : undefined
                    }
                  >
                    {it.chars > it.text.length ? `${it.text}…` : it.text}
                  </td>
                  <td>{it.dimensions}</td>
                  <td>{it.norm.toFixed(4)}</td>
                  <td className="norms-preview" title={previewText(it.preview, it.dimensions)}>
                    {previewText(it.preview, it.dimensions, PREVIEW_SHOWN)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
