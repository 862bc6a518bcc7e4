import { WebSocket } from 'ws';
import type { BridgeMessage, BridgeRequest } from '../../../src-shared/ipc/bridge-protocol';
import type { Result } from '../../../src-shared/result';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import { LOOP_PROBE_ENV, type LoopProbeReply, type LoopProbeRequest } from '../../web/bench-loop-probe';
import { startChild } from '../child-process';

export interface AppProcess {
  /** The page address, with its access token. */
  url: string;
  /** The app process's id: the eval bench reads its main thread's CPU time from /proc. */
  pid: number;
  /** Calls a route as the window would, over a socket of its own. */
  invoke<T = unknown>(route: string, input: unknown): Promise<T>;
  /** Hears an app event on that socket, as a window does; the function returned stops it. */
  on<T = unknown>(event: string, listener: (payload: T) => void): () => void;
  /**
   * Starts watching the app's event loop (its bench-only probe, over the process's IPC channel);
   * the function returned stops it and hands back the delays seen in between.
   */
  watchLoop(): Promise<() => Promise<LoopDelay>>;
  close(): Promise<void>;
}

/**
 * Node flags for the app process alone, to profile main under a bench (for example
 * `GATEHOUSE_BENCH_APP_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'`; the profile is written
 * when the bench stops the app). Given as NODE_OPTIONS to that process only, not to the bench's own.
 */
export const APP_NODE_OPTIONS_ENV = 'GATEHOUSE_BENCH_APP_NODE_OPTIONS';

function appNodeOptions(): Record<string, string> {
  const flags = process.env[APP_NODE_OPTIONS_ENV]?.trim();
  if (!flags) return {};
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS, flags].filter(Boolean).join(' ') };
}

/**
 * The app in browser mode, in a process of its own (as Electron's main would be), on a data
 * folder the bench prepared. Needs a built renderer (`electron-vite build`).
 */
export async function startApp(
  projectRoot: string,
  dataDir: string,
  extraArgs: string[] = [],
): Promise<AppProcess> {
  const child = await startChild(
    projectRoot,
    'src-main/web/cli.ts',
    ['--port', '0', '--data-dir', dataDir, ...extraArgs],
    /^Open: (\S+)/,
    { ipc: true, env: { [LOOP_PROBE_ENV]: '1', ...appNodeOptions() } },
  );
  const url = child.ready[1];
  const { origin, searchParams } = new URL(url);
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge?token=${searchParams.get('token')}`, {
    headers: { Origin: origin },
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const waiting = new Map<number, (r: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  // The bench's socket hears only the events it listens to: a window's socket hears every call's
  // log entry, which sent to this socket too was main's work for the bench alone.
  const hear = () =>
    socket.send(JSON.stringify({ type: 'events', names: [...listeners.keys()] } satisfies BridgeRequest));
  hear();
  socket.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as BridgeMessage;
    if (msg.type === 'result') waiting.get(msg.id)?.(msg.result);
    else if (msg.type === 'events')
      for (const { name, payload } of msg.items) for (const l of listeners.get(name) ?? []) l(payload);
  });
  const probe = child.process;
  const heard = new Map<string, (r: LoopProbeReply) => void>();
  probe.on('message', (m: LoopProbeReply) => heard.get(`${m.loopProbe}:${m.id}`)?.(m));
  const ask = (request: LoopProbeRequest, answer: LoopProbeReply['loopProbe']) =>
    new Promise<LoopProbeReply>((resolve) => {
      heard.set(`${answer}:${request.id}`, (r) => {
        heard.delete(`${answer}:${request.id}`);
        resolve(r);
      });
      probe.send!(request);
    });
  let nextProbe = 1;
  return {
    url,
    pid: probe.pid!,
    watchLoop: async () => {
      const id = String(nextProbe++);
      await ask({ loopProbe: 'start', id }, 'started');
      return async () => {
        const reply = await ask({ loopProbe: 'stop', id }, 'stopped');
        if (reply.loopProbe !== 'stopped' || !reply.delay) throw new Error('the app lost its loop probe');
        return reply.delay;
      };
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      if (!listeners.has(event)) {
        listeners.set(event, set);
        hear();
      }
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    invoke: (route, input) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, (r) => {
          waiting.delete(id);
          if (r.ok) resolve(r.data as never);
          else reject(new Error(`${route}: ${r.error.message}`));
        });
        socket.send(JSON.stringify({ type: 'invoke', id, route, input }));
      }),
    close: async () => {
      socket.terminate();
      await child.close();
    },
  };
}
