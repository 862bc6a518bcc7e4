import { SelectField } from '../../app/SelectField';
import { useCallback, useState } from 'react';
import type { ImageEntryView } from '../../../src-shared/media/media-history';
import type { MediaEvents } from '../../../src-shared/media/media-views';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { extraProblemText } from '../../app/extra-problem-text';
import { RequestPreview } from '../../app/RequestPreview';
import { imagesRequestBody } from '../../../src-shared/media/media-request';
import { ErrorNotice } from '../../app/ErrorNotice';
import { SavedExtraLine } from '../../app/SavedExtraLine';
import { useEvent, useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { DeleteEntryButton } from './DeleteEntryButton';
import { formatTime, HistoryHeader } from './HistoryHeader';
import { ImageViewer, viewableImages } from './ImageViewer';
import { ModelField } from './ModelField';
import { numberProblem, useMedia } from './media-store';
import { useSave } from './use-save';

const SIZES = ['256x256', '512x512', '1024x1024', '1792x1024', '1024x1792'];

/** How many images the gateway actually returned, once the first one has arrived. */
const arrivedCount = (arrived: Record<number, { count: number }>) => Object.values(arrived)[0]?.count;

function ImageGrid({ entry, onOpen }: { entry: ImageEntryView; onOpen: (index: number) => void }) {
  return (
    <ul className="image-grid" aria-label={entry.prompt}>
      {entry.files.map((f, i) => (
        <li key={i}>
          {entry.urls[i] ? (
            <button
              type="button"
              className="image-cell"
              onClick={() => onOpen(i)}
              aria-label={t('images.open', { index: i + 1, prompt: entry.prompt })}
            >
              <img
                src={entry.urls[i]!}
                alt={t('images.alt', { index: i + 1, prompt: entry.prompt })}
                loading="lazy"
                decoding="async"
              />
            </button>
          ) : (
            <div className="image-cell image-failed" role="note">
              {t('images.failedOne', { index: i + 1, reason: f.error ?? t('images.unknownReason') })}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function EntryCard({
  entry,
  onOpen,
  highlight,
}: {
  entry: ImageEntryView;
  onOpen: (e: ImageEntryView, i: number) => void;
  highlight?: boolean;
}) {
  const save = useSave();
  return (
    <article className={highlight ? 'card media-entry latest' : 'card media-entry'} aria-label={entry.prompt}>
      <div className="row">
        <strong className="media-entry-title">{entry.prompt}</strong>
        <span className="spacer" />
        <button
          type="button"
          className="small"
          aria-label={t('images.saveAllNamed', { prompt: entry.prompt.slice(0, 60) })}
          onClick={() => void save.saveAll(entry.id)}
        >
          {t('images.saveAll')}
        </button>
        <DeleteEntryButton id={entry.id} name={entry.prompt} />
      </div>
      <div className="muted small-note">
        {t('images.meta', {
          time: formatTime(entry.createdAt),
          model: entry.model,
          size: entry.params.size,
          n: entry.params.n,
          format: entry.params.responseFormat,
        })}
      </div>
      {entry.revisedPrompt ? (
        <div className="muted small-note">{t('images.revised', { prompt: entry.revisedPrompt })}</div>
      ) : null}
      <SavedExtraLine extra={entry.extra} />
      <ImageGrid entry={entry} onOpen={(i) => onOpen(entry, i)} />
      {save.message ? (
        <div role="status" className="small-note ok-text">
          {save.message}
        </div>
      ) : null}
      {save.error ? <ErrorNotice error={save.error} onDismiss={save.clearError} /> : null}
    </article>
  );
}

export function ImagesPanel() {
  const draft = useMedia((s) => s.image);
  const setImage = useMedia((s) => s.setImage);
  const generate = useRouteMutation('media.images.generate', ['media.history.list']);
  const history = useRoute('media.history.list', { kind: 'image' });
  const entries = (history.data ?? []) as ImageEntryView[];
  const images = viewableImages(entries);
  /** The image open in the viewer, by entry id and index: the history may refresh underneath. */
  const [viewing, setViewing] = useState<{ id: string; index: number }>();
  const viewingAt = viewing
    ? images.findIndex((im) => im.entry.id === viewing.id && im.index === viewing.index)
    : -1;
  const [touched, setTouched] = useState(false);
  const viewerSave = useSave();
  const setModel = useCallback((model: string) => setImage({ model }), [setImage]);

  // Images land one by one (main announces each); the grid of placeholders fills as they do.
  const [arrived, setArrived] = useState<Record<number, MediaEvents['media.image']>>({});
  const onImage = useCallback((p: MediaEvents['media.image']) => {
    setArrived((a) => ({ ...a, [p.index]: p }));
  }, []);
  useEvent('media.image', onImage);

  const extra = parseExtraText(draft.extra, 'images');
  const input = {
    model: draft.model.trim(),
    prompt: draft.prompt.trim(),
    size: draft.size,
    n: Number(draft.count),
    responseFormat: draft.responseFormat,
    extra: extra.ok ? extra.value : undefined,
  };
  const problems = {
    extra: extra.ok ? undefined : extraProblemText(extra.problem),
    prompt: draft.prompt.trim() ? undefined : t('media.required', { field: t('images.prompt') }),
    model: draft.model.trim() ? undefined : t('media.required', { field: t('media.model') }),
    count: numberProblem(draft.count, 1, 10, { integer: true })
      ? t('media.integer', { field: t('images.count'), min: 1, max: 10 })
      : undefined,
  };
  const invalid = Object.values(problems).some(Boolean);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (invalid || generate.isPending) return;
    setArrived({});
    generate.mutate(input);
  };
  const show = (k: keyof typeof problems) => (touched ? problems[k] : undefined);
  const pendingCount = Number(draft.count) || 1;

  return (
    <div className="media-columns">
      <form className="card media-form" onSubmit={submit} aria-label={t('media.section.images')} noValidate>
        <div className="field">
          <label htmlFor="img-prompt">{t('images.prompt')}</label>
          <textarea
            id="img-prompt"
            rows={4}
            value={draft.prompt}
            placeholder={t('images.promptPlaceholder')}
            aria-invalid={show('prompt') !== undefined}
            aria-describedby={show('prompt') ? 'img-prompt-err' : undefined}
            onChange={(e) => setImage({ prompt: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
            }}
          />
          {show('prompt') ? (
            <span id="img-prompt-err" className="field-error">
              {show('prompt')}
            </span>
          ) : null}
        </div>
        <ModelField
          id="img-model"
          kind="image"
          value={draft.model}
          onChange={setModel}
          example="sandbox-image-1"
          error={show('model')}
        />
        <div className="row media-inline">
          <SelectField
            id="img-size"
            label={t('images.size')}
            value={draft.size}
            options={SIZES}
            onChange={(size) => setImage({ size })}
          />
          <div className="field">
            <label htmlFor="img-count">{t('images.count')}</label>
            <input
              id="img-count"
              type="number"
              min={1}
              max={10}
              step={1}
              value={draft.count}
              aria-invalid={show('count') !== undefined}
              aria-describedby={show('count') ? 'img-count-err' : undefined}
              onChange={(e) => setImage({ count: e.target.value })}
            />
          </div>
        </div>
        {show('count') ? (
          <span id="img-count-err" className="field-error">
            {show('count')}
          </span>
        ) : null}
        <SelectField
          id="img-format"
          label={t('images.format')}
          value={draft.responseFormat}
          options={['url', 'b64_json'] as const}
          optionLabel={(v) => t(`images.format.${v}`)}
          onChange={(responseFormat) => setImage({ responseFormat })}
        />
        <ExtraFieldsEditor
          id="img-extra"
          endpoint="images"
          text={draft.extra}
          onChange={(text) => setImage({ extra: text })}
        />
        <RequestPreview codeKind="images" body={imagesRequestBody(input)} />
        <button type="submit" className="primary wide" disabled={generate.isPending}>
          {generate.isPending ? t('images.generating', { n: pendingCount }) : t('images.generate')}
        </button>
        {generate.error ? (
          <ErrorNotice error={generate.error.error} onDismiss={() => generate.reset()} />
        ) : null}
      </form>

      <div className="media-results">
        {generate.isPending ? (
          <div className="card" aria-busy="true">
            <div role="status">{t('images.generating', { n: pendingCount })}</div>
            <ul className="image-grid">
              {Array.from({ length: Math.min(arrivedCount(arrived) ?? pendingCount, 10) }, (_, i) => (
                <li key={i}>
                  {arrived[i]?.url ? (
                    <div className="image-cell">
                      <img
                        src={arrived[i].url!}
                        alt={t('images.alt', { index: i + 1, prompt: draft.prompt.trim() })}
                        decoding="async"
                      />
                    </div>
                  ) : arrived[i] ? (
                    <div className="image-cell image-failed" role="note">
                      {t('images.failedOne', {
                        index: i + 1,
                        reason: arrived[i].error ?? t('images.unknownReason'),
                      })}
                    </div>
                  ) : (
                    <div
                      className="image-cell image-pending"
                      role="img"
                      aria-label={t('images.pending', { index: i + 1 })}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <HistoryHeader kind="image" count={entries.length} />
        {history.error ? <ErrorNotice error={history.error.error} /> : null}
        {entries.length === 0 && !generate.isPending ? (
          <p className="muted media-empty">{t('images.empty')}</p>
        ) : null}
        {entries.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            highlight={entry.id === generate.data?.id}
            onOpen={(en, index) => setViewing({ id: en.id, index })}
          />
        ))}
      </div>

      {viewingAt >= 0 ? (
        <ImageViewer
          images={images}
          at={viewingAt}
          onMove={(at) => setViewing({ id: images[at].entry.id, index: images[at].index })}
          onSave={() => void viewerSave.saveOne(images[viewingAt].entry.id, images[viewingAt].index)}
          onClose={() => setViewing(undefined)}
        />
      ) : null}
      {viewerSave.message || viewerSave.error ? (
        <div className="media-toast" role="status">
          {viewerSave.message}
          {viewerSave.error ? (
            <ErrorNotice error={viewerSave.error} onDismiss={viewerSave.clearError} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
