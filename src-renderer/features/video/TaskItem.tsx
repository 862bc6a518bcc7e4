import { useState } from 'react';
import { hasVideoSource } from '../../../src-shared/video/video-status';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError, call } from '../../bridge/api';
import { useRouteMutation } from '../../hooks/use-route';
import { type MessageKey, t } from '../../i18n/i18n';
import { CancelTask, LinkLifetime, StoppedChecking, TaskFailure } from './TaskOutcome';
import { TaskPlayer } from './TaskPlayer';
import { TaskReplyNotes } from './TaskReplyNotes';
import { CheckNowButton, TaskTime } from './TaskTime';
import { useVideo } from './video-store';

function stateLabel(task: VideoTaskView): string {
  if (task.state === 'unknown') return t('video.state.unknown', { raw: task.rawStatus ?? '?' });
  return t(`video.state.${task.state}` as MessageKey);
}

/**
 * One task's card. Its task comes from `useVideoTask`, which gives a new object only when
 * something shown here changed: bookkeeping fields such as the next check's time may be stale
 * in it, and are read from the list where shown (TaskTime.tsx).
 */
export function TaskItem({ task }: { task: VideoTaskView }) {
  const [confirming, setConfirming] = useState(false);
  const [savedTo, setSavedTo] = useState<string>();
  // A reply the app could not fully read is shown open, so what came back is in view.
  const [rawOpen, setRawOpen] = useState(!!task.missing);
  const remove = useRouteMutation('video.tasks.remove', ['video.tasks.list']);
  const saveAs = useRouteMutation('video.tasks.saveAs');
  const download = useRouteMutation('video.tasks.download');
  const checkNow = useRouteMutation('video.tasks.checkNow');
  const rerun = useVideo((s) => s.rerun);
  const [askRerun, setAskRerun] = useState(false);
  const [rerunError, setRerunError] = useState<string>();
  const shortId = task.taskId.length > 24 ? `${task.taskId.slice(0, 22)}…` : task.taskId;
  const f = task.form;
  const error = remove.error ?? saveAs.error ?? download.error ?? checkNow.error;
  const downloading = task.downloading || download.isPending;
  const checking = !task.terminal && !task.stoppedCheckingAt;
  // An address the gateway gave, or the path OpenAI's videos API serves it at.
  const fetchable = hasVideoSource(task);

  /** The list carries placeholders for picked images: the full form comes from main. */
  const doRerun = async () => {
    setAskRerun(false);
    setRerunError(undefined);
    try {
      rerun(task.id, await call('video.tasks.form', { id: task.id }));
    } catch (err) {
      setRerunError(t('video.rerunFailed', { message: asAppError(err).message }));
    }
  };
  const startRerun = () => {
    const draft = useVideo.getState().form;
    // Never drop the user's work unasked: a draft with a prompt or images needs a yes first.
    if (draft.prompt.trim() || draft.images.length > 0) setAskRerun(true);
    else void doRerun();
  };

  return (
    <li
      className={`video-task card state-${task.state}`}
      aria-label={t('video.taskLabel', { id: task.taskId })}
    >
      <div className="video-task-head">
        <span className={`badge video-state video-state-${task.state}`}>{stateLabel(task)}</span>
        <TaskTime task={task} />
        <span className="video-task-id muted small-note" title={task.taskId}>
          {shortId}
        </span>
      </div>
      <p className="video-task-prompt">{f.prompt}</p>
      <p className="muted small-note">
        {t('video.settingsLine', {
          model: f.model,
          ratio: f.ratio,
          duration: f.duration,
          resolution: f.resolution,
          audio: f.generateAudio ? t('video.on') : t('video.off'),
        })}
        {f.images.length ? `${t('video.separator')}${t('video.imageCount', { n: f.images.length })}` : ''}
      </p>

      {checking && task.progress !== undefined ? (
        <div className="video-progress row">
          <progress
            max={100}
            value={task.progress}
            aria-label={t('video.progress', { id: shortId })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={task.progress}
          />
          <span className="small-note">{t('video.percent', { n: task.progress })}</span>
        </div>
      ) : null}
      {checking && task.progress === undefined ? (
        // Not the native indeterminate <progress>, which Chromium repaints on the main thread
        // about 20 times a second: this bar stands still (video.css).
        <div
          className="video-progress video-progress-unknown"
          role="progressbar"
          aria-label={t('video.progress', { id: shortId })}
        />
      ) : null}
      {task.pollError && !task.terminal ? (
        <p className="muted small-note">{t('video.pollError', { message: task.pollError })}</p>
      ) : null}
      <TaskFailure task={task} />
      <TaskReplyNotes task={task} />
      <StoppedChecking task={task} />
      {task.state === 'expired' ? <p className="field-error">{t('video.expired')}</p> : null}

      <TaskPlayer task={task} label={t('video.player', { id: shortId })} />
      {task.state === 'succeeded' && !task.videoUrl ? (
        !fetchable ? (
          // The notes above say which places were read.
          task.missing ? null : (
            <p className="field-error">{t('video.noAddress')}</p>
          )
        ) : downloading ? (
          <p role="status" className="muted small-note">
            {t('video.downloading')}
          </p>
        ) : task.downloadError ? (
          <>
            <p className="field-error">{t('video.downloadFailed', { message: task.downloadError })}</p>
            {/* A signed link's lifetime; a content path is not a link that expires that way. */}
            {task.remoteUrl ? <LinkLifetime task={task} /> : null}
          </>
        ) : (
          <p className="field-error">{t('video.notDownloaded')}</p>
        )
      ) : null}

      {error ? (
        <ErrorNotice
          error={asAppError(error)}
          onDismiss={() => [remove, saveAs, download, checkNow].forEach((m) => m.reset())}
        />
      ) : null}
      {savedTo ? (
        <p role="status" className="ok-text small-note">
          {t('video.savedTo', { path: savedTo })}
        </p>
      ) : null}

      {rerunError ? <p className="field-error">{rerunError}</p> : null}
      {askRerun ? (
        <div className="row video-confirm" role="group" aria-label={t('video.rerunAsk')}>
          <span>{t('video.rerunAsk')}</span>
          <button type="button" className="primary small" autoFocus onClick={() => void doRerun()}>
            {t('video.rerunReplace')}
          </button>
          <button type="button" className="ghost small" onClick={() => setAskRerun(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      <CancelTask task={task} />
      {confirming ? (
        <div className="row video-confirm" role="group" aria-label={t('video.removeTask', { id: shortId })}>
          <span>{t('video.removeConfirm')}</span>
          <button
            type="button"
            className="danger small"
            autoFocus
            onClick={() => remove.mutate({ id: task.id })}
          >
            {t('video.remove')}
          </button>
          <button type="button" className="ghost small" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <div className="row video-actions">
          {task.videoUrl ? (
            <button
              type="button"
              className="small"
              onClick={() =>
                saveAs.mutate({ id: task.id }, { onSuccess: (r) => setSavedTo(r.path ?? undefined) })
              }
            >
              {t('video.saveAs')}
            </button>
          ) : null}
          {task.state === 'succeeded' && !task.videoUrl && fetchable && !downloading ? (
            <button type="button" className="small" onClick={() => download.mutate({ id: task.id })}>
              {t('video.retryDownload')}
            </button>
          ) : null}
          {checking ? <CheckNowButton id={task.id} onClick={() => checkNow.mutate({ id: task.id })} /> : null}
          <button type="button" className="small" onClick={startRerun}>
            {t('video.rerun')}
          </button>
          <button
            type="button"
            className="small danger"
            aria-label={t('video.removeTask', { id: shortId })}
            onClick={() => setConfirming(true)}
          >
            {t('video.remove')}
          </button>
        </div>
      )}

      {task.lastBody ? (
        <details className="video-raw" open={rawOpen} onToggle={(e) => setRawOpen(e.currentTarget.open)}>
          <summary>{t('video.rawBody')}</summary>
          {/* Rendered only on demand: bodies can be long, and closed text should not be searchable. */}
          {rawOpen ? <pre>{pretty(task.lastBody)}</pre> : null}
        </details>
      ) : null}
    </li>
  );
}

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}
