import type { z } from 'zod';
import type { Result } from '../result';

/** A route: a zod schema for what the window may send, and the type main answers with. */
export interface RouteDef<I extends z.ZodType, O> {
  input: I;
  /** Type-level only; never read at run time. */
  output?: O;
}

/** `route<Output>()(inputSchema)`: the output type is stated, the input type is inferred. */
export const route =
  <O>() =>
  <I extends z.ZodType>(input: I): RouteDef<I, O> => ({ input });

export type AnyRoutes = Record<string, RouteDef<z.ZodType, unknown>>;

export type InputOf<R> = R extends RouteDef<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<R> = R extends RouteDef<infer I, unknown> ? z.output<I> : never;
export type OutputOf<R> = R extends RouteDef<z.ZodType, infer O> ? O : never;

/** What the window sees: one typed invoke per route, each resolving to a Result. */
export type Invoke<T extends AnyRoutes> = <K extends keyof T & string>(
  route: K,
  input: InputOf<T[K]>,
) => Promise<Result<OutputOf<T[K]>>>;
