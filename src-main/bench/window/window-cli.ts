import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runWindowBench } from './window-bench';

/** `npm run bench:window [-- --only <case,…>] [--rounds N]`: the window part alone (the renderer must be built). */
const { values } = parseArgs({
  options: { only: { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
await runWindowBench(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../..'),
  values.only,
  Number(values.rounds),
);
