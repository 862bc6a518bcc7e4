import { z } from 'zod';
import { originOf } from '../core/app-protocol/app-origin';
import { GatewayError } from '../core/gateway/gateway-error';
import { diskFullError, isDiskFull } from '../core/storage/disk-full';
import { type AppError, AppFailure, fail, ok, type Result } from '../../src-shared/result';
import type { AnyRoutes } from '../../src-shared/ipc/define-route';
import type { CallContext, Handlers, SenderInfo } from './handler-types';

export type { SenderInfo };

export type SenderPolicy = (sender: SenderInfo) => boolean;

export function zodIssues(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.') || '(input)', message: i.message }));
  return {
    code: 'invalid_input',
    message: issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    details: { issues },
  };
}

/**
 * Validates a call's input. zod walks nested values by recursion, so an input nested thousands
 * of levels deep (a chat history whose versions hold versions...) overflows the stack inside
 * `safeParse` instead of failing it; that too must end as a Result, never as a rejected call.
 */
export function checkInput(schema: z.ZodType, rawInput: unknown): Result<unknown> {
  try {
    const parsed = schema.safeParse(rawInput ?? {});
    return parsed.success ? ok(parsed.data) : fail(zodIssues(parsed.error));
  } catch {
    const issue = { path: '(input)', message: 'is nested too deeply or too large to check' };
    return fail({
      code: 'invalid_input',
      message: `${issue.path}: ${issue.message}`,
      details: { issues: [issue] },
    });
  }
}

/** `dataDir`: the folder a full disk is reported for when the error names no path (SQLite's). */
export function toAppError(err: unknown, dataDir?: string): AppError {
  if (err instanceof AppFailure) return err.error;
  if (err instanceof GatewayError) return err.toAppError();
  if (err instanceof z.ZodError) return zodIssues(err);
  // A full disk wherever it happened (a write not wrapped by writingTo, a SQLite insert).
  if (isDiskFull(err)) {
    const path = (err as { path?: unknown }).path;
    return diskFullError(err, typeof path === 'string' ? undefined : dataDir);
  }
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}

/**
 * The checks every call and every stream start passes first: who is calling, and whether the
 * name is in its table. Returns the refusal, or undefined when the call may go on.
 */
export function refuseCall(
  policy: SenderPolicy,
  sender: SenderInfo,
  table: object,
  name: string,
  kind: 'route' | 'stream',
): Result<never> | undefined {
  if (!policy(sender)) {
    return fail({
      code: 'forbidden_sender',
      message: `Calls from ${sender.url || 'an unknown frame'} are not accepted.`,
    });
  }
  if (!Object.hasOwn(table, name))
    return fail({ code: 'unknown_route', message: `No ${kind} named ${name}.` });
  return undefined;
}

/**
 * A handler's context: the caller, and one signal that aborts when either the caller's page goes
 * away (`callerSignal`, from the edge) or the app shuts down (`lifetime`, from startApp).
 */
export function callContext(
  sender: SenderInfo,
  lifetime?: AbortSignal,
  callerSignal?: AbortSignal,
): CallContext {
  const signals = [lifetime, callerSignal].filter((s): s is AbortSignal => s !== undefined);
  const signal =
    signals.length === 0
      ? new AbortController().signal
      : signals.length === 1
        ? signals[0]
        : AbortSignal.any(signals);
  return { sender, signal };
}

/**
 * Checks who is calling, validates the input, runs the handler, and always resolves to a
 * Result: a thrown error never crosses IPC.
 */
export function createRouter<T extends AnyRoutes>(
  routes: T,
  handlers: Handlers<T>,
  senderPolicy: SenderPolicy,
  lifetime?: AbortSignal,
  /** The data folder, named in a `disk_full` error that comes without a path (toAppError). */
  dataDir?: string,
) {
  return async function dispatch(
    name: string,
    rawInput: unknown,
    sender: SenderInfo,
    callerSignal?: AbortSignal,
  ): Promise<Result<unknown>> {
    const refused = refuseCall(senderPolicy, sender, routes, name, 'route');
    if (refused) return refused;
    const parsed = checkInput(routes[name].input, rawInput);
    if (!parsed.ok) return parsed;
    try {
      const handler = handlers[name] as (input: unknown, ctx: CallContext) => unknown;
      const data = await handler(parsed.data, callContext(sender, lifetime, callerSignal));
      return ok(data === undefined ? null : data);
    } catch (err) {
      return fail(toAppError(err, dataDir));
    }
  };
}
export type Dispatch = ReturnType<typeof createRouter>;

/**
 * Only the app's own top frame may call: its origin must be one of `allowed` (the app scheme's
 * origin in the built app, the dev server's or browser mode's http origin otherwise). A URL
 * without an origin of its own (file:, data:, about:) never matches.
 */
export function originPolicy(allowed: string[]): SenderPolicy {
  return (sender) => {
    if (!sender.isMainFrame) return false;
    const origin = originOf(sender.url);
    return origin !== undefined && allowed.includes(origin);
  };
}
