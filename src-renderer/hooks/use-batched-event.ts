import { useEffect, useRef } from 'react';
import type { EventMap, EventName } from '../../src-shared/ipc/contract';
import { onEvent } from '../bridge/api';

/**
 * Like useEvent, but the payloads of one animation frame arrive together: a burst of events (a
 * call's three log events, a poll round over twenty video tasks) costs one update and one render
 * instead of one each. `apply` gets them in the order they came. `schedule` says when a batch
 * is applied: the next animation frame unless told otherwise.
 */
export function useBatchedEvent<K extends EventName>(
  event: K,
  apply: (payloads: EventMap[K][]) => void,
  schedule: (flush: () => void) => void = requestAnimationFrame,
): void {
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    let queued: EventMap[K][] = [];
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      const batch = queued;
      queued = [];
      if (batch.length > 0) latest.current(batch);
    };
    const off = onEvent(event, (payload) => {
      queued.push(payload);
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    });
    return () => {
      off();
      // What arrived in the last frame is not lost to an unmount (a tab switched away mid-burst);
      // the flush still scheduled then finds nothing.
      flush();
    };
  }, [event, schedule]);
}
