import { parseArgs } from 'node:util';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { type ClientName, RUNNERS } from './stream-bench';

/**
 * One client's read of the paced stream, in a process of its own so no other client's garbage,
 * JIT or sockets are counted with it (docs/architecture.md, "Benchmarks"): two warm-up reads of a
 * short reply, a full collection, then the measured read: the process's CPU time (all its threads,
 * the collector's and compiler's too) and its main thread's. Prints one `result:` line (JSON).
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

// Two warm-up reads, so the measured one runs optimised code as a long-lived main would.
for (let i = 0; i < 2; i++) await run(values['warm-origin']);
gc();
const cpu = process.cpuUsage();
const thread = process.threadCpuUsage();
const timing = await run(values.origin);
const used = process.cpuUsage(cpu);
const usedThread = process.threadCpuUsage(thread);
const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
console.log(`result: ${JSON.stringify({ ...timing, cpuMs: ms(used), mainMs: ms(usedThread) })}`);
// Sockets kept alive for reuse would hold the process open for seconds; the measure is taken.
process.exit(0);
