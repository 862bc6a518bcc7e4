import { buildVideoRequest, defaultVideoForm } from '../../../src-shared/video/video-request';
import type { VideoTaskView } from '../../../src-shared/video/video-task';

export const taskForm = { ...defaultVideoForm(), model: 'bench-video', prompt: 'A slow sunrise' };

/** Task `n` as main lists it at `at`: running at 40 %, checked a second ago, next check in 4.5 s. */
export function runningTask(n: number, at: number): VideoTaskView {
  return {
    id: `v${n}`,
    taskId: `task-${n}`,
    profileId: 'p',
    form: taskForm,
    request: buildVideoRequest(taskForm),
    // Newest first: task-1, task-2, task-3.
    createdAt: at - 10_000 - n,
    updatedAt: at - 1_000,
    state: 'running',
    progress: 40,
    lastCheckedAt: at - 1_000,
    nextCheckAt: at + 4_500,
    pollAttempt: 2,
    downloading: false,
    terminal: false,
  };
}

/** What main sends after a check at `at` that found the task as it was: only its bookkeeping moved. */
export const checkedAgain = (task: VideoTaskView, at: number): VideoTaskView => ({
  ...task,
  updatedAt: at,
  lastCheckedAt: at,
  nextCheckAt: at + 20_000,
  pollAttempt: (task.pollAttempt ?? 0) + 1,
});
