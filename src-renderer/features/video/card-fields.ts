import type { VideoTaskView } from '../../../src-shared/video/video-task';

/**
 * What main rewrites at every check of a running task, changed or not: when it checked, when it
 * will check next, how many times. A card shows none of it but the next check's time, which its
 * time line reads from the task list itself (TaskTime.tsx), so a check that found nothing new
 * re-renders no card (useVideoTask; docs/architecture.md, "Timers and events").
 */
const CHECK_BOOKKEEPING = new Set<string>([
  'updatedAt',
  'lastCheckedAt',
  'nextCheckAt',
  'pollAttempt',
  'seenAt',
]);

/**
 * Whether a card shows the same for both versions of a task. Fields are compared by identity:
 * the task list's structural sharing keeps an unchanged `form` or `request` the same object.
 */
export function sameCard(a: VideoTaskView, b: VideoTaskView): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (CHECK_BOOKKEEPING.has(key)) continue;
    if (a[key as keyof VideoTaskView] !== b[key as keyof VideoTaskView]) return false;
  }
  return true;
}
