import { AppFailure } from '../../src-shared/result';
import type { StreamSink } from '../core/streams/stream-sink';

/** One receiver of stream events: an Electron frame, or a browser-mode socket. */
export interface Subscriber {
  /** Delivers one event of one stream to this subscriber only. */
  send(streamId: string, event: unknown, last: boolean): void;
}

interface OpenStream {
  subscriber: Subscriber;
  controller: AbortController;
}

/**
 * Which subscriber owns which stream id. Events go only to the owner; when the owner
 * unsubscribes or goes away the work is aborted, because nobody would read what it produces.
 */
export class StreamHub {
  private readonly open = new Map<string, OpenStream>();

  get size(): number {
    return this.open.size;
  }

  /** Claims `streamId` for `subscriber`; an id already in use is refused, never shared. */
  subscribe(subscriber: Subscriber, streamId: string): StreamSink<unknown> {
    if (this.open.has(streamId)) {
      throw new AppFailure({ code: 'invalid_input', message: `streamId: ${streamId} is already in use.` });
    }
    const entry: OpenStream = { subscriber, controller: new AbortController() };
    this.open.set(streamId, entry);
    // An entry that was released (or replaced by a later stream with the same id) sends nothing.
    const current = () => this.open.get(streamId) === entry;
    return {
      signal: entry.controller.signal,
      emit: (event) => {
        if (current()) subscriber.send(streamId, event, false);
      },
      end: (last) => {
        if (!current()) return;
        this.open.delete(streamId);
        subscriber.send(streamId, last ?? null, true);
      },
    };
  }

  /** Forgets a stream without sending anything, e.g. when its start was refused. */
  release(streamId: string): void {
    this.open.get(streamId)?.controller.abort();
    this.open.delete(streamId);
  }

  /** Only the owner may unsubscribe; doing so aborts the work. */
  unsubscribe(subscriber: Subscriber, streamId: string): boolean {
    const entry = this.open.get(streamId);
    if (!entry || entry.subscriber !== subscriber) return false;
    this.open.delete(streamId);
    entry.controller.abort();
    return true;
  }

  /** The subscriber went away (window reloaded or closed, socket closed): abort all it owned. */
  drop(subscriber: Subscriber): number {
    let dropped = 0;
    for (const [id, entry] of this.open) {
      if (entry.subscriber !== subscriber) continue;
      this.open.delete(id);
      entry.controller.abort();
      dropped++;
    }
    return dropped;
  }

  /** On quit: abort every stream. */
  closeAll(): void {
    for (const entry of this.open.values()) entry.controller.abort();
    this.open.clear();
  }
}
