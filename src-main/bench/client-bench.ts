import { cpus, loadavg } from 'node:os';
import { basename, resolve } from 'node:path';
import { startChild } from './child-process';
import { type ClientName, median } from './stream-bench';
import { startPaceServer } from './window/pace-server';
import { markdownReply, toDeltas } from './window/reply-texts';

export interface Run {
  firstTokenMs: number;
  totalMs: number;
  /** The reading process's CPU time (user + system, all threads) for this one read. */
  cpuMs: number;
  /** The same, of its main thread only (what a read holds main for). */
  mainMs: number;
}

export interface ClientSummary {
  name: string;
  firstMs: number;
  wholeMs: number;
  minWholeMs: number;
  maxWholeMs: number;
  cpuMs: number;
  minCpuMs: number;
  maxCpuMs: number;
  mainMs: number;
  /** Median over the baseline's median: first token, whole stream, CPU, main thread's CPU. */
  vsBaseline: [number, number, number, number];
}

/** The app's client may use at most this much of raw fetch's CPU on the same paced stream. */
export const CPU_BUDGET_VS_RAW = 1.3;

/** As a fast model's tokens come, and as the window bench streams (window-cases.ts). */
const DELTA_CHARS = 8;
const DELTAS_PER_SECOND = 1000;

const CLIENTS: [ClientName, string][] = [
  ['app', 'gateway client (app)'],
  ['raw', 'raw fetch'],
  ['openai', 'openai client'],
];
const BASELINE = 'raw fetch';
const APP = 'gateway client (app)';

/** One reader of a round: which client, its row's label, and the checkout whose code it runs. */
export interface ClientToRun {
  client: ClientName;
  label: string;
  root: string;
}

/**
 * The three clients from this checkout, then the app client of each other checkout in
 * `compareWith` (`--compare-with`), read in the same rounds: a change to the client is judged
 * against the code before it under the same load, not against another run's figures.
 */
export function clientsToRun(projectRoot: string, compareWith: string[] = []): ClientToRun[] {
  const mine = CLIENTS.map(([client, label]) => ({ client, label, root: projectRoot }));
  const others = compareWith.map((path, k) => ({
    client: 'app' as const,
    label: `app ${k + 1}: ${basename(resolve(path))}`.slice(0, 22),
    root: resolve(path),
  }));
  return [...mine, ...others];
}

/**
 * The client part of `npm run bench` (docs/architecture.md, "Benchmarks"): one markdown reply
 * streamed at a fixed pace (pace-server.ts, 8 characters a delta, 1,000 deltas a second), so the
 * reading costs what the client costs and not what an unpaced server makes it wait or hurry.
 * Each read runs in a process of its own (client-run.ts) and counts that process's CPU time; the
 * three read the stream at the same time, so whatever else the machine does weighs on all three
 * alike, and each round compares its own reads. Prints medians, spreads, the ratios to raw fetch
 * and a verdict against CPU_BUDGET_VS_RAW; returns the reply's text for the markdown section.
 */
export async function runClientBench(
  projectRoot: string,
  runs: number,
  deltas: number,
  compareWith: string[] = [],
): Promise<string> {
  const text = markdownReply(deltas * DELTA_CHARS).slice(0, deltas * DELTA_CHARS);
  const pace = await startPaceServer();
  const warm = await startPaceServer();
  pace.setReply({ deltas: toDeltas(text, DELTA_CHARS), perSecond: DELTAS_PER_SECOND });
  warm.setReply({ deltas: toDeltas(text.slice(0, 4000), DELTA_CHARS), perSecond: 20_000 });
  const clients = clientsToRun(projectRoot, compareWith);
  const results = new Map<string, Run[]>(clients.map(({ label }) => [label, []]));
  const loadBefore = loadavg()[0];
  const readOnce = async ({ client, label, root }: ClientToRun, round: number) => {
    const child = await startChild(
      root,
      'src-main/bench/client-run.ts',
      ['--client', client, '--origin', pace.origin, '--warm-origin', warm.origin],
      /^result: (.*)$/,
    );
    await child.close();
    const run = JSON.parse(child.ready[1]) as Run & { chars: number };
    // A client that stopped early would look cheap: every read must get the whole reply.
    if (run.chars !== text.length)
      throw new Error(`${label} read ${run.chars} of ${text.length} chars in round ${round + 1}`);
    return run;
  };
  try {
    for (let round = 0; round < runs; round++) {
      // Started in turn, so no client is always the first to ask.
      const order = clients.map((_, k) => clients[(round + k) % clients.length]);
      const reads = await Promise.all(order.map((c) => readOnce(c, round)));
      order.forEach(({ label }, k) => results.get(label)!.push(reads[k]));
    }
  } finally {
    await Promise.all([pace.close(), warm.close()]);
  }
  const load = `load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`;
  console.log(
    `Streamed ${text.length.toLocaleString('en')} characters of markdown, ${deltas.toLocaleString('en')} deltas at ${DELTAS_PER_SECOND.toLocaleString('en')} a second (pace-server.ts), ${runs} rounds, the ${clients.length} clients at once, each in a process of its own (${load}):`,
  );
  const summaries = summarise(results, BASELINE);
  printTable(summaries);
  console.log(verdict(summaries));
  return text;
}

