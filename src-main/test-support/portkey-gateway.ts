import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The Portkey AI gateway (`@portkey-ai/gateway`, a dev dependency), run as a peer nobody on this
 * project wrote (docs/architecture.md, "Testing against peers"). Its package is only a program
 * that starts listening when it is loaded, reads its port from argv and prints a banner, so it
 * runs as a child process of its own; `portkey-loopback.mjs` keeps it on 127.0.0.1 and offline.
 */
export interface PortkeyGateway {
  /** `http://127.0.0.1:<port>`: profiles use `${origin}/v1`. */
  origin: string;
  /** The address its server is bound to, as the server itself reported it. */
  boundAddress: string;
  /** Connections it tried to anything but loopback (refused). */
  outbound: string[];
  /** What it printed, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

const OUTPUT_CAP = 64 * 1024;

/** The environment it gets: none of the developer's proxies, Redis, cloud credentials or ports. */
function gatewayEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'SystemRoot', 'TEMP', 'TMP', 'TMPDIR'];
  const env: NodeJS.ProcessEnv = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  // Its default list of custom hosts it will call already holds 127.0.0.1; say so, and no more.
  env.TRUSTED_CUSTOM_HOSTS = '127.0.0.1';
  return env;
}

function gatewayProgram(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@portkey-ai/gateway/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const program = typeof bin === 'string' ? bin : Object.values(bin)[0];
  return join(dirname(manifest), program);
}

export async function startPortkey(timeoutMs = 10_000): Promise<PortkeyGateway> {
  const preload = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'portkey-loopback.mjs')).href;
  // --port=0 lets the system pick a free port; --headless leaves out its web console and log stream.
  const child = spawn(process.execPath, ['--import', preload, gatewayProgram(), '--port=0', '--headless'], {
    env: gatewayEnv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    if (printed.length < OUTPUT_CAP) printed += chunk.toString('utf8');
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const outbound: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const bound = await new Promise<{ address: string; port: number }>((resolve, reject) => {
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      child.kill();
      reject(new Error(`${err.message}\n${printed}`));
    };
    const exitedEarly = (code: number | null, signal: string | null) =>
      fail(new Error(`Portkey exited (${code ?? signal}) before listening`));
    const timer = setTimeout(
      () => fail(new Error(`Portkey did not listen within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', exitedEarly);
    child.once('error', fail);
    child.on('message', (m: { listening?: { address: string; port: number }; outbound?: string }) => {
      if (m.outbound) outbound.push(m.outbound);
      if (m.listening) {
        clearTimeout(timer);
        child.off('exit', exitedEarly);
        resolve(m.listening);
      }
    });
  });

  return {
    origin: `http://127.0.0.1:${bound.port}`,
    boundAddress: bound.address,
    outbound,
    output: () => printed,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
