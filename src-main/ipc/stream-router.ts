import { fail, ok, type Result } from '../../src-shared/result';
import type { OutputOf, ParsedInputOf } from '../../src-shared/ipc/define-route';
import type { CallContext } from './handler-types';
import { type AnyStreams, type StreamEventOf, streamIdSchema } from '../../src-shared/ipc/define-stream';
import type { StreamSink } from '../core/streams/stream-sink';
import {
  callContext,
  checkInput,
  refuseCall,
  type SenderInfo,
  type SenderPolicy,
  toAppError,
  zodIssues,
} from './router';
import type { StreamHub, Subscriber } from './stream-hub';

/** One handler per stream route; it starts the work and resolves with the route's output. */
export type StreamHandlers<T extends AnyStreams> = {
  [K in keyof T]: (
    input: ParsedInputOf<T[K]>,
    sink: StreamSink<StreamEventOf<T[K]>>,
    ctx: CallContext,
  ) => Promise<OutputOf<T[K]>> | OutputOf<T[K]>;
};

/**
 * The stream half of the router: checks the sender, the stream id and the input, claims the id
 * for the subscriber in the hub, then runs the handler. Like the router it always resolves to a
 * Result, and a refused start leaves the id free again.
 */
export function createStreamRouter<T extends AnyStreams>(
  streams: T,
  handlers: StreamHandlers<T>,
  senderPolicy: SenderPolicy,
  hub: StreamHub,
  lifetime?: AbortSignal,
) {
  async function subscribe(
    name: string,
    streamId: unknown,
    rawInput: unknown,
    sender: SenderInfo,
    subscriber: Subscriber,
  ): Promise<Result<unknown>> {
    const refused = refuseCall(senderPolicy, sender, streams, name, 'stream');
    if (refused) return refused;
    const id = streamIdSchema.safeParse(streamId);
    if (!id.success) return fail(zodIssues(id.error));
    const parsed = checkInput(streams[name].input, rawInput);
    if (!parsed.ok) return parsed;
    try {
      const sink = hub.subscribe(subscriber, id.data);
      try {
        const handler = handlers[name] as (input: unknown, s: typeof sink, ctx: CallContext) => unknown;
        const data = await handler(parsed.data, sink, callContext(sender, lifetime));
        return ok(data === undefined ? null : data);
      } catch (err) {
        hub.release(id.data);
        throw err;
      }
    } catch (err) {
      return fail(toAppError(err));
    }
  }

  return {
    subscribe,
    unsubscribe: (subscriber: Subscriber, streamId: unknown) =>
      typeof streamId === 'string' && hub.unsubscribe(subscriber, streamId),
    /** The subscriber is gone; its streams are aborted. */
    drop: (subscriber: Subscriber) => hub.drop(subscriber),
  };
}
export type StreamRouter = ReturnType<typeof createStreamRouter>;
