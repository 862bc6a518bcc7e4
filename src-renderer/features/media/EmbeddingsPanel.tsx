import { SelectField } from '../../app/SelectField';
import { useCallback, useState } from 'react';
import type { EmbeddingProblem } from '../../../src-shared/media/embedding-math';
import type { VectorsGone } from '../../../src-shared/media/media-views';
import type { AppError } from '../../../src-shared/result';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { extraProblemText } from '../../app/extra-problem-text';
import { RequestPreview } from '../../app/RequestPreview';
import { embeddingsRequestBody } from '../../../src-shared/media/media-request';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError, call } from '../../bridge/api';
import { useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { EMBED_MAX_INPUTS, parseEmbedInputs } from './embed-inputs';
import { ModelField } from './ModelField';
import { numberProblem, useMedia } from './media-store';
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

export function EmbeddingsPanel() {
  const draft = useMedia((s) => s.embed);
  const setEmbed = useMedia((s) => s.setEmbed);
  const run = useRouteMutation('media.embeddings.run');
  const [touched, setTouched] = useState(false);
  const [copyState, setCopyState] = useState<{ ok?: string; gone?: string; error?: AppError }>({});
  const setModel = useCallback((model: string) => setEmbed({ model }), [setEmbed]);
  const parsed = parseEmbedInputs(draft.inputs);
  const lines = parsed.inputs;
  const extra = parseExtraText(draft.extra, 'embeddings');
  const input = {
    model: draft.model.trim(),
    inputs: lines,
    dimensions: draft.dimensions.trim() ? Number(draft.dimensions) : undefined,
    encodingFormat: draft.encodingFormat,
    extra: extra.ok ? extra.value : undefined,
  };
  const problems = {
    extra: extra.ok ? undefined : extraProblemText(extra.problem),
    inputs:
      parsed.error === 'json-invalid'
        ? t('embeddings.jsonInvalid')
        : parsed.error === 'json-shape'
          ? t('embeddings.jsonShape')
          : lines.length === 0
            ? t('media.required', { field: t('embeddings.inputs') })
            : lines.length > EMBED_MAX_INPUTS
              ? t('embeddings.tooManyInputs', { max: EMBED_MAX_INPUTS, count: lines.length })
              : undefined,
    model: draft.model.trim() ? undefined : t('media.required', { field: t('media.model') }),
    dimensions: numberProblem(draft.dimensions, 1, 8192, { integer: true, optional: true })
      ? t('media.integer', { field: t('embeddings.dimensions'), min: 1, max: 8192 })
      : undefined,
  };
  const show = (k: keyof typeof problems) => (touched ? problems[k] : undefined);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean) || run.isPending) return;
    setCopyState({});
    run.mutate(input);
  };
  const copy = async (runId: string, count: number) => {
    try {
      const json = await call('media.embeddings.vectors', { runId });
      await navigator.clipboard.writeText(json);
      setCopyState({ ok: t('embeddings.copied', { count }) });
    } catch (err) {
      const error = asAppError(err);
      const gone = error.details?.vectorsGone as VectorsGone | undefined;
      setCopyState(gone ? { gone: t(GONE_KEYS[gone]) } : { error });
    }
  };
  const result = run.data;
  const dims = result ? [...new Set(result.inputs.map((i) => i.dimensions))].join(' / ') : '';

  return (
    <div className="media-columns">
      <form
        className="card media-form"
        onSubmit={submit}
        aria-label={t('media.section.embeddings')}
        noValidate
      >
        <div className="field">
          <label htmlFor="emb-inputs">{t('embeddings.inputs')}</label>
          <textarea
            id="emb-inputs"
            rows={8}
            value={draft.inputs}
            placeholder={t('embeddings.inputsPlaceholder')}
            aria-invalid={show('inputs') !== undefined}
            aria-describedby={
              show('inputs') ? 'emb-inputs-err emb-inputs-hint' : 'emb-inputs-count emb-inputs-hint'
            }
            onChange={(e) => setEmbed({ inputs: e.target.value })}
          />
          <span id="emb-inputs-count" className="muted small-note">
            {t(parsed.json ? 'embeddings.jsonCount' : 'embeddings.lineCount', { count: lines.length })}
          </span>
          <span id="emb-inputs-hint" className="muted small-note">
            {t('embeddings.inputsHint', { max: EMBED_MAX_INPUTS })}
          </span>
          {show('inputs') ? (
            <span id="emb-inputs-err" className="field-error">
              {show('inputs')}
            </span>
          ) : null}
        </div>
        <ModelField
          id="emb-model"
          kind="embedding"
          value={draft.model}
          onChange={setModel}
          example="sandbox-embed-1"
          error={show('model')}
        />
        <div className="field">
          <label htmlFor="emb-dims">{t('embeddings.dimensions')}</label>
          <input
            id="emb-dims"
            type="number"
            min={1}
            max={8192}
            step={1}
            value={draft.dimensions}
            placeholder={t('embeddings.dimensionsPlaceholder')}
            aria-invalid={show('dimensions') !== undefined}
            aria-describedby={show('dimensions') ? 'emb-dims-err' : undefined}
            onChange={(e) => setEmbed({ dimensions: e.target.value })}
          />
          {show('dimensions') ? (
            <span id="emb-dims-err" className="field-error">
              {show('dimensions')}
            </span>
          ) : null}
        </div>
        <SelectField
          id="emb-encoding"
          label={t('embeddings.encoding')}
          value={draft.encodingFormat}
          options={['float', 'base64'] as const}
          optionLabel={(v) => t(`embeddings.encoding.${v}`)}
          onChange={(encodingFormat) => setEmbed({ encodingFormat })}
        />
        <ExtraFieldsEditor
          id="emb-extra"
          endpoint="embeddings"
          text={draft.extra}
          onChange={(text) => setEmbed({ extra: text })}
        />
        <RequestPreview codeKind="embeddings" body={embeddingsRequestBody(input)} />
        <button type="submit" className="primary wide" disabled={run.isPending}>
          {run.isPending ? t('embeddings.running', { count: lines.length }) : t('embeddings.run')}
        </button>
        {run.error ? <ErrorNotice error={run.error.error} onDismiss={() => run.reset()} /> : null}
      </form>

      <div className="media-results">
        {run.isPending ? (
          <div role="status" className="card" aria-busy="true">
            {t('embeddings.running', { count: lines.length })}
          </div>
        ) : null}
        {!result && !run.isPending ? <p className="muted media-empty">{t('embeddings.empty')}</p> : null}
        {result ? (
          <>
            <div className="row">
              <span className="muted">
                {t('embeddings.summary', {
                  model: result.model,
                  count: result.inputs.length,
                  dims,
                  tokens: result.usage?.total_tokens ?? t('embeddings.noValue'),
                })}
              </span>
              <span className="spacer" />
              <button
                type="button"
                disabled={!result.vectorsKept}
                aria-describedby={result.vectorsKept ? undefined : 'emb-not-kept'}
                onClick={() => void copy(result.runId, result.inputs.length)}
              >
                {t('embeddings.copy')}
              </button>
            </div>
            {!result.vectorsKept ? (
              <p id="emb-not-kept" className="muted small-note">
                {t('embeddings.vectorsTooLarge')}
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
            {result.problems.map((p) => (
              <div key={p.kind} role="alert" className="notice notice-warn">
                {problemText(p)}
              </div>
            ))}
            <SimilarityHeatmap run={result} />
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
                    </tr>
                  </thead>
                  <tbody>
                    {result.inputs.map((it) => (
                      <tr key={it.index} className={it.zero ? 'warn' : undefined}>
                        <td>{it.index + 1}</td>
                        <td className="norms-text">{it.text}</td>
                        <td>{it.dimensions}</td>
                        <td>{it.norm.toFixed(4)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
