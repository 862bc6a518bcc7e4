import type { AppError, Result } from '../result';

/** Browser mode's wire format between the page and the Node process (types only). */
export type BridgeRequest =
  | { type: 'invoke'; id: number; route: string; input: unknown }
  /** Subscribes this socket to `streamId` and starts the stream; answered with a `result`. */
  | { type: 'subscribe'; id: number; stream: string; streamId: string; input: unknown }
  | { type: 'unsubscribe'; streamId: string }
  /**
   * From now on this socket hears only the app events named (a socket that watches a run's
   * progress alone, the bench's); by default a socket hears every event. Not answered.
   */
  | { type: 'events'; names: string[] };

/** One app event, as `emit` named it. */
export interface BridgeEvent {
  name: string;
  payload: unknown;
}

export type BridgeMessage =
  | { type: 'result'; id: number; result: Result<unknown> }
  /** The app events of one turn of main's loop, in the order they were emitted (one or more). */
  | { type: 'events'; items: BridgeEvent[] }
  /** One event of one stream, sent to the subscribing socket only; `last` ends the stream. */
  | { type: 'stream'; streamId: string; event: unknown; last: boolean }
  /** A frame the server could not read and that named no request id to answer. */
  | { type: 'rejected'; error: AppError };
