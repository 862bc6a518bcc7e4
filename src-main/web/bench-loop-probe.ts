import { type LoopDelay, startLoopProbe } from '../core/diagnostics/loop-probe';

/** What the bench sends over the process's IPC channel, and what it hears back. */
export type LoopProbeRequest = { loopProbe: 'start' | 'stop'; id: string };
export type LoopProbeReply =
  { loopProbe: 'started'; id: string } | { loopProbe: 'stopped'; id: string; delay?: LoopDelay };

/** The environment variable the bench sets, beside an IPC channel, to turn the probe on. */
export const LOOP_PROBE_ENV = 'GATEHOUSE_BENCH_LOOP_PROBE';

type Channel = Pick<NodeJS.Process, 'on'> & { send?: NodeJS.Process['send'] };

/**
 * Main's event-loop probe for the bench (docs/architecture.md, "Benchmarks"), answered over the
 * IPC channel of a process the bench spawned: no route, no port, nothing a web page can reach.
 * Off unless `env` says so and the channel exists; the Electron app never loads this file.
 */
export function serveLoopProbe(proc: Channel, env: NodeJS.ProcessEnv): boolean {
  const send = proc.send?.bind(proc);
  if (env[LOOP_PROBE_ENV] !== '1' || !send) return false;
  const running = new Map<string, Promise<{ stop(): Promise<LoopDelay> }>>();
  proc.on('message', (raw: unknown) => {
    const msg = raw as Partial<LoopProbeRequest> | null;
    if (typeof msg?.id !== 'string') return;
    const id = msg.id;
    if (msg.loopProbe === 'start') {
      void running.get(id)?.then((p) => p.stop());
      const probe = startLoopProbe();
      running.set(id, probe);
      void probe.then(() => send({ loopProbe: 'started', id } satisfies LoopProbeReply));
    } else if (msg.loopProbe === 'stop') {
      const probe = running.get(id);
      running.delete(id);
      void (probe?.then((p) => p.stop()) ?? Promise.resolve(undefined)).then((delay) =>
        send({ loopProbe: 'stopped', id, delay } satisfies LoopProbeReply),
      );
    }
  });
  return true;
}
