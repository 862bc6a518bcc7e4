import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { useEvent, useRoute } from '../../hooks/use-route';

const LIST_KEY = ['video.tasks.list', {}];

/**
 * The task list as a query, kept live by main's events: main polls every task (tab open or
 * not) and says when one changes, so the window never polls the gateway itself.
 */
export function useVideoTasks() {
  const qc = useQueryClient();
  const list = useRoute('video.tasks.list', {});
  useEvent(
    'video.updated',
    useCallback(
      (task: VideoTaskView) => {
        qc.setQueryData<VideoTaskView[]>(LIST_KEY, (old) => {
          if (!old) return old;
          const rest = old.filter((x) => x.id !== task.id);
          return [task, ...rest].sort((a, b) => b.createdAt - a.createdAt);
        });
        if (!qc.getQueryData(LIST_KEY)) void qc.invalidateQueries({ queryKey: LIST_KEY });
      },
      [qc],
    ),
  );
  useEvent(
    'video.removed',
    useCallback(
      ({ id }: { id: string }) =>
        qc.setQueryData<VideoTaskView[]>(LIST_KEY, (old) => old?.filter((x) => x.id !== id)),
      [qc],
    ),
  );
  return list;
}
