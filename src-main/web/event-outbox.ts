import type { BridgeEvent, BridgeMessage } from '../../src-shared/ipc/bridge-protocol';

/** What the outbox sends to: browser mode's open sockets. */
export interface OutboxSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(text: string): void;
}

/**
 * Browser mode's events, one WebSocket frame per turn of main's loop (docs/architecture.md,
 * "Processes"): the events emitted in one turn (the request log's batch of calls above all) are
 * sent together as one `events` frame (the shape `BridgeMessage` names), made once for every
 * socket, on the next `setImmediate`. A result or stream frame sent by `send` first flushes what is queued, so every
 * socket still hears everything in the order it happened.
 */
export function eventOutbox(
  sockets: () => Iterable<OutboxSocket>,
  later: (flush: () => void) => void = (flush) => void setImmediate(flush),
) {
  // Each event as JSON, made when it is emitted: a payload changed after its emit is not resent
  // changed, as with Electron's IPC, which copies it at once.
  let queued: string[] = [];
  const flush = () => {
    if (queued.length === 0) return;
    const text = `{"type":"events","items":[${queued.join(',')}]}`;
    queued = [];
    for (const ws of sockets()) if (ws.readyState === ws.OPEN) ws.send(text);
  };
  return {
    /** Queues an event for every socket; the first of a turn asks for the flush. */
    emit(name: string, payload: unknown): void {
      if (queued.length === 0) later(flush);
      queued.push(JSON.stringify({ name, payload } satisfies BridgeEvent));
    },
    /** Sends one frame to one socket, after the events queued before it. */
    send(ws: OutboxSocket, msg: BridgeMessage): void {
      flush();
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    },
    flush,
  };
}
