import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE } from '../core/db/open-database';
import { openDataFolder } from '../core/db/open-data-folder';
import { startLoopProbe } from '../core/diagnostics/loop-probe';
import { evalStatsJobs } from '../core/evals/eval-stats-job';
import { seedStatsRun } from '../core/evals/eval-stats.test-helper';
import { StorageNotices } from '../core/storage/storage-notices';
import { judgeWorkerEntry } from '../core/workers/judge-worker-entry';
import { WorkerPool } from '../core/workers/worker-pool';
import { watchLoad } from './machine-load';

/**
 * An eval run's statistics on a synthetic run (docs/architecture.md, "Evals: statistics"):
 * `tsx src-main/bench/eval-stats-measure.ts [rows] [repeats]` (100,000 rows × 4 columns, 1
 * sample by default). It prints main's own CPU and longest task while a worker of the pool
 * computes every column's figures, a comparison and a filter, and the same job's time run in
 * this thread. A measurement to read, not a gate: `npm run bench` holds the gates.
 */
const rows = Number(process.argv[2] ?? 100_000);
const repeats = Number(process.argv[3] ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-stats-'));
const db = openDataFolder(dir, new StorageNotices());
const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);

async function main() {
  const seeded = performance.now();
  // Pass rates that differ by column; a noul and a score answer on every cell.
  const { runId } = seedStatsRun(db, {
    rows,
    repeats,
    cell: (r, v, t, s) => {
      const x = (r * 2654435761 + s * 40503 + (v === 'warm' ? 7 : 0) + (t === 'b' ? 13 : 0)) % 1000;
      if (x < 5) return { failed: true };
      const bar = v === 'warm' ? 820 : 800;
      return { pass: x < bar, noul: x < bar ? 0.8 : 0.3, score: x % 5, latencyMs: 200 + (x % 300) };
    },
  });
  // A score answer as the judge's parser keeps it: its levels with their descriptions.
  const levels = Array.from({ length: 5 }, (_, i) => ({
    index: i,
    label: String(i),
    description: 'What this level of helpfulness means, in a sentence or two. '.repeat(2),
    probability: 0.2,
  }));
  db.prepare(
    "UPDATE eval_cells SET grades = json_set(grades, '$[1].levels', json(?)) WHERE grades IS NOT NULL",
  ).run(JSON.stringify(levels));
  console.log(
    `seeded ${rows} rows × 4 columns × ${repeats} samples in ${Math.round(performance.now() - seeded)} ms`,
  );
  const pool = new WorkerPool({
    size: 2,
    entry: judgeWorkerEntry(),
    workerData: { databaseFile: join(dir, DATABASE_FILE) },
  }).warm();
  await pool.ready();
  const load = watchLoad();
  const a = { variantId: 'terse', targetId: 'a' };
  const b = { variantId: 'warm', targetId: 'a' };
  const steps: [string, unknown][] = [
    ['evals.runs.stats', { runId, marksOf: 'checks' }],
    ['evals.runs.compare', { runId, a, b, of: 'checks' }],
    ['evals.runs.compare', { runId, a, b, of: { question: 'helpfulness' } }],
    ['evals.runs.filter', { runId, filter: { kind: 'disagree', a, b, of: 'checks' }, from: 0, limit: 100 }],
  ];
  for (const [kind, input] of steps) {
    const probe = await startLoopProbe();
    const cpu = process.threadCpuUsage();
    const t0 = performance.now();
    await pool.run(kind, input, { key: runId });
    const wall = Math.round(performance.now() - t0);
    const own = cpuMs(process.threadCpuUsage(cpu));
    const delay = await probe.stop();
    console.log(
      `${kind} ${JSON.stringify(input).slice(0, 60)}…: ${wall} ms in the worker; main's own CPU ${own} ms, ` +
        `longest main task (own) ${delay.ownMaxMs.toFixed(1)} ms, by the clock ${delay.maxMs.toFixed(1)} ms`,
    );
  }
  // The same job in this thread, cold: what the worker spends (reading, then the figures).
  const jobs = evalStatsJobs(db);
  const cpu = process.threadCpuUsage();
  const t0 = performance.now();
  const stats = jobs['evals.runs.stats']({ runId, marksOf: 'checks' }, { progress: () => undefined });
  console.log(
    `in one thread: ${Math.round(performance.now() - t0)} ms wall, ${cpuMs(process.threadCpuUsage(cpu))} ms CPU; ` +
      `heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
  console.log(
    stats.columns
      .map(
        (c) =>
          `${c.column.variantId}/${c.column.targetId} ${c.checks.estimate?.toFixed(4)} [${c.checks.lower?.toFixed(4)}, ${c.checks.upper?.toFixed(4)}] ${c.checks.method}`,
      )
      .join('\n'),
  );
  const l = load.stop();
  console.log(`machine load (1 min, highest seen): ${l.load1.toFixed(1)} on ${l.cpus} CPUs`);
  await pool.close();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
