import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

/**
 * `npm run fuzz`: the IPC fuzz test with many runs per route and a fresh seed, printed first so
 * a failure can be replayed: `FUZZ_SEED=<seed> npm run fuzz`. FUZZ_RUNS sets the runs per route.
 */
const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS ?? '1000';
console.log(`IPC fuzz: seed ${seed}, ${runs} runs per route (replay with FUZZ_SEED=${seed})`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'node', 'src-main/ipc/fuzz/ipc-fuzz.test.ts'],
  {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
  },
);
process.exit(result.status ?? 1);
