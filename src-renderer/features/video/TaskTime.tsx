import { useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, type PointerEvent, useEffect, useLayoutEffect, useRef } from 'react';
import type { VideoTaskView } from '../../../src-shared/video/video-task';
import { clockNow, onClockTick } from '../../app/shared-clock';
import { t } from '../../i18n/i18n';
import { TASKS_KEY } from './use-video-tasks';

/**
 * How often a running task's elapsed time moves on. Each change of a text on screen costs the
 * window a frame (style, layout, paint: a few milliseconds), whether one card changed or twenty,
 * so a per-second count alone cost the Video tab about 0.35 s of the window's main thread per
 * minute. The time lines move on together, when the shared clock passes a multiple of this, and
 * say the time exactly as of then (docs/architecture.md, "Timers and events").
 */
export const TIME_LINE_STEP_MS = 10_000;

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(s / 60);
  return m > 0 ? t('video.minSec', { m, s: String(s % 60).padStart(2, '0') }) : t('video.sec', { s });
}

/** How long the task took, or how long it had run at the clock's last step. */
export function timeLine(task: VideoTaskView, now: number): string {
  if (task.terminal && task.finishedAt)
    return t('video.took', { time: formatDuration(task.finishedAt - task.createdAt) });
  const step = Math.floor(now / TIME_LINE_STEP_MS) * TIME_LINE_STEP_MS;
  return t('video.elapsed', { time: formatDuration(step - task.createdAt) });
}

/** Writes the time line into `el`'s one text node, changed in place and only when its words change. */
function writeTime(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node instanceof Text) {
    if (node.data !== text) node.data = text;
  } else el.textContent = text;
}

/**
 * Runs `start` while `el` is on screen (or near it) and the function it returned when it leaves:
 * nobody sees a card scrolled away, so its time line need not move.
 */
function whileOnScreen(el: Element, start: () => () => void): () => void {
  let stop: (() => void) | undefined;
  if (typeof IntersectionObserver === 'undefined') {
    stop = start();
    return () => stop?.();
  }
  const io = new IntersectionObserver(
    (entries) => {
      const seen = entries.some((e) => e.isIntersecting);
      if (seen && !stop) stop = start();
      else if (!seen && stop) {
        stop();
        stop = undefined;
      }
    },
    { rootMargin: '100px' },
  );
  io.observe(el);
  return () => {
    io.disconnect();
    stop?.();
  };
}

/**
 * The task's time line: written into its text node, not rendered, when the shared clock passes a
 * step (TIME_LINE_STEP_MS), so the clock re-renders no component, and a card out of view is not
 * written at all.
 */
export function TaskTime({ task }: { task: VideoTaskView }) {
  const ref = useRef<HTMLSpanElement>(null);
  const live = !task.terminal || (task.state === 'succeeded' && !task.videoUrl);
  const write = useRef<(now: number) => void>(() => undefined);
  // What the card shows now, written before it is painted.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    write.current = (now) => writeTime(el, timeLine(task, now));
    write.current(clockNow());
  }, [task]);
  // Then at each step of the clock, while the task runs and its card is on screen.
  useEffect(() => {
    const el = ref.current;
    if (!el || !live) return;
    return whileOnScreen(el, () => {
      write.current(clockNow());
      // Each tick: the words change, and the page with them, only when a step has passed.
      return onClockTick((now) => write.current(now));
    });
  }, [live]);
  return <span className="video-task-time muted small-note" ref={ref} />;
}

/**
 * "Check now", whose tooltip says when main checks the task next. Main moves that time at every
 * check, so it is not shown on the card (a text that changes every few seconds would cost a frame
 * each time): it is read from the task list as the button is pointed at or focused.
 */
export function CheckNowButton({ id, onClick }: { id: string; onClick: () => void }) {
  const qc = useQueryClient();
  const describe = (e: PointerEvent<HTMLButtonElement> | FocusEvent<HTMLButtonElement>) => {
    const task = qc.getQueryData<VideoTaskView[]>(TASKS_KEY)?.find((x) => x.id === id);
    const wait = task?.nextCheckAt === undefined ? undefined : task.nextCheckAt - Date.now();
    e.currentTarget.title =
      wait === undefined
        ? ''
        : wait > 0
          ? t('video.nextCheck', { s: Math.ceil(wait / 1000) })
          : // Past due: main is checking it now (its answer is shown at the clock's next tick).
            t('video.checkingNow');
  };
  return (
    <button type="button" className="small" onPointerEnter={describe} onFocus={describe} onClick={onClick}>
      {t('video.checkNow')}
    </button>
  );
}
