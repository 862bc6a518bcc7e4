import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { TaskItem } from './TaskItem';
import { useVideoTasks } from './use-video-tasks';
import { VideoFormPanel } from './VideoFormPanel';
import './video.css';

export function VideoTab() {
  return (
    <div className="video-layout">
      <div className="video-form-col">
        <VideoFormPanel />
      </div>
      <TaskList />
    </div>
  );
}

/**
 * The tasks, apart from the form: main's updates re-render this list (and only the cards that
 * changed), never the form beside it (docs/architecture.md, "The window").
 */
function TaskList() {
  const tasks = useVideoTasks();
  return (
    <section className="video-tasks" aria-label={t('video.tasks')}>
      <h2>{t('video.tasks')}</h2>
      {tasks.error ? <ErrorNotice error={asAppError(tasks.error)} /> : null}
      {tasks.isLoading ? <p className="muted">{t('common.loading')}</p> : null}
      {tasks.data && tasks.data.length === 0 ? (
        <div className="empty-state video-empty">
          <p className="muted">{t('video.noTasks')}</p>
        </div>
      ) : null}
      <ul className="video-task-list">
        {tasks.data?.map((task) => (
          <TaskItem key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}
