import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, type StreamRunner } from './stream-bench';
import { markdownReply, toDeltas } from './window/reply-texts';
import { chunk } from './window/pace-server';

/**
 * The app client's own work, without sockets (docs/architecture.md, "Benchmarks"): the app's
 * path and raw fetch read the same 5,000 events as the paced server sends them, one event a
 * chunk, from a body in memory, in one process, taking turns. What undici and the kernel cost
 * per chunk is gone from both, so the difference is the app's reading alone, with far less noise
 * than the paced bench. `--paced` waits a millisecond before each chunk (the process sleeps
 * between chunks, as against the paced server); without it the chunks come as fast as they are
 * read. `--compare-with <checkout>` adds that checkout's app path (the code before a change).
 * Prints each reader's median CPU of its thread per read, and the app's extra over raw fetch.
 *
 *   npx tsx src-main/bench/client-inmemory.ts [--paced] [--rounds 20] [--compare-with ../before]
 */
const { values } = parseArgs({
  options: {
    paced: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    'compare-with': { type: 'string', multiple: true, default: [] },
  },
});
const paced = values.paced;
const rounds = Number(values.rounds ?? (paced ? 5 : 30));

const text = markdownReply(40_000).slice(0, 40_000);
const encoder = new TextEncoder();
// The paced server's events (window/pace-server.ts): the reply in deltas of 8 characters.
const events = [
  chunk({ role: 'assistant', content: '' }, null),
  ...toDeltas(text, 8).map((d) => chunk({ content: d }, null)),
  `${chunk({}, 'stop')}data: [DONE]\n\n`,
].map((e) => encoder.encode(e));

// Every reader's fetch answers with the events from memory; this process runs nothing else.
globalThis.fetch = (async () => {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (paced) await new Promise((r) => setTimeout(r, 1));
      if (next < events.length) controller.enqueue(events[next++].slice());
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}) as typeof fetch;

const mine = (await import('./stream-bench')) as typeof import('./stream-bench');
const readers: [string, StreamRunner][] = [
  ['raw fetch', mine.viaRawFetch],
  ['app', mine.viaGatewayClient],
];
for (const [k, path] of values['compare-with'].entries()) {
  const other = (await import(join(resolve(path), 'src-main/bench/stream-bench.ts'))) as typeof mine;
  readers.push([`app ${k + 1} (${path})`, other.viaGatewayClient]);
}

const cpu = new Map<string, number[]>(readers.map(([name]) => [name, []]));
const loadBefore = loadavg()[0];
// The first round warms every reader up and is not counted.
for (let round = 0; round <= rounds; round++) {
  for (let k = 0; k < readers.length; k++) {
    const [name, read] = readers[(round + k) % readers.length];
    const before = process.threadCpuUsage();
    const { chars } = await read('http://127.0.0.1:9');
    const used = process.threadCpuUsage(before);
    if (chars !== text.length) throw new Error(`${name} read ${chars} of ${text.length} characters`);
    if (round > 0) cpu.get(name)!.push((used.user + used.system) / 1000);
  }
}
const raw = median(cpu.get('raw fetch')!);
console.log(
  `${events.length.toLocaleString('en')} events from memory, ${paced ? 'one a millisecond' : 'as fast as read'}, ${rounds} rounds (load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}):`,
);
for (const [name, ms] of cpu) {
  const m = median(ms);
  const extra =
    name === 'raw fetch' ? '' : `   beyond raw fetch ${(m - raw).toFixed(1)} ms (${(m / raw).toFixed(2)}x)`;
  console.log(`  ${name.padEnd(28)} ${m.toFixed(1).padStart(7)} ms CPU a read${extra}`);
}
