import { useState, useSyncExternalStore } from 'react';

/**
 * One one-second clock for every elapsed time on screen (video tasks, waits): a single timer,
 * running only while something shows a time, and only the small components that read it
 * re-render each second, not the cards around them.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      const due = onTick.splice(0);
      for (const fn of due) fn();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const onTick: (() => void)[] = [];

/**
 * Runs `fn` with the clock's next tick, in the same task, so what it changes is drawn in the
 * same frame as the times (one frame a second, not one per update); in the next animation frame
 * when the clock is not running.
 */
export function atNextTick(fn: () => void): void {
  if (timer) onTick.push(fn);
  else requestAnimationFrame(fn);
}

const noop = () => () => undefined;

/** The clock's time; brought up to date when no timer has run for a second (nobody was reading). */
function read(): number {
  if (!timer && Date.now() - now >= 1000) now = Date.now();
  return now;
}

/** The time now, to the second; `live` false reads it once and does not tick. */
export function useSharedClock(live = true): number {
  const [fixed] = useState(() => Date.now());
  return useSyncExternalStore(live ? subscribe : noop, live ? read : () => fixed);
}

/**
 * Calls `listener` with the clock's time at each tick until the returned function is called. For
 * a text that changes each second and nothing else (a video task's time line): it writes its text
 * node itself, so a tick re-renders no component at all (docs/architecture.md, "Timers and events").
 */
export function onClockTick(listener: (now: number) => void): () => void {
  return subscribe(() => listener(now));
}

/** The clock's time, as its readers see it now (the same second for all of them). */
export function clockNow(): number {
  return read();
}

/** For tests: how many timers the clock runs (0 or 1), and how many readers it has. */
export function sharedClockState(): { timers: number; listeners: number } {
  return { timers: timer ? 1 : 0, listeners: listeners.size };
}
