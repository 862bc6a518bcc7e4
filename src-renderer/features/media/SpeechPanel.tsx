import { SelectField } from '../../app/SelectField';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SpeechEntryView } from '../../../src-shared/media/media-history';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { extraProblemText } from '../../app/extra-problem-text';
import { RequestPreview } from '../../app/RequestPreview';
import { speechRequestBody } from '../../../src-shared/media/media-request';
import { ErrorNotice } from '../../app/ErrorNotice';
import { SavedExtraLine } from '../../app/SavedExtraLine';
import { useRoute, useRouteMutation } from '../../hooks/use-route';
import { t } from '../../i18n/i18n';
import { DeleteEntryButton } from './DeleteEntryButton';
import { formatTime, HistoryHeader } from './HistoryHeader';
import { ModelField } from './ModelField';
import { numberProblem, type SpeechDraft, useMedia } from './media-store';
import { useSave } from './use-save';

/** The usual OpenAI-compatible voices, offered as suggestions: any other name can still be typed. */
const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];
const FORMATS: SpeechDraft['format'][] = ['wav', 'pcm', 'mp3', 'opus', 'aac', 'flac'];

/** The native player (play/pause, position, duration, volume), with a clear note when it cannot play. */
function Player({ clip, autoPlay }: { clip: SpeechEntryView; autoPlay: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => setFailed(false), [clip.id]);
  useEffect(() => {
    if (autoPlay) void ref.current?.play().catch(() => undefined);
  }, [clip.id, autoPlay]);
  const save = useSave();
  return (
    <div className="card speech-player">
      <div className="muted small-note">
        {t('speech.meta', {
          time: formatTime(clip.createdAt),
          model: clip.model,
          voice: clip.params.voice,
          format: clip.params.format,
          speed: clip.params.speed,
        })}
      </div>
      <p className="speech-text">{clip.text}</p>
      <SavedExtraLine extra={clip.extra} />
      {clip.unplayable ? (
        <div className="notice notice-warn" role="note">
          {t('speech.unplayable', { bytes: clip.bytes })}
        </div>
      ) : (
        <audio
          ref={ref}
          key={clip.id}
          controls
          preload="metadata"
          src={clip.url}
          aria-label={t('speech.player', { text: clip.text.slice(0, 60) })}
          onError={() => setFailed(true)}
          className="speech-audio"
        />
      )}
      {failed ? (
        <div className="notice notice-warn" role="alert">
          {t('speech.cannotPlay', { format: clip.container })}
        </div>
      ) : null}
      {clip.wrappedPcm ? <p className="muted small-note">{t('speech.wrapped')}</p> : null}
      <div className="row">
        <button type="button" onClick={() => void save.saveOne(clip.id)}>
          {t('speech.save')}
        </button>
        {save.message ? (
          <span role="status" className="small-note ok-text">
            {save.message}
          </span>
        ) : null}
      </div>
      {save.error ? <ErrorNotice error={save.error} onDismiss={save.clearError} /> : null}
    </div>
  );
}

