import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { useEvent, useRoute } from '../../hooks/use-route';
import { useBatchedEvent } from '../../hooks/use-batched-event';
import { atNextTick } from '../../app/shared-clock';

/** The task list's query: the tab's list and each card's time line read it. */
export const TASKS_KEY = ['video.tasks.list', {}];

/**
 * The task list as a query, kept live by main's events: main polls every task (tab open or
 * not) and says when one changes, so the window never polls the gateway itself.
 */
export function useVideoTasks() {
  const qc = useQueryClient();
  const list = useRoute('video.tasks.list', {});
  // Polls of many tasks come apart in time: their changes are shown with the clock's tick, so
  // twenty running tasks cost one frame a second, not one per poll besides.
  useBatchedEvent(
    'video.updated',
    (tasks) => {
      qc.setQueryData<VideoTaskView[]>(TASKS_KEY, (old) => {
        if (!old) return old;
        const latest = new Map(tasks.map((task) => [task.id, task]));
        const rest = old.filter((x) => !latest.has(x.id));
        return [...latest.values(), ...rest].sort((a, b) => b.createdAt - a.createdAt);
      });
      if (!qc.getQueryData(TASKS_KEY)) void qc.invalidateQueries({ queryKey: TASKS_KEY });
    },
    atNextTick,
  );
  useEvent(
    'video.removed',
    useCallback(
      ({ id }: { id: string }) =>
        qc.setQueryData<VideoTaskView[]>(TASKS_KEY, (old) => old?.filter((x) => x.id !== id)),
      [qc],
    ),
  );
  return list;
}
