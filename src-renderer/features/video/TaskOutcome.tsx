import { useSharedClock } from '../../app/shared-clock';
import { useState } from 'react';
import { isSafetyCode, resultUrlValidUntil, safetySide } from '../../../src-shared/video/video-status';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { asAppError } from '../../bridge/api';
import { useRouteMutation } from '../../hooks/use-route';
import { formatDateTime, t } from '../../i18n/i18n';

/** Why a task failed or was cancelled: the gateway's words, the raw code, and what a safety code means. */
export function TaskFailure({ task }: { task: VideoTaskView }) {
  if (task.state !== 'failed' && task.state !== 'cancelled') return null;
  if (!task.error && !task.errorCode)
    return task.state === 'cancelled' ? <p className="muted small-note">{t('video.cancelledNote')}</p> : null;
  const safety = isSafetyCode(task.errorCode);
  return (
    <div className="video-failure" role="group" aria-label={t(`video.state.${task.state}`)}>
      {safety ? (
        <p className="field-error video-safety">{t(`video.safety.${safetySide(task.errorCode!)}`)}</p>
      ) : null}
      {task.error ? <p className="field-error">{task.error}</p> : null}
      {task.errorCode ? (
        <p className="muted small-note">
          <code className="video-error-code">{t('video.errorCode', { code: task.errorCode })}</code>
        </p>
      ) : null}
    </div>
  );
}

/** After a failed download: until when the gateway's result link is likely still valid. */
export function LinkLifetime({ task }: { task: VideoTaskView }) {
  // Read once: a page left open past the expiry is corrected by the next poll's re-render.
  const now = useSharedClock(false);
  const until = resultUrlValidUntil(task);
  if (until === undefined) return null;
  return (
    <p className="muted small-note">
      {until > now
        ? t('video.linkValidUntil', { time: formatDateTime(until) })
        : t('video.linkExpiredSince', { time: formatDateTime(until) })}
    </p>
  );
}

/** Polling gave up after the total wait: says so, and offers to check again. */
export function StoppedChecking({ task }: { task: VideoTaskView }) {
  const resume = useRouteMutation('video.tasks.resume');
  if (!task.stoppedCheckingAt || task.terminal) return null;
  const hours = Math.round((task.stoppedCheckingAt - (task.waitFrom ?? task.createdAt)) / 3_600_000);
  return (
    <div className="video-stopped" role="status">
      <p className="small-note">{t('video.stopped', { hours })}</p>
      <button
        type="button"
        className="small"
        disabled={resume.isPending}
        onClick={() => resume.mutate({ id: task.id })}
      >
        {t('video.resume')}
      </button>
      {resume.error ? <p className="field-error">{asAppError(resume.error).message}</p> : null}
    </div>
  );
}

/**
 * Cancel for a queued task, asked first. The spec does not show cancelling, so the gateway's
 * answer (a refusal included) is shown as it came.
 */
export function CancelTask({ task }: { task: VideoTaskView }) {
  const [asking, setAsking] = useState(false);
  const cancel = useRouteMutation('video.tasks.cancel');
  if (task.state !== 'queued' && !cancel.error) return null;
  const refusal = cancel.error ? asAppError(cancel.error) : undefined;
  const words = refusal?.details?.gatewayMessage;
  return (
    <div className="video-cancel">
      {refusal ? (
        <p className="field-error" role="alert">
          {t('video.cancelRefused', {
            message: typeof words === 'string' && words ? words : refusal.message,
          })}
        </p>
      ) : null}
      {task.state !== 'queued' ? null : asking ? (
        <div className="row video-confirm" role="group" aria-label={t('video.cancel')}>
          <span>{t('video.cancelAsk')}</span>
          <button
            type="button"
            className="danger small"
            autoFocus
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ id: task.id }, { onSettled: () => setAsking(false) })}
          >
            {t('video.cancelYes')}
          </button>
          <button type="button" className="ghost small" onClick={() => setAsking(false)}>
            {t('video.cancelKeep')}
          </button>
        </div>
      ) : (
        <button type="button" className="small" onClick={() => setAsking(true)}>
          {t('video.cancel')}
        </button>
      )}
    </div>
  );
}
