import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Question } from '../../src-shared/judge/question-rules';
import { openMemoryDatabase } from '../core/db/open-database';
import { createRepositories } from '../core/db/repositories';
import { fileSource } from '../core/judge/cases/case-file-scan';
import { JudgeCaseService } from '../core/judge/judge-case-service';
import { StorageNotices } from '../core/storage/storage-notices';
import { TimerLag } from '../core/diagnostics/loop-probe';
import { loadText, type MachineLoad, watchLoad } from './machine-load';

/**
 * Case file import (docs/architecture.md, "Benchmarks"): main's longest task (the longest a
 * 5 ms timer waited) and its peak memory while it previews and imports big files, in a Node
 * process of its own so nothing else shares its heap or its loop.
 */
const MB = 1024 * 1024;
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
  /** Import's one transaction holds the loop by design; its stall is shown, not judged. */
  judged: boolean;
  load: MachineLoad;
}

const questions: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Is the tone right?',
    options: [
      { name: 'yes', description: 'polite' },
      { name: 'no', description: 'curt' },
    ],
    levels: [],
  },
];

async function writeBlocks(path: string, head: string, block: (i: number) => string, stop: number) {
  const out = createWriteStream(path);
  let written = 0;
  out.write(head);
  for (let i = 0; written < stop; i++) {
    const b = block(i);
    if (written + b.length > stop) break;
    written += b.length;
    if (!out.write(b)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
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
  try {
    const short = join(dir, 'short.csv');
    await writeBlocks(
      short,
      'state,tone\n',
      (i) => {
        let b = '';
        for (let k = 0; k < 10_000; k++) b += `r${i * 10_000 + k},yes\n`;
        return b;
      },
      50 * MB - 20,
    );
    const full = join(dir, 'full.csv');
    const note = 'n'.repeat(480);
    await writeBlocks(
      full,
      'state,tone,note\n',
      (i) => {
        let b = '';
        for (let k = 0; k < 1_000; k++) b += `r${i * 1_000 + k},yes,${note}\n`;
        return b;
      },
      99_000 * 492,
    );
    const repos = createRepositories({ db: openMemoryDatabase(), notices: new StorageNotices() });
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
    });
    const out: Measure[] = [];
    const a = await measure(() => cases.importPreview({ setId: 'set', source: fileSource(short) }));
    out.push({
      label: '50 MB of short rows, preview',
      ...a,
      note: a.value.stopped ? `stopped at row ${a.value.stopped.at.toLocaleString('en')}` : 'read whole',
      judged: true,
    });
    const b = await measure(() => cases.importPreview({ setId: 'set', source: fileSource(full) }));
    out.push({
      label: '48 MB, 99,000 rows, preview',
      ...b,
      note: `${b.value.validCount.toLocaleString('en')} rows ready`,
      judged: true,
    });
    const c = await measure(() =>
      cases.importConfirm({ setId: 'set', source: fileSource(full), mapping: b.value.mapping! }),
    );
    out.push({
      label: '48 MB, 99,000 rows, import',
      ...c,
      note: `${c.value.added.toLocaleString('en')} added in one transaction`,
      judged: false,
    });
    return out.map(({ label, ms, stallMs, waitMs, rssGrowth, note, judged, load }) => ({
      label,
      ms,
      stallMs,
      waitMs,
      rssGrowth,
      note,
      judged,
      load,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function importRows(measures: Measure[]): string[] {
  return measures.map((m) => {
    const over = m.judged && (m.stallMs > STALL_BUDGET_MS || m.rssGrowth > RSS_BUDGET);
    const verdict = !m.judged ? 'shown' : over ? 'OVER' : 'ok';
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
