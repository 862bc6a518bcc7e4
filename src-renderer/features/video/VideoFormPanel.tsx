import { SelectField } from '../../app/SelectField';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  buildVideoRequest,
  VIDEO_DEFAULTS,
  VIDEO_DURATION,
  VIDEO_MODELS,
  VIDEO_RATIOS,
  VIDEO_RESOLUTIONS,
  type VideoForm,
  type VideoFormField,
  videoFormProblems,
} from '../../../src-shared/video/video-request';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { extraProblemText } from '../../app/extra-problem-text';
import { RequestPreview } from '../../app/RequestPreview';
import { ModelPicker } from '../../app/ModelPicker';
import { asAppError } from '../../bridge/api';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { type MessageKey, t } from '../../i18n/i18n';
import { ReferenceImages } from './ReferenceImages';
import { useVideo } from './video-store';

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

export function VideoFormPanel() {
  const { form, setForm, rerunOf, rerunSeq, extraText, setExtraText } = useVideo();
  const extra = parseExtraText(extraText, 'video');
  const profiles = useRoute('profiles.list', {});
  const activeId = profiles.data?.activeId;
  const models = useRoute('models.list', { profileId: activeId }, { enabled: activeId !== undefined });
  const create = useRouteMutation('video.tasks.create', ['video.tasks.list']);
  const [durationRaw, setDurationRaw] = useState(String(form.duration));
  const [touched, setTouched] = useState(false);
  // Set synchronously on submit, so a double click or a second Enter sends one POST, not two.
  const sending = useRef(false);

  // A re-run replaces the whole form, the duration text included.
  useEffect(() => setDurationRaw(String(useVideo.getState().form.duration)), [rerunSeq]);

  const problems = videoFormProblems(form);
  const createError = create.error ? asAppError(create.error) : undefined;
  const shown = (f: VideoFormField) => (touched || f === 'duration' ? problems[f] : undefined);
  // The preview carries the extras only while they are valid; the editor says what is wrong.
  const extraValue = extra.ok ? extra.value : undefined;
  const previewBody = useMemo(() => buildVideoRequest({ ...form, extra: extraValue }), [form, extraValue]);
  // The known video models are offered even when the gateway does not list them.
  const modelList = useMemo(
    () => [...VIDEO_MODELS.map((id) => ({ id, type: 'video' })), ...(models.data ?? [])],
    [models.data],
  );
  const setModel = useCallback((model: string) => setForm({ model }), [setForm]);

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

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0 || !extra.ok || sending.current) return;
    sending.current = true;
    create.mutate(
      { ...form, extra: extra.value },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form className="video-form card" aria-label={t('video.newTask')} onSubmit={submit} noValidate>
      <h2>{t('video.newTask')}</h2>
      <ModelPicker
        id="video-model"
        label={t('video.model')}
        value={form.model}
        onChange={setModel}
        models={modelList}
        kind="video"
        scope="video"
        profileId={activeId}
        restore={rerunOf === undefined}
        placeholder={t('video.modelPlaceholder')}
        listError={models.isError ? t('video.modelsFailed') : undefined}
        invalid={shown('model') !== undefined}
        describedBy={shown('model') ? 'video-model-err' : undefined}
      >
        {err('model')}
      </ModelPicker>
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

      <ReferenceImages
        images={form.images}
        update={(change) => setForm({ images: change(useVideo.getState().form.images) })}
        problem={problems.images}
      />

      <div className="video-grid">
        <SelectField
          id="video-ratio"
          label={t('video.ratio')}
          value={form.ratio}
          options={VIDEO_RATIOS}
          optionLabel={(r) => (r === VIDEO_DEFAULTS.ratio ? t('video.default', { value: r }) : r)}
          onChange={(ratio) => setForm({ ratio })}
        />
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
            {t('video.defaultNote', { value: VIDEO_DEFAULTS.duration })}
            {t('video.separator')}
            {t('video.durationRange', { min: VIDEO_DURATION.min, max: VIDEO_DURATION.max })}
          </span>
          {err('duration')}
        </div>
        <SelectField
          id="video-resolution"
          label={t('video.resolution')}
          value={form.resolution}
          options={VIDEO_RESOLUTIONS}
          optionLabel={(r) => (r === VIDEO_DEFAULTS.resolution ? t('video.default', { value: r }) : r)}
          onChange={(resolution) => setForm({ resolution })}
        />
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

      <ExtraFieldsEditor id="video-extra" endpoint="video" text={extraText} onChange={setExtraText} />
      <RequestPreview codeKind="video" body={previewBody} className="video-preview" />

      {rerunOf ? (
        <p role="status" className="muted small-note">
          {t('video.rerunDone')}
        </p>
      ) : null}
      {touched && !extra.ok ? (
        <p role="alert" className="field-error">
          {t('extra.blocked', { problem: extraProblemText(extra.problem) })}
        </p>
      ) : null}
      {touched && Object.keys(problems).length > 0 ? (
        <p role="alert" className="field-error">
          {t('video.fixFirst')}
        </p>
      ) : null}
      {createError?.details?.createMayExist ? (
        <div role="alert" className="notice notice-error">
          <strong>{t('video.createMayExist')}</strong>
        </div>
      ) : createError ? (
        <ErrorNotice error={createError} onDismiss={() => create.reset()} />
      ) : null}
      <button type="submit" className="primary wide" disabled={create.isPending}>
        {create.isPending ? t('video.creating') : t('video.create')}
      </button>
    </form>
  );
}
