import { streamChat } from '../core/gateway/chat-api';
import { GatewayClient } from '../core/gateway/gateway-client';
import { RequestLog } from '../core/gateway/request-log';
import { KeyScrubber } from '../core/security/key-scrubber';
import { type HostileModel, type MainWatch, watchMain } from '../test-support/hostile-gateway';
import { startChild } from './child-process';
import { loadText, type MachineLoad, watchLoad } from './machine-load';

const MB = 1024 * 1024;

/** The bounds of docs/architecture.md ("Benchmarks"), the same as the hostile-gateway tests'. */
export const HOSTILE_BOUNDS = { growthBytes: 150 * MB, stallMs: 100 };

export interface HostileResult {
  name: string;
  /** The worst round of each measure. */
  peakRssGrowthBytes: number;
  maxStallMs: number;
  maxLagMs: number;
  /** How the reply ended: the app's own words. */
  ended: string;
  load: MachineLoad;
}

const CASES: [string, HostileModel][] = [
  ['50 MiB SSE line', 'huge-line'],
  ['gzip bomb, 1 GiB in one line', 'gzip-bomb'],
];

/**
 * The app's reader of a streamed reply against a hostile gateway running in a process of its own
 * (so only the reader's work is on this event loop): each case a few rounds, the worst kept.
 */
export async function runHostileBench(projectRoot: string, rounds = 3): Promise<HostileResult[]> {
  const server = await startChild(projectRoot, 'src-main/bench/hostile-server.ts', [], /listening: (\S+)/);
  const host = server.ready[1];
  const results: HostileResult[] = [];
  try {
    // The bench's first fetch compiles Node's HTTP client: not the reader's cost.
    await (await fetch(host)).arrayBuffer();
    for (const [name, model] of CASES) {
      const runs: MainWatch<Awaited<ReturnType<typeof streamChat>>>[] = [];
      const load = watchLoad();
      for (let round = 0; round < rounds; round++) runs.push(await readOnce(host, model));
      results.push({
        name,
        peakRssGrowthBytes: Math.max(...runs.map((r) => r.peakRssGrowthBytes)),
        maxStallMs: Math.max(...runs.map((r) => r.maxStallMs)),
        maxLagMs: Math.max(...runs.map((r) => r.maxLagMs)),
        ended: runs[0].stoppedBy
          ? `stopped by the bench (${runs[0].stoppedBy})`
          : (runs[0].result.error?.message ?? 'finished'),
        load: load.stop(),
      });
    }
  } finally {
    await server.close();
  }
  console.log(`\nA hostile gateway streaming one reply (own process), worst of ${rounds} rounds:`);
  for (const r of results) console.log(hostileRow(r));
  return results;
}

function readOnce(host: string, model: HostileModel) {
  // As main builds it: the key scrubber and the request log both see the reply.
  const keys = new KeyScrubber();
  const client = new GatewayClient({
    fetch: (u, i) => fetch(u, i),
    log: new RequestLog(Date.now, (text) => keys.scrubFragments(text)),
    scrubber: keys,
  });
  return watchMain(
    (signal) =>
      streamChat(
        client,
        { host, judgeSegment: 'partner', apiKey: 'sk-bench-hostile-0123' },
        { model, messages: [{ role: 'user', content: 'hi' }] },
        () => {},
        { signal },
      ),
    // Far past the bounds: a regression is reported as OVER instead of taking the machine down.
    { guardMs: 60_000, abortGrowthBytes: 1024 * MB },
  );
}

const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');

/** One printed row: each measure with its verdict against HOSTILE_BOUNDS, then how the reply ended. */
export function hostileRow(r: HostileResult): string {
  const growth = r.peakRssGrowthBytes / MB;
  const measures = [
    `  ${r.name.padEnd(30)}`,
    `peak memory ${mark(r.peakRssGrowthBytes <= HOSTILE_BOUNDS.growthBytes)} +${growth.toFixed(0)} MB (bound +${HOSTILE_BOUNDS.growthBytes / MB} MB)`,
    `longest stall ${mark(r.maxStallMs <= HOSTILE_BOUNDS.stallMs)} ${r.maxStallMs.toFixed(0)} ms (bound ${HOSTILE_BOUNDS.stallMs} ms; timer lag by the clock ${r.maxLagMs.toFixed(0)} ms)`,
    `[${loadText(r.load)}]`,
  ].join('  ');
  return `${measures}\n    ended: ${r.ended}`;
}
