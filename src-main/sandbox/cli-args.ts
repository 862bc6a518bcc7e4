import { parseArgs } from 'node:util';
import { isSandboxFault } from './faults';
import { SANDBOX_FAULTS } from './route-types';
import type { SandboxOptions } from './server';

export const DEFAULT_CLI_PORT = 8787;

export const CLI_USAGE = `Usage: npm run sandbox -- [--port 8787] [--rate-limit N] [--balance YUAN] [--fault NAME] [--token-delay MS] [--exact-pace]

  --port N          port on 127.0.0.1 (default ${DEFAULT_CLI_PORT}; 0 = any free port)
  --rate-limit N    requests per second per key before 429 (default: unlimited)
  --balance YUAN    account balance in yuan (default: unlimited)
  --fault NAME      server-wide fault: ${SANDBOX_FAULTS.join(', ')}
  --token-delay MS  pause between streamed chat writes (default 15)
  --exact-pace      one token every --token-delay ms however long the reply (else ~2.5 s in all)
  --video-pace-ms MS  time a video task spends queued and running (default 1500)
  --judge-latency-ms MS  time each judge request takes before it answers (default 0)
  --chat-latency-ms MS   time each whole chat reply takes, its last chunk then (default: the token pace)
  --keys K1,K2      accept only these sk- keys (default: any sk- key)`;

export type CliParse =
  { kind: 'run'; options: SandboxOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** Turns argv into sandbox options; every bad flag gets a message saying what is expected. */
export function parseCliArgs(argv: string[]): CliParse {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'rate-limit': { type: 'string' },
        balance: { type: 'string' },
        fault: { type: 'string' },
        'token-delay': { type: 'string' },
        'exact-pace': { type: 'boolean' },
        'video-pace-ms': { type: 'string' },
        'judge-latency-ms': { type: 'string' },
        'chat-latency-ms': { type: 'string' },
        keys: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return { kind: 'error', message: (err as Error).message };
  }
  if (values.help) return { kind: 'help' };

  const options: SandboxOptions = { port: DEFAULT_CLI_PORT };
  const num = (flag: string) => {
    const raw = values[flag];
    return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  };
  if (values.port !== undefined) {
    const port = num('port');
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      return { kind: 'error', message: `--port must be an integer from 0 to 65535, got "${values.port}"` };
    }
    options.port = port;
  }
  if (values['rate-limit'] !== undefined) {
    const limit = num('rate-limit');
    if (!Number.isInteger(limit) || limit < 1) {
      return {
        kind: 'error',
        message: `--rate-limit must be a positive integer, got "${values['rate-limit']}"`,
      };
    }
    options.rateLimit = limit;
  }
  if (values.balance !== undefined) {
    const balance = num('balance');
    if (!Number.isFinite(balance) || balance < 0) {
      return { kind: 'error', message: `--balance must be a number of yuan >= 0, got "${values.balance}"` };
    }
    options.balanceYuan = balance;
  }
  if (values.fault !== undefined) {
    if (!isSandboxFault(values.fault)) {
      return {
        kind: 'error',
        message: `--fault must be one of ${SANDBOX_FAULTS.join(', ')}, got "${values.fault}"`,
      };
    }
    options.fault = values.fault;
  }
  if (values['token-delay'] !== undefined) {
    const delay = num('token-delay');
    if (!Number.isFinite(delay) || delay < 0) {
      return {
        kind: 'error',
        message: `--token-delay must be a number of milliseconds >= 0, got "${values['token-delay']}"`,
      };
    }
    options.tokenDelayMs = delay;
  }
  if (values['exact-pace']) options.exactPace = true;
  if (values['video-pace-ms'] !== undefined) {
    const pace = num('video-pace-ms');
    if (!Number.isFinite(pace) || pace < 0) {
      return {
        kind: 'error',
        message: `--video-pace-ms must be a number of milliseconds >= 0, got "${values['video-pace-ms']}"`,
      };
    }
    options.videoPaceMs = pace;
  }
  if (values['judge-latency-ms'] !== undefined) {
    const latency = num('judge-latency-ms');
    if (!Number.isFinite(latency) || latency < 0) {
      return {
        kind: 'error',
        message: `--judge-latency-ms must be a number of milliseconds >= 0, got "${values['judge-latency-ms']}"`,
      };
    }
    options.judgeLatencyMs = latency;
  }
  if (values['chat-latency-ms'] !== undefined) {
    const latency = num('chat-latency-ms');
    if (!Number.isFinite(latency) || latency < 0) {
      return {
        kind: 'error',
        message: `--chat-latency-ms must be a number of milliseconds >= 0, got "${values['chat-latency-ms']}"`,
      };
    }
    options.chatLatencyMs = latency;
  }
  if (typeof values.keys === 'string') {
    const keys = values.keys
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length === 0 || keys.some((k) => !k.startsWith('sk-'))) {
      return {
        kind: 'error',
        message: `--keys must be a comma-separated list of sk- keys, got "${values.keys}"`,
      };
    }
    options.acceptedKeys = keys;
  }
  return { kind: 'run', options };
}

/** Flags that take no value. */
const SWITCHES = new Set(['--exact-pace']);

/**
 * For the app and browser mode: `--sandbox-<flag> value` goes to the in-app Sandbox as its own
 * `--<flag> value`; everything else is returned for the caller. The in-app Sandbox always takes
 * a free port.
 */
export function splitInAppSandboxArgs(argv: string[]): { sandbox: CliParse; rest: string[] } {
  const sandboxArgv: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('--sandbox-')) rest.push(argv[i]);
    else {
      const flag = `--${argv[i].slice('--sandbox-'.length)}`;
      // A switch takes no value; every other flag takes the next argument.
      if (SWITCHES.has(flag)) sandboxArgv.push(flag);
      else sandboxArgv.push(flag, argv[++i] ?? '');
    }
  }
  return { sandbox: parseCliArgs([...sandboxArgv, '--port', '0']), rest };
}
