import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { call, type RouteError } from '../../bridge/api';
import { useEvent } from '../../hooks/use-route';
import { useBatchedEvent } from '../../hooks/use-batched-event';
import { atNextTick } from '../../app/shared-clock';
import { sameCard } from './card-fields';

/** The task list's query: the tab's list, each card and each card's time line read it. */
export const TASKS_KEY = ['video.tasks.list', {}];

const taskIds = (tasks: VideoTaskView[]) => tasks.map((task) => task.id);

/** The list query (the same as `useRoute('video.tasks.list', {})`), read through `select`. */
function useTasksQuery<T>(select: (tasks: VideoTaskView[]) => T, refetchOnMount = true) {
  return useQuery<VideoTaskView[], RouteError, T>({
    queryKey: TASKS_KEY,
    queryFn: () => call('video.tasks.list', {}),
    select,
    refetchOnMount,
  });
}

/**
 * The tasks' ids, newest first, kept live by main's events: main polls every task (tab open or
 * not) and says when one changes, so the window never polls the gateway itself. Only the ids:
 * a check that changed a task re-renders that task's card (useVideoTask), never the list, which
 * re-renders when a task comes or goes (docs/architecture.md, "Timers and events").
 */
export function useVideoTaskIds() {
  const qc = useQueryClient();
  const list = useTasksQuery(taskIds);
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

/**
 * One task from the list, for its card: a new object only when something the card shows changed
 * (`sameCard`), so a check that found the task as it was re-renders nothing, and one that changed
 * it re-renders its card alone. What main rewrites at every check (the next check's time) is read
 * from the list by the card's time line itself (TaskTime.tsx). A card reads what the list
 * fetched: its mount never fetches the list again.
 */
export function useVideoTask(id: string): VideoTaskView | undefined {
  const select = useMemo(() => {
    let shown: VideoTaskView | undefined;
    return (tasks: VideoTaskView[]) => {
      const task = tasks.find((x) => x.id === id);
      if (!task || !shown || !sameCard(shown, task)) shown = task;
      return shown;
    };
  }, [id]);
  return useTasksQuery(select, false).data;
}
