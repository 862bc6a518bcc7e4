/**
 * Passes on changes of keyed items at most once per `windowMs` per item, the latest state only:
 * a call's log entry changes three times (sent, answered, ended) within milliseconds for a fast
 * call, and the window needs to hear only how it ended. The first change of a quiet item goes
 * out after the window too, never later; what is pending goes out at once on `flush()`.
 */
export function latestPerKey<T>(
  key: (item: T) => number | string,
  send: (item: T) => void,
  windowMs: number,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
) {
  const pending = new Map<number | string, T>();
  let timer: unknown;
  const flush = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    const due = [...pending.values()];
    pending.clear();
    for (const item of due) send(item);
  };
  return {
    push(item: T) {
      pending.set(key(item), item);
      timer ??= timers.set(flush, windowMs);
    },
    flush,
  };
}
