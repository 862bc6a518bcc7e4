import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from '../sandbox/server';
import { printBundleReport } from './bundle-report';
import { markdownFrameCosts } from './markdown-bench';
import { runWindowBench } from './window/window-bench';
import {
  median,
  type StreamRunner,
  type StreamTiming,
  viaGatewayClient,
  viaOpenAiClient,
  viaRawFetch,
} from './stream-bench';

/**
 * `npm run bench`: a long streamed reply from the Sandbox, through the app's gateway client,
 * raw fetch and the official openai client, interleaved so machine noise hits all three alike.
 * Prints medians and the ratio to raw fetch. Numbers, not a pass/fail: speed is judged here, not
 * in timed unit tests.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, tokens: { type: 'string', default: '20000' } },
});
const runs = Number(values.runs);
const tokens = Number(values.tokens);
const prompt = `Please write ${tokens} tokens for the benchmark.`;
const sandbox = await startSandbox({ tokenDelayMs: 0 });
const runners: [string, StreamRunner][] = [
  ['gateway client (app)', viaGatewayClient],
  ['raw fetch', viaRawFetch],
  ['openai client', viaOpenAiClient],
];
let replyText: string | undefined;
const results = new Map<string, StreamTiming[]>(runners.map(([n]) => [n, []]));
try {
  for (const [, run] of runners) await run(sandbox.origin, prompt); // warm-up
  replyText = await fullReply(sandbox.origin, prompt);
  for (let i = 0; i < runs; i++) {
    for (const [name, run] of runners) results.get(name)!.push(await run(sandbox.origin, prompt));
  }
} finally {
  await sandbox.close();
}

const base = results.get('raw fetch')!;
const baseFirst = median(base.map((r) => r.firstTokenMs));
const baseTotal = median(base.map((r) => r.totalMs));
console.log(`Streamed ${tokens} tokens from the Sandbox (no pacing), ${runs} runs each, medians:`);
console.log('client                  first token    whole stream   vs raw fetch (first / whole)   chars');
for (const [name] of runners) {
  const rs = results.get(name)!;
  const first = median(rs.map((r) => r.firstTokenMs));
  const total = median(rs.map((r) => r.totalMs));
  console.log(
    `${name.padEnd(22)} ${first.toFixed(1).padStart(9)} ms ${total.toFixed(1).padStart(11)} ms ${(first / baseFirst).toFixed(2).padStart(12)}x / ${(total / baseTotal).toFixed(2)}x ${String(rs[0].chars).padStart(14)}`,
  );
}

// As if the reply arrived over 10 s at 60 frames per second (a fast model): 600 frames.
const perFrame = Math.max(1, Math.ceil((replyText ?? '').length / 600));
const md = markdownFrameCosts(replyText ?? '', perFrame);
console.log(`\nMarkdown per frame for the same reply (${md.frames} frames, ${perFrame} chars each):`);
console.log(
  `  per finished block (app): total ${md.incremental.totalMs.toFixed(0)} ms, p95 frame ${md.incremental.p95FrameMs.toFixed(2)} ms, last frame ${md.incremental.lastFrameMs.toFixed(2)} ms`,
);
console.log(
  `  whole reply every frame:  total ${md.whole.totalMs.toFixed(0)} ms, p95 frame ${md.whole.p95FrameMs.toFixed(2)} ms, last frame ${md.whole.lastFrameMs.toFixed(2)} ms`,
);

// The window's weight, when a build is there (`npm run build`); the bench does not build itself.
try {
  console.log('\nThe window bundle (out/renderer):');
  printBundleReport();
} catch (err) {
  console.log(`  (skipped: ${err instanceof Error ? err.message : String(err)})`);
}

// The window in Chromium over browser mode (docs/architecture.md, "Benchmarks").
await runWindowBench(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));

async function fullReply(origin: string, text: string): Promise<string> {
  const res = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-bench', 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'sandbox-chat-1', messages: [{ role: 'user', content: text }] }),
  });
  const body = (await res.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0].message.content;
}
