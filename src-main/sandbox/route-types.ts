import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Rng } from './seed';
import type { SandboxState } from './state';

export type SandboxFault = 'slow-first-byte' | 'cut-stream' | 'error-event' | 'http-500' | 'malformed-json';

export const SANDBOX_FAULTS: readonly SandboxFault[] = [
  'slow-first-byte',
  'cut-stream',
  'error-event',
  'http-500',
  'malformed-json',
];

/** Server settings a route may need (pace of streams, limits), after defaults are applied. */
export interface SandboxSettings {
  tokenDelayMs: number;
  /** Keep `tokenDelayMs` between tokens however long the reply (else it is squeezed into ~2.5 s). */
  exactPace: boolean;
  rateLimit: number | undefined;
  /** How long each video task stays in each state before moving on. */
  videoPaceMs: number;
  /** How long each judge request takes before it answers (0 = at once). */
  judgeLatencyMs: number;
  /** How long a whole chat reply takes, streamed or not (chat-latency.ts); undefined = the token pace. */
  chatLatencyMs: number | undefined;
  /** When set, only these keys are accepted (others get 401, like a revoked key). */
  acceptedKeys: string[] | undefined;
}

export interface SandboxContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** URL path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  query: URLSearchParams;
  /** Named groups of a RegExp route path (e.g. `(?<id>[^/]+)`). */
  params: Record<string, string>;
  /** Parsed JSON body (POST only; already checked to be a JSON object). */
  body: unknown;
  /** The `sk-...` key from the Authorization header. */
  apiKey: string;
  /**
   * Fault in force for this request (header `x-sandbox-fault` or server option). The core already
   * handles slow-first-byte, http-500 and malformed-json before the route runs, and `sendJson` handles
   * cut-stream for plain responses; streaming routes handle cut-stream and error-event themselves.
   */
  fault: SandboxFault | undefined;
  state: SandboxState;
  settings: SandboxSettings;
  /** Aborted when the client goes away: stop work and clear timers. */
  signal: AbortSignal;
  sendJson(status: number, body: unknown, headers?: Record<string, string>): void;
  sendError(status: number, message: string, type: string, code: string, param?: string | null): void;
  /** Deterministic random source; with no arguments it is seeded by method, path and body. */
  seed(...parts: unknown[]): Rng;
}

export interface SandboxRoute {
  method: 'GET' | 'POST';
  /** Exact path (including `/v1`) or a RegExp tested against the whole path; named groups become params. */
  path: string | RegExp;
  /** No key needed (stand-ins for signed, expiring file URLs); rate limit and faults still apply. */
  public?: boolean;
  handle(ctx: SandboxContext): Promise<void> | void;
}
