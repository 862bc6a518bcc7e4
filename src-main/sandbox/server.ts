import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSandboxFault } from './faults';
import { handleRequest } from './handle-request';
import { RateLimiter } from './rate-limiter';
import type { SandboxFault, SandboxRoute, SandboxSettings } from './route-types';
import { builtinRoutes } from './routes';
import { SandboxState } from './state';

export type { SandboxContext, SandboxFault, SandboxRoute } from './route-types';
export { SandboxState } from './state';

export interface SandboxOptions {
  /** 0 / undefined = random free port. */
  port?: number;
  /** Default '127.0.0.1'; only loopback addresses are accepted. */
  host?: string;
  /** Requests per second per key; undefined = unlimited. */
  rateLimit?: number;
  /** Account balance in yuan; undefined = unlimited. */
  balanceYuan?: number;
  /** Server-wide fault, applied to every request of the matching kind. */
  fault?: SandboxFault;
  /** Pace between streamed chat writes; default 15. */
  tokenDelayMs?: number;
  /**
   * Stream one token every `tokenDelayMs` exactly, for as long as the reply takes (benchmarks:
   * 200,000 characters at 1,000 deltas/s). Off by default: replies then finish within ~2.5 s.
   */
  exactPace?: boolean;
  /** Time a video task spends in each state (queued, running); default 1500. */
  videoPaceMs?: number;
  /** Time each judge request takes before it answers (batch runs need a real pace); default 0. */
  judgeLatencyMs?: number;
  /**
   * Time each whole chat reply takes, streamed or not (its last chunk lands then; chat-latency.ts),
   * in place of the token pace; undefined by default.
   */
  chatLatencyMs?: number;
  /** Accept only these sk- keys; undefined = any sk- key. */
  acceptedKeys?: string[];
  /** Extra endpoints registered by feature modules. */
  extraRoutes?: SandboxRoute[];
}

export interface SandboxServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** origin + '/v1' */
  baseUrl: string;
  state: SandboxState;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxServer> {
  const host = opts.host ?? '127.0.0.1';
  checkOptions(opts, host);
  const settings: SandboxSettings = {
    tokenDelayMs: opts.tokenDelayMs ?? 15,
    exactPace: opts.exactPace === true,
    rateLimit: opts.rateLimit,
    videoPaceMs: opts.videoPaceMs ?? 1500,
    judgeLatencyMs: opts.judgeLatencyMs ?? 0,
    chatLatencyMs: opts.chatLatencyMs,
    acceptedKeys: opts.acceptedKeys,
  };
  const state = new SandboxState(opts.balanceYuan);
  const deps = {
    routes: [...builtinRoutes, ...(opts.extraRoutes ?? [])],
    state,
    settings,
    limiter: opts.rateLimit !== undefined ? new RateLimiter(opts.rateLimit) : undefined,
    serverFault: opts.fault,
  };

  const server = createServer((req, res) => void handleRequest(req, res, deps));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const hostPart =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  const origin = `http://${hostPart}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    state,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open streams and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function checkOptions(opts: SandboxOptions, host: string): void {
  if (!LOOPBACK.has(host) && !host.startsWith('127.')) {
    throw new Error(`Sandbox host must be a loopback address (127.0.0.1, ::1 or localhost), got "${host}"`);
  }
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)) {
    throw new Error(`Sandbox port must be an integer between 0 and 65535, got ${opts.port}`);
  }
  if (opts.rateLimit !== undefined && (!Number.isInteger(opts.rateLimit) || opts.rateLimit < 1)) {
    throw new Error(`Sandbox rateLimit must be a positive integer, got ${opts.rateLimit}`);
  }
  if (opts.balanceYuan !== undefined && (!Number.isFinite(opts.balanceYuan) || opts.balanceYuan < 0)) {
    throw new Error(`Sandbox balanceYuan must be a number >= 0, got ${opts.balanceYuan}`);
  }
  if (opts.tokenDelayMs !== undefined && (!Number.isFinite(opts.tokenDelayMs) || opts.tokenDelayMs < 0)) {
    throw new Error(`Sandbox tokenDelayMs must be a number >= 0, got ${opts.tokenDelayMs}`);
  }
  if (
    opts.judgeLatencyMs !== undefined &&
    (!Number.isFinite(opts.judgeLatencyMs) || opts.judgeLatencyMs < 0)
  ) {
    throw new Error(`Sandbox judgeLatencyMs must be a number >= 0, got ${opts.judgeLatencyMs}`);
  }
  if (opts.chatLatencyMs !== undefined && (!Number.isFinite(opts.chatLatencyMs) || opts.chatLatencyMs < 0)) {
    throw new Error(`Sandbox chatLatencyMs must be a number >= 0, got ${opts.chatLatencyMs}`);
  }
  if (opts.fault !== undefined && !isSandboxFault(opts.fault)) {
    throw new Error(`Unknown sandbox fault "${String(opts.fault)}"`);
  }
}
