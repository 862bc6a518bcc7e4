import type { AnyRoutes, OutputOf, ParsedInputOf } from '../../src-shared/ipc/define-route';

/** Who sent a call, as the edge (Electron IPC or browser mode's socket) reports it. */
export interface SenderInfo {
  /** URL of the frame that sent the call. */
  url: string;
  isMainFrame: boolean;
}

/**
 * What every handler gets beside its input: the caller, and a signal aborted when the caller's
 * page goes away (reload, closed window, closed socket) or the app shuts down.
 */
export interface CallContext {
  sender: SenderInfo;
  signal: AbortSignal;
}

/** One handler per route, typed from the contract; a missing or mistyped handler does not compile. */
export type Handlers<T extends AnyRoutes> = {
  [K in keyof T]: (input: ParsedInputOf<T[K]>, ctx: CallContext) => Promise<OutputOf<T[K]>> | OutputOf<T[K]>;
};
