import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_FILE } from '../core/db/open-database';
import { openDataFolder } from '../core/db/open-data-folder';
import { createRepositories } from '../core/db/repositories';
import { fileSource } from '../core/judge/cases/case-file-scan';
import { JudgeCaseService } from '../core/judge/judge-case-service';
import { StorageNotices } from '../core/storage/storage-notices';
import { TimerLag } from '../core/diagnostics/loop-probe';
import { judgeWorkerEntry } from '../core/workers/judge-worker-entry';
import { WorkerPool } from '../core/workers/worker-pool';
import {
  MB,
  TONE_QUESTIONS as questions,
  writeNotedRowsCsv,
  writeShortRowsCsv,
} from '../test-support/big-case-files';
import { loadText, type MachineLoad, watchLoad } from './machine-load';

/**
 * Case file import (docs/architecture.md, "Benchmarks"): main's longest task (the longest a
 * 5 ms timer waited) and its peak memory while it previews and imports big files, in a Node
 * process of its own so nothing else shares its heap or its loop. As in the app, the data
 * folder is on disk and the import runs in a worker thread of a pool started beforehand; the
 * process's memory counts the worker's too.
 */
/** A click or a streamed delta waits at most this long for main. */
const STALL_BUDGET_MS = 50;
const RSS_BUDGET = 150 * MB;

interface Measure {
  label: string;
  ms: number;
  stallMs: number;
  waitMs: number;
  rssGrowth: number;
  note: string;
  load: MachineLoad;
}

/**
 * `stallMs` is the longest gap of a 5 ms timer counted only while main's thread used the CPU
 * (`TimerLag`, the probe the window bench reads in the app): main's longest task, not the time the
 * machine gave other processes. `waitMs` is the plain longest wait, which a busy machine inflates.
 */
async function measure<T>(work: () => Promise<T>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const lag = new TimerLag(5);
  const load = watchLoad();
  const tick = () => {
    lag.tick();
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const probe = setInterval(tick, 5);
  const started = performance.now();
  const value = await work();
  tick();
  clearInterval(probe);
  return {
    value,
    ms: performance.now() - started,
    stallMs: lag.ownMs(),
    waitMs: lag.maxClockMs,
    rssGrowth: peak - base,
    load: load.stop(),
  };
}

async function child(): Promise<Measure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-import-'));
  const dataDir = join(dir, 'data');
  const db = openDataFolder(dataDir, new StorageNotices());
  // Started (its code loaded) before anything is measured, as the app starts its pool.
  const workers = new WorkerPool({
    size: 1,
    entry: judgeWorkerEntry(),
    workerData: { databaseFile: join(dataDir, DATABASE_FILE) },
  }).warm();
  try {
    const short = join(dir, 'short.csv');
    await writeShortRowsCsv(short, 50 * MB);
    const full = join(dir, 'full.csv');
    await writeNotedRowsCsv(full, 99_000);
    await workers.ready();
    const repos = createRepositories({ db, notices: new StorageNotices() });
    repos.sets.put({
      id: 'set',
      name: 'Bench',
      createdAt: 1,
      updatedAt: 1,
      revisions: [{ revision: 1, savedAt: 1, questions }],
    });
    const cases = new JudgeCaseService({
      cases: repos.cases,
      sets: repos.sets,
      desktop: { saveFileAs: async () => null, saveTextAs: async () => null, notify: () => undefined },
      workers,
    });
    const out: Measure[] = [];
    const a = await measure(() => cases.importPreview({ setId: 'set', source: fileSource(short) }));
    out.push({
      label: '50 MB of short rows, preview',
      ...a,
      note: a.value.stopped ? `stopped at row ${a.value.stopped.at.toLocaleString('en')}` : 'read whole',
    });
    const b = await measure(() => cases.importPreview({ setId: 'set', source: fileSource(full) }));
    out.push({
      label: '48 MB, 99,000 rows, preview',
      ...b,
      note: `${b.value.validCount.toLocaleString('en')} rows ready`,
    });
    const c = await measure(() =>
      cases.importFile({ setId: 'set', path: full, size: statSync(full).size, mapping: b.value.mapping! }),
    );
    out.push({
      label: '48 MB, 99,000 rows, import',
      ...c,
      note: `${c.value.added.toLocaleString('en')} added in one transaction, in a worker thread`,
    });
    return out.map(({ label, ms, stallMs, waitMs, rssGrowth, note, load }) => ({
      label,
      ms,
      stallMs,
      waitMs,
      rssGrowth,
      note,
      load,
    }));
  } finally {
    await workers.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function importRows(measures: Measure[]): string[] {
  return measures.map((m) => {
    const over = m.stallMs > STALL_BUDGET_MS || m.rssGrowth > RSS_BUDGET;
    const verdict = over ? 'OVER' : 'ok';
    return `  ${m.label.padEnd(30)} ${(m.ms / 1000).toFixed(2).padStart(6)} s  longest task ${m.stallMs.toFixed(0).padStart(5)} ms (budget ${STALL_BUDGET_MS}; a timer waited ${m.waitMs.toFixed(0)} ms)  peak RSS +${(m.rssGrowth / MB).toFixed(0).padStart(4)} MB (budget ${RSS_BUDGET / MB})  ${verdict}  ${m.note}  [${loadText(m.load)}]`;
  });
}

/** Runs the child and prints its rows. */
export async function runImportBench(projectRoot: string): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  proc.stdout.on('data', (d: Buffer) => (text += String(d)));
  const [code] = (await once(proc, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the import bench exited ${code}`);
  console.log('\nCase file import (main, a process of its own):');
  for (const line of importRows(JSON.parse(text) as Measure[])) console.log(line);
}

if (process.argv.includes('--child')) process.stdout.write(JSON.stringify(await child()));
