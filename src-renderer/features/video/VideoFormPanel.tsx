import { useEffect, useMemo, useRef, useState } from 'react';
import {
  buildVideoRequest,
  VIDEO_DEFAULTS,
  VIDEO_DURATION,
  VIDEO_IMAGES_MAX,
  VIDEO_MODELS,
  VIDEO_RATIOS,
  VIDEO_RESOLUTIONS,
  type VideoForm,
  type VideoFormField,
  type VideoRatio,
  type VideoResolution,
  videoFormProblems,
} from '../../../src-main/core/video/video-request';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { type MessageKey, t } from '../../i18n/i18n';
import { useVideo } from './video-store';

const MAX_IMAGE_MB = 10;

const RULE_KEYS: Record<VideoFormField, MessageKey> = {
  model: 'video.rule.model',
  prompt: 'video.rule.prompt',
  images: 'video.rule.images',
  ratio: 'video.rule.ratio',
  duration: 'video.rule.duration',
  resolution: 'video.rule.resolution',
};

function ruleText(field: VideoFormField, form: VideoForm): string {
  if (field === 'prompt' && form.prompt.trim()) return t('video.rule.promptMax');
  return t(RULE_KEYS[field], { min: VIDEO_DURATION.min, max: VIDEO_DURATION.max });
}

