import type { Subscriber } from './stream-hub';

export interface Delivered {
  streamId: string;
  event: unknown;
  last: boolean;
}

/** A subscriber that keeps what it was sent, standing in for a frame or a socket. */
export function recordingSubscriber() {
  const delivered: Delivered[] = [];
  const subscriber: Subscriber = {
    send: (streamId, event, last) => delivered.push({ streamId, event, last }),
  };
  const of = (streamId: string) => delivered.filter((d) => d.streamId === streamId);
  return {
    subscriber,
    delivered,
    /** The events of one stream, in order. */
    events: (streamId: string) => of(streamId).map((d) => d.event),
    /** Resolves with the stream's last event once it has ended. */
    async ended<E = unknown>(streamId: string, timeoutMs = 10_000): Promise<E> {
      const started = Date.now();
      for (;;) {
        const last = of(streamId).find((d) => d.last);
        if (last) return last.event as E;
        if (Date.now() - started > timeoutMs) throw new Error(`stream ${streamId} did not end`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
