import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printBundleReport } from './bundle-report';
import { runClientBench } from './client-bench';
import { runHostileBench } from './hostile-bench';
import { runImportBench } from './import-bench';
import { loadText, withLoad } from './machine-load';
import { markdownFrameCosts } from './markdown-bench';
import { runWindowBench } from './window/window-bench';

/**
 * `npm run bench` (docs/architecture.md, "Benchmarks"): the gateway client against raw fetch and
 * the official openai client, the client against a hostile gateway (memory and main's longest
 * stall), the markdown pipeline per frame, case file import in main, the window's chunks, then the
 * window itself in Chromium, with main's event loop in the app for each workload. Numbers, not a
 * pass/fail: speed is judged here, not in timed tests. Every section says the machine's load.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    tokens: { type: 'string', default: '5000' },
    'client-only': { type: 'boolean', default: false },
    /** Another checkout whose app client reads in the same rounds (client-bench.ts `clientsToRun`). */
    'compare-with': { type: 'string', multiple: true, default: [] },
  },
});
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const client = await withLoad(() =>
  runClientBench(projectRoot, Number(values.runs), Number(values.tokens), values['compare-with']),
);
// The client's rows are printed by client-bench.ts; the load they ran under, here.
console.log(`  the client rows above ran at ${loadText(client.load)}`);
const replyText = client.value;
await runHostileBench(projectRoot);

// As if the reply arrived over 10 s at 60 frames per second (a fast model): 600 frames.
const perFrame = Math.max(1, Math.ceil(replyText.length / 600));
const { value: md, load: mdLoad } = await withLoad(async () => markdownFrameCosts(replyText, perFrame));
console.log(
  `\nMarkdown per frame for the same reply (${md.frames} frames, ${perFrame} chars each; ${loadText(mdLoad)}):`,
);
console.log(
  `  per finished block (app): total ${md.incremental.totalMs.toFixed(0)} ms, p95 frame ${md.incremental.p95FrameMs.toFixed(2)} ms, last frame ${md.incremental.lastFrameMs.toFixed(2)} ms`,
);
console.log(
  `  whole reply every frame:  total ${md.whole.totalMs.toFixed(0)} ms, p95 frame ${md.whole.p95FrameMs.toFixed(2)} ms, last frame ${md.whole.lastFrameMs.toFixed(2)} ms`,
);

await runImportBench(projectRoot);

if (!values['client-only']) {
  console.log('\nThe window bundle (out/renderer):');
  printBundleReport();
  await runWindowBench(projectRoot);
}
