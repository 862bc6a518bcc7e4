import { ErrorNotice } from '../../app/ErrorNotice';
import { asAppError } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { TaskItem } from './TaskItem';
import { useVideoTask, useVideoTaskIds } from './use-video-tasks';

/**
 * The tasks, apart from the form: main's updates re-render only the cards of the tasks that
 * changed, this list only when a task comes or goes, never the form beside it
 * (docs/architecture.md, "Timers and events").
 */
export function TaskList() {
  const tasks = useVideoTaskIds();
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
        {tasks.data?.map((id) => (
          <TaskCard key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}

/** A card kept up to date by itself: a check of its task re-renders it and nothing around it. */
function TaskCard({ id }: { id: string }) {
  const task = useVideoTask(id);
  return task ? <TaskItem task={task} /> : null;
}