export function SpeechPanel() {
  const draft = useMedia((s) => s.speech);
  const setSpeech = useMedia((s) => s.setSpeech);
  const create = useRouteMutation('media.speech.create', ['media.history.list']);
  const history = useRoute('media.history.list', { kind: 'speech' });
  const clips = (history.data ?? []) as SpeechEntryView[];
  const [selectedId, setSelectedId] = useState<string>();
  const [autoPlay, setAutoPlay] = useState(false);
  const [touched, setTouched] = useState(false);
  const setModel = useCallback((model: string) => setSpeech({ model }), [setSpeech]);
  const selected = clips.find((c) => c.id === selectedId) ?? clips[0];

  const extra = parseExtraText(draft.extra, 'speech');
  const input = {
    model: draft.model.trim(),
    text: draft.text,
    voice: draft.voice.trim(),
    format: draft.format,
    speed: Number(draft.speed),
    extra: extra.ok ? extra.value : undefined,
  };
  const problems = {
    extra: extra.ok ? undefined : extraProblemText(extra.problem),
    text: draft.text.trim() ? undefined : t('media.required', { field: t('speech.text') }),
    model: draft.model.trim() ? undefined : t('media.required', { field: t('media.model') }),
    voice: draft.voice.trim() ? undefined : t('media.required', { field: t('speech.voice') }),
    speed: numberProblem(draft.speed, 0.25, 4)
      ? t('media.range', { field: t('speech.speed'), min: 0.25, max: 4 })
      : undefined,
  };
  const show = (k: keyof typeof problems) => (touched ? problems[k] : undefined);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean) || create.isPending) return;
    create.mutate(input, {
      onSuccess: (clip) => {
        setSelectedId(clip.id);
        setAutoPlay(false);
      },
    });
  };
  const errorFor = (k: keyof typeof problems, id: string) =>
    show(k) ? (
      <span id={`${id}-err`} className="field-error">
        {show(k)}
      </span>
    ) : null;

  return (
    <div className="media-columns">
      <form className="card media-form" onSubmit={submit} aria-label={t('media.section.speech')} noValidate>
        <div className="field">
          <label htmlFor="tts-text">{t('speech.text')}</label>
          <textarea
            id="tts-text"
            rows={5}
            value={draft.text}
            placeholder={t('speech.textPlaceholder')}
            aria-invalid={show('text') !== undefined}
            aria-describedby={show('text') ? 'tts-text-err' : undefined}
            onChange={(e) => setSpeech({ text: e.target.value })}
          />
          {errorFor('text', 'tts-text')}
        </div>
        <ModelField
          id="tts-model"
          kind="speech"
          value={draft.model}
          onChange={setModel}
          example="sandbox-tts-1"
          error={show('model')}
        />
        <div className="row media-inline">
          <div className="field">
            <label htmlFor="tts-voice">{t('speech.voice')}</label>
            <input
              id="tts-voice"
              list="tts-voices"
              value={draft.voice}
              aria-invalid={show('voice') !== undefined}
              aria-describedby={show('voice') ? 'tts-voice-hint tts-voice-err' : 'tts-voice-hint'}
              onChange={(e) => setSpeech({ voice: e.target.value })}
            />
            <datalist id="tts-voices">
              {VOICES.map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
            {errorFor('voice', 'tts-voice')}
          </div>
          <SelectField
            id="tts-format"
            label={t('speech.format')}
            value={draft.format}
            options={FORMATS}
            describedBy="tts-format-hint"
            onChange={(format) => setSpeech({ format })}
          />
          <div className="field">
            <label htmlFor="tts-speed">{t('speech.speed')}</label>
            <input
              id="tts-speed"
              type="number"
              min={0.25}
              max={4}
              step={0.25}
              value={draft.speed}
              aria-invalid={show('speed') !== undefined}
              aria-describedby={show('speed') ? 'tts-speed-err' : undefined}
              onChange={(e) => setSpeech({ speed: e.target.value })}
            />
            {errorFor('speed', 'tts-speed')}
          </div>
        </div>
        {/* A suggestion list only shows names that match what is typed: the hint names them all.
            Under the row, so the narrow voice column keeps the height of its neighbours. */}
        <p id="tts-voice-hint" className="muted small-note">
          {t('speech.voiceHint', { voices: VOICES.join(', ') })}
        </p>
        <p id="tts-format-hint" className="muted small-note">
          {t('speech.formatHint')}
        </p>
        <ExtraFieldsEditor
          id="tts-extra"
          endpoint="speech"
          text={draft.extra}
          onChange={(text) => setSpeech({ extra: text })}
        />
        <RequestPreview codeKind="speech" body={speechRequestBody(input)} />
        <button type="submit" className="primary wide" disabled={create.isPending}>
          {create.isPending ? t('speech.creating') : t('speech.create')}
        </button>
        {create.error ? <ErrorNotice error={create.error.error} onDismiss={() => create.reset()} /> : null}
      </form>

      <div className="media-results">
        {create.isPending ? (
          <div role="status" className="card" aria-busy="true">
            {t('speech.creating')}
          </div>
        ) : null}
        {selected ? <Player clip={selected} autoPlay={autoPlay} /> : null}
        <HistoryHeader kind="speech" count={clips.length} />
        {history.error ? <ErrorNotice error={history.error.error} /> : null}
        {clips.length === 0 && !create.isPending ? (
          <p className="muted media-empty">{t('speech.empty')}</p>
        ) : null}
        <ul className="speech-history" aria-label={t('media.history')}>
          {clips.map((c) => (
            <li key={c.id} className={c.id === selected?.id ? 'speech-row active' : 'speech-row'}>
              <button
                type="button"
                className="small"
                aria-label={t('speech.playNamed', { text: c.text.slice(0, 60) })}
                onClick={() => {
                  setSelectedId(c.id);
                  setAutoPlay(true);
                }}
              >
                {t('speech.playButton')}
              </button>
              <span className="speech-row-text" title={c.text}>
                {c.text}
              </span>
              <span className="muted small-note">
                {t('speech.rowMeta', {
                  time: formatTime(c.createdAt),
                  voice: c.params.voice,
                  format: c.params.format,
                })}
              </span>
              <DeleteEntryButton id={c.id} name={c.text} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
