import { SelectField } from '../../app/SelectField';
import { useCallback, useState } from 'react';
import type { EmbeddingEntryView } from '../../../src-shared/media/embedding-entry';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { extraProblemText } from '../../app/extra-problem-text';
import { RequestPreview } from '../../app/RequestPreview';
import { embeddingsRequestBody } from '../../../src-shared/media/media-request';
import { ErrorNotice } from '../../app/ErrorNotice';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { EMBED_MAX_INPUTS, parseEmbedInputs } from './embed-inputs';
import { ModelField } from './ModelField';
import { numberProblem, useMedia } from './media-store';
import { EmbeddingHistory } from './EmbeddingHistory';
import { EmbeddingResult } from './EmbeddingResult';

export function EmbeddingsPanel() {
  const draft = useMedia((s) => s.embed);
  const setEmbed = useMedia((s) => s.setEmbed);
  const run = useRouteMutation('media.embeddings.run', ['media.history.list']);
  const history = useRoute('media.history.list', { kind: 'embedding' });
  const entries = (history.data ?? []) as EmbeddingEntryView[];
  /** A run opened from the history; otherwise the result shown is the latest run's. */
  const [openedId, setOpenedId] = useState<string>();
  const [touched, setTouched] = useState(false);
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
    setOpenedId(undefined);
    run.mutate(input);
  };
  const shownId = openedId ?? run.data?.id;
  // The list's copy is the fresher one (main's vector cache may have moved on since the run).
  const shown = entries.find((e) => e.id === shownId) ?? (shownId === run.data?.id ? run.data : undefined);
  const onDeleted = (id: string) => {
    if (id === openedId) setOpenedId(undefined);
    if (id === run.data?.id) run.reset();
  };

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
        {!shown && !run.isPending ? <p className="muted media-empty">{t('embeddings.empty')}</p> : null}
        {shown ? (
          <EmbeddingResult key={shown.id} run={shown} fromHistory={shown.id !== run.data?.id} />
        ) : null}
        <EmbeddingHistory entries={entries} shownId={shown?.id} onOpen={setOpenedId} onDeleted={onDeleted} />
        {history.error ? <ErrorNotice error={history.error.error} /> : null}
      </div>
    </div>
  );
}
