import { parseArgs } from 'node:util';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { type ClientName, RUNNERS } from './stream-bench';

/**
 * One client's read of the paced stream, in a process of its own so no other client's garbage,
 * JIT or sockets are counted with it (docs/architecture.md, "Benchmarks"): a warm-up read of a
 * short reply, a full collection, then the measured read. Prints one `result:` line (JSON).
 */
const { values } = parseArgs({
  options: {
    client: { type: 'string' },
    origin: { type: 'string' },
    'warm-origin': { type: 'string' },
  },
});
const client = values.client as ClientName;
const run = RUNNERS[client];
if (!run || !values.origin || !values['warm-origin'])
  throw new Error('usage: --client --origin --warm-origin');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

await run(values['warm-origin']);
gc();
const cpu = process.cpuUsage();
const timing = await run(values.origin);
const used = process.cpuUsage(cpu);
console.log(`result: ${JSON.stringify({ ...timing, cpuMs: (used.user + used.system) / 1000 })}`);
// Sockets kept alive for reuse would hold the process open for seconds; the measure is taken.
process.exit(0);
