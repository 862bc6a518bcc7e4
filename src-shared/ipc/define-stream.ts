import { z } from 'zod';
import type { AppError, Result } from '../result';
import type { InputOf, OutputOf } from './define-route';

/**
 * A stream route: what the window sends to start it, what main answers once the work runs, and
 * the events that follow. Its events reach only the frame that subscribed.
 */
export interface StreamDef<I extends z.ZodType, O, E> {
  input: I;
  /** Type-level only; never read at run time. */
  output?: O;
  /** Type-level only; never read at run time. */
  event?: E;
}

/** `streamRoute<Output, Event>()(inputSchema)`, like `route`, with the event type stated too. */
export const streamRoute =
  <O, E>() =>
  <I extends z.ZodType>(input: I): StreamDef<I, O, E> => ({ input });

export type AnyStreams = Record<string, StreamDef<z.ZodType, unknown, unknown>>;

export type StreamEventOf<S> = S extends StreamDef<z.ZodType, unknown, infer E> ? E : never;

/**
 * The window makes the id (a UUID in practice), so it can register its listener before main
 * sends anything; main only checks that it is plain and not in use.
 */
export const streamIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a plain id of 8 to 64 letters, digits or dashes');

/**
 * The last event of any stream whose transport went away before main ended it (browser mode's
 * server stopped): the window keeps what arrived and shows why the rest never will.
 */
export interface StreamLost {
  type: 'lost';
  error: AppError;
}

/**
 * What the window sees: registers `onEvent` under `streamId`, then asks main to subscribe this
 * frame and start. Resolves with main's answer; a refused start removes the listener again.
 */
export type Subscribe<T extends AnyStreams> = <K extends keyof T & string>(
  name: K,
  streamId: string,
  input: InputOf<T[K]>,
  onEvent: (event: StreamEventOf<T[K]> | StreamLost) => void,
) => Promise<Result<OutputOf<T[K]>>>;
