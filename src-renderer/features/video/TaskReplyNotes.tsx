import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { t } from '../../i18n/i18n';

/**
 * What the last reply said beyond the status, or could not say: the place in a queue (fal), a
 * field the app needs that no known place held (docs/architecture.md, "Video tasks"), and, until
 * the video is here, where a finished OpenAI-style video is read from (with the profile's key).
 */
export function TaskReplyNotes({ task }: { task: VideoTaskView }) {
  return (
    <>
      {task.queuePosition !== undefined && !task.terminal ? (
        <p className="muted small-note">{t('video.queuePosition', { n: task.queuePosition })}</p>
      ) : null}
      {task.missing ? (
        <p className="field-error">
          {t(task.missing.field === 'status' ? 'video.missing.status' : 'video.missing.videoUrl', {
            fields: task.missing.lookedFor.join(', '),
          })}
        </p>
      ) : null}
      {task.contentPath && !task.remoteUrl && !task.videoUrl ? (
        <p className="muted small-note">{t('video.contentPath', { path: task.contentPath })}</p>
      ) : null}
    </>
  );
}