/**
 * Per client: medians, the whole stream's and the CPU's min–max spread, and the ratios to
 * `baseline`: the median over rounds of each round's ratio, the reads of a round having run at
 * the same time.
 */
export function summarise(results: Map<string, Run[]>, baseline: string): ClientSummary[] {
  const med = (rs: Run[], k: keyof Run) => median(rs.map((r) => r[k]));
  const base = results.get(baseline)!;
  const ratio = (rs: Run[], k: keyof Run) => median(rs.map((r, i) => r[k] / base[i][k]));
  return [...results].map(([name, rs]) => {
    const totals = rs.map((r) => r.totalMs);
    const cpu = rs.map((r) => r.cpuMs);
    return {
      name,
      firstMs: med(rs, 'firstTokenMs'),
      wholeMs: med(rs, 'totalMs'),
      minWholeMs: Math.min(...totals),
      maxWholeMs: Math.max(...totals),
      cpuMs: med(rs, 'cpuMs'),
      minCpuMs: Math.min(...cpu),
      maxCpuMs: Math.max(...cpu),
      mainMs: med(rs, 'mainMs'),
      vsBaseline: [ratio(rs, 'firstTokenMs'), ratio(rs, 'totalMs'), ratio(rs, 'cpuMs'), ratio(rs, 'mainMs')],
    };
  });
}

/** The client rows' verdict: the app's CPU against raw fetch's, and the official client's beside it. */
export function verdict(summaries: ClientSummary[]): string {
  const app = summaries.find((s) => s.name === APP);
  const openai = summaries.find((s) => s.name === 'openai client');
  if (!app) return 'Client CPU: the app client was not measured.';
  const ratio = app.vsBaseline[2];
  const mark = ratio <= CPU_BUDGET_VS_RAW ? 'ok' : 'OVER';
  const beside = openai ? `; openai client ${openai.vsBaseline[2].toFixed(2)}x` : '';
  return `Client CPU: app ${ratio.toFixed(2)}x raw fetch (budget ${CPU_BUDGET_VS_RAW}x) ${mark}${beside}`;
}

function printTable(summaries: ClientSummary[]) {
  console.log(
    'client                  first token   whole stream (min–max)          CPU (min–max)        main thread   vs raw fetch (first / whole / CPU / main)',
  );
  for (const s of summaries) {
    const spread = `(${s.minWholeMs.toFixed(0)}–${s.maxWholeMs.toFixed(0)})`;
    const cpuSpread = `(${s.minCpuMs.toFixed(0)}–${s.maxCpuMs.toFixed(0)})`;
    console.log(
      [
        s.name.padEnd(22),
        `${s.firstMs.toFixed(1).padStart(9)} ms`,
        `${s.wholeMs.toFixed(1).padStart(9)} ms ${spread}`.padEnd(28),
        `${s.cpuMs.toFixed(0).padStart(6)} ms ${cpuSpread}`.padEnd(20),
        `${s.mainMs.toFixed(0).padStart(6)} ms`,
        `   ${s.vsBaseline.map((r) => `${r.toFixed(2)}x`).join(' / ')}`,
      ].join(' '),
    );
  }
}