/** Long data: URLs would drown the preview; the body sent still carries them whole. */
function previewText(form: VideoForm): string {
  return JSON.stringify(
    buildVideoRequest(form),
    (_k, v: unknown) =>
      typeof v === 'string' && v.startsWith('data:') && v.length > 80
        ? `${v.slice(0, 48)}…(${v.length} characters)`
        : v,
    2,
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function VideoFormPanel() {
  const { form, setForm, rerunOf, rerunSeq } = useVideo();
  const profiles = useRoute('profiles.list', {});
  const activeId = profiles.data?.activeId;
  const models = useRoute('models.list', { profileId: activeId }, { enabled: activeId !== undefined });
  const create = useRouteMutation('video.tasks.create', ['video.tasks.list']);
  const [durationRaw, setDurationRaw] = useState(String(form.duration));
  const [imageUrl, setImageUrl] = useState('');
  const [pickError, setPickError] = useState<string>();
  const [touched, setTouched] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // A re-run replaces the whole form, the duration text included.
  useEffect(() => setDurationRaw(String(useVideo.getState().form.duration)), [rerunSeq]);

  const problems = videoFormProblems(form);
  const shown = (f: VideoFormField) => (touched || f === 'duration' ? problems[f] : undefined);
  const preview = useMemo(() => previewText(form), [form]);
  const modelIds = useMemo(() => {
    const fromList = (models.data ?? []).map((m) => m.id).filter((id) => /vid/i.test(id));
    return [...new Set([...VIDEO_MODELS, ...fromList])];
  }, [models.data]);

  const err = (f: VideoFormField) =>
    shown(f) ? (
      <span id={`video-${f}-err`} className="field-error">
        {ruleText(f, form)}
      </span>
    ) : null;
  const invalid = (f: VideoFormField) => ({
    'aria-invalid': shown(f) !== undefined,
    'aria-describedby': shown(f) ? `video-${f}-err` : undefined,
  });

  const addImages = async (files: FileList | null) => {
    setPickError(undefined);
    const added: VideoForm['images'] = [];
    for (const file of Array.from(files ?? [])) {
      if (file.size > MAX_IMAGE_MB * 1024 * 1024) {
        setPickError(t('video.imageTooBig', { name: file.name, mb: MAX_IMAGE_MB }));
        continue;
      }
      added.push({ url: await readAsDataUrl(file), name: file.name });
    }
    if (added.length) setForm({ images: [...useVideo.getState().form.images, ...added] });
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    create.mutate(form);
  };

  return (
    <form className="video-form card" aria-label={t('video.newTask')} onSubmit={submit} noValidate>
      <h2>{t('video.newTask')}</h2>
      <div className="field">
        <label htmlFor="video-model">{t('video.model')}</label>
        <input
          id="video-model"
          list="video-models"
          value={form.model}
          placeholder={t('video.modelPlaceholder')}
          onChange={(e) => setForm({ model: e.target.value })}
          {...invalid('model')}
        />
        <datalist id="video-models">
          {modelIds.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
        {err('model')}
      </div>
      <div className="field">
        <label htmlFor="video-prompt">{t('video.prompt')}</label>
        <textarea
          id="video-prompt"
          rows={4}
          value={form.prompt}
          placeholder={t('video.promptPlaceholder')}
          onChange={(e) => setForm({ prompt: e.target.value })}
          {...invalid('prompt')}
        />
        {err('prompt')}
      </div>

      <fieldset className="field video-images">
        <legend>{t('video.images')}</legend>
        <span className="muted small-note">{t('video.imagesHint', { max: VIDEO_IMAGES_MAX })}</span>
        {form.images.length > 0 ? (
          <ul className="video-image-list">
            {form.images.map((img, i) => {
              const name = img.name ?? img.url.slice(0, 60);
              return (
                <li key={`${i}-${name}`}>
                  {/* Only picked files can be previewed: the window may not load remote images (CSP). */}
                  {img.url.startsWith('data:') ? (
                    <img src={img.url} alt="" width={40} height={40} />
                  ) : (
                    <span className="video-image-link" aria-hidden="true">
                      URL
                    </span>
                  )}
                  <span className="video-image-name" title={name}>
                    {name}
                  </span>
                  <button
                    type="button"
                    className="ghost small"
                    aria-label={t('video.removeImage', { name })}
                    onClick={() => setForm({ images: form.images.filter((_, j) => j !== i) })}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="row">
          <input
            aria-label={t('video.imageUrl')}
            placeholder="https://…"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            className="video-image-url"
          />
          <button
            type="button"
            disabled={!imageUrl.trim()}
            onClick={() => {
              setForm({ images: [...form.images, { url: imageUrl.trim(), name: imageUrl.trim() }] });
              setImageUrl('');
            }}
          >
            {t('video.addImageUrl')}
          </button>
          <button type="button" onClick={() => fileInput.current?.click()}>
            {t('video.pickImage')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label={t('video.pickImage')}
            onChange={(e) => void addImages(e.target.files)}
          />
        </div>
        {pickError ? <span className="field-error">{pickError}</span> : null}
        {problems.images ? (
          <span id="video-images-err" className="field-error">
            {t('video.rule.images', { max: VIDEO_IMAGES_MAX })}
          </span>
        ) : null}
      </fieldset>

      <div className="video-grid">
        <div className="field">
          <label htmlFor="video-ratio">{t('video.ratio')}</label>
          <select
            id="video-ratio"
            value={form.ratio}
            onChange={(e) => setForm({ ratio: e.target.value as VideoRatio })}
          >
            {VIDEO_RATIOS.map((r) => (
              <option key={r} value={r}>
                {r === VIDEO_DEFAULTS.ratio ? t('video.default', { value: r }) : r}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="video-duration">{t('video.duration')}</label>
          <input
            id="video-duration"
            type="number"
            inputMode="numeric"
            min={VIDEO_DURATION.min}
            max={VIDEO_DURATION.max}
            step={1}
            value={durationRaw}
            onChange={(e) => {
              setDurationRaw(e.target.value);
              setForm({ duration: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value) });
            }}
            {...invalid('duration')}
          />
          <span className="muted small-note">
            {t('video.defaultNote', { value: VIDEO_DEFAULTS.duration })} · {VIDEO_DURATION.min}–
            {VIDEO_DURATION.max}
          </span>
          {err('duration')}
        </div>
        <div className="field">
          <label htmlFor="video-resolution">{t('video.resolution')}</label>
          <select
            id="video-resolution"
            value={form.resolution}
            onChange={(e) => setForm({ resolution: e.target.value as VideoResolution })}
          >
            {VIDEO_RESOLUTIONS.map((r) => (
              <option key={r} value={r}>
                {r === VIDEO_DEFAULTS.resolution ? t('video.default', { value: r }) : r}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.generateAudio}
          onChange={(e) => setForm({ generateAudio: e.target.checked })}
        />
        <span>
          {t('video.audio')}{' '}
          <span className="muted small-note">({t('video.defaultNote', { value: t('video.on') })})</span>
        </span>
      </label>

      <details className="video-preview">
        <summary>{t('video.preview')}</summary>
        <pre aria-label={t('video.preview')}>{preview}</pre>
      </details>

      {rerunOf ? (
        <p role="status" className="muted small-note">
          {t('video.rerunDone')}
        </p>
      ) : null}
      {touched && Object.keys(problems).length > 0 ? (
        <p role="alert" className="field-error">
          {t('video.fixFirst')}
        </p>
      ) : null}
      {create.error ? (
        <ErrorNotice error={asAppError(create.error)} onDismiss={() => create.reset()} />
      ) : null}
      <button type="submit" className="primary wide" disabled={create.isPending}>
        {create.isPending ? t('video.creating') : t('video.create')}
      </button>
    </form>
  );
}
