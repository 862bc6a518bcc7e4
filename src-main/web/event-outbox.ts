import type { BridgeEvent, BridgeMessage } from '../../src-shared/ipc/bridge-protocol';

/** What the outbox sends to: browser mode's open sockets. */
export interface OutboxSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(text: string): void;
}

const frameOf = (items: readonly { json: string }[]) =>
  `{"type":"events","items":[${items.map((i) => i.json).join(',')}]}`;

/**
 * Browser mode's events, one WebSocket frame per turn of main's loop (docs/architecture.md,
 * "Processes"): the events emitted in one turn (the request log's batch of calls above all) are
 * sent together as one `events` frame (the shape `BridgeMessage` names), made once for every
 * socket, on the next `setImmediate`. A result or stream frame sent by `send` first flushes what
 * is queued, so every socket still hears everything in the order it happened. A socket that asked
 * for some events only (`only`: the bench's, which reads a run's progress) is sent those alone.
 */
export function eventOutbox(
  sockets: () => Iterable<OutboxSocket>,
  later: (flush: () => void) => void = (flush) => void setImmediate(flush),
) {
  // Each event as JSON, made when it is emitted: a payload changed after its emit is not resent
  // changed, as with Electron's IPC, which copies it at once.
  let queued: { name: string; json: string }[] = [];
  const wanted = new WeakMap<OutboxSocket, ReadonlySet<string>>();
  const flush = () => {
    if (queued.length === 0) return;
    const items = queued;
    queued = [];
    let all: string | undefined;
    for (const ws of sockets()) {
      if (ws.readyState !== ws.OPEN) continue;
      const only = wanted.get(ws);
      if (!only) ws.send((all ??= frameOf(items)));
      else {
        const picked = items.filter((i) => only.has(i.name));
        if (picked.length > 0) ws.send(frameOf(picked));
      }
    }
  };
  return {
    /** Queues an event for every socket; the first of a turn asks for the flush. */
    emit(name: string, payload: unknown): void {
      if (queued.length === 0) later(flush);
      queued.push({ name, json: JSON.stringify({ name, payload } satisfies BridgeEvent) });
    },
    /** Sends one frame to one socket, after the events queued before it. */
    send(ws: OutboxSocket, msg: BridgeMessage): void {
      flush();
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    },
    /** From now on `ws` hears only the events named (from the next frame on). */
    only(ws: OutboxSocket, names: readonly string[]): void {
      flush();
      wanted.set(ws, new Set(names));
    },
    flush,
  };
}
