import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchGridPage } from '../../../src-shared/judge/batch-grid';
import type { CaseImportPreview, CaseImportResult } from '../../../src-shared/judge/judge-case-import';
import type { ImportOutcome } from '../../../src-shared/judge/judge-inputs';
import type { RunAgreement, RunDrift } from '../../../src-shared/judge/run-agreement';
import { uploadText } from '../../core/judge/cases/upload-text';
import type { MainLoopRow } from '../main-loop-report';
import { watchLoad } from '../machine-load';
import { type AppProcess, startApp } from './app-process';
import { seedLargeRuns } from './seed-data';

/** A call the window might send while main works on something else: it should be answered at once. */
const OTHER_CALL_AFTER_MS = 50;
/** The size of the case file imported: about the import bench's 48 MB, 99,000 rows. */
const IMPORT_ROWS = 99_000;

/**
 * Main's event loop while the app opens a `cases`-case batch run: its grid's first page,
 * agreement, drift against a second run, a CSV export, and the import of a large case file, in
 * an app process of its own on a data folder seeded before it starts (`seedLargeRuns`). Run in
 * that order, as a user would: the agreement reuses the run the grid loaded; the drift loads the
 * second run. docs/architecture.md, "Benchmarks".
 */
export async function largeRunBench(projectRoot: string, cases = 100_000): Promise<MainLoopRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-large-'));
  const seeded = performance.now();
  const runs = seedLargeRuns(dataDir, projectRoot, cases);
  console.log(
    `  window bench: seeded ${cases.toLocaleString('en')} cases and two runs in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );
  const app = await startApp(projectRoot, dataDir);
  const rows: MainLoopRow[] = [];
  const n = cases.toLocaleString('en');
  try {
    // What the window calls when the Batch runs view opens, before the grid: not measured.
    await app.invoke('judge.batch.list', { setId: runs.setId });
    rows.push(
      await measured(app, `opening a ${n}-case run's grid`, async () => {
        const t0 = performance.now();
        const grid = app.invoke<BatchGridPage>('judge.batch.grid', { id: runs.a, offset: 0, limit: 100 });
        const other = new Promise<number>((resolve) =>
          setTimeout(() => {
            const sent = performance.now();
            void app.invoke('app.info', {}).then(() => resolve(performance.now() - sent));
          }, OTHER_CALL_AFTER_MS),
        );
        const page = await grid;
        const firstPageMs = performance.now() - t0;
        const waited = await other;
        if (page.total !== cases) throw new Error(`the grid showed ${page.total} cases`);
        return `first page ${firstPageMs.toFixed(0)} ms (budget 300); a call sent ${OTHER_CALL_AFTER_MS} ms in waited ${waited.toFixed(0)} ms`;
      }),
    );
    rows.push(
      await measured(app, `its agreement with the labels`, async () => {
        const t0 = performance.now();
        const agreement = await app.invoke<RunAgreement>('judge.batch.agreement', { id: runs.a });
        return `${(performance.now() - t0).toFixed(0)} ms, ${agreement.questions.length} questions`;
      }),
    );
    rows.push(
      await measured(app, `its drift against a second ${n}-case run`, async () => {
        const t0 = performance.now();
        const drift = await app.invoke<RunDrift>('judge.batch.drift', { a: runs.a, b: runs.b });
        return `${(performance.now() - t0).toFixed(0)} ms, ${drift.flipsTotal.toLocaleString('en')} flipped`;
      }),
    );
    rows.push(
      await measured(app, `exporting it (CSV)`, async () => {
        const t0 = performance.now();
        const path = await app.invoke<string | null>('judge.batch.export', { id: runs.a, format: 'csv' });
        if (!path) throw new Error('the export wrote nothing');
        return `${(performance.now() - t0).toFixed(0)} ms`;
      }),
    );
    rows.push(await importLargeFile(app, projectRoot));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** `work` with main's event loop watched; its result is the row's note. */
export async function measured(app: AppProcess, workload: string, work: () => Promise<string>) {
  const load = watchLoad();
  const stop = await app.watchLoop();
  const note = await work();
  const delay = await stop();
  return { workload, delay, load: load.stop(), note };
}

/** The sample set imported fresh, then about 48 MB of its cases file (99,000 rows) uploaded, previewed and imported. */
async function importLargeFile(app: AppProcess, projectRoot: string): Promise<MainLoopRow> {
  const samples = join(projectRoot, 'resources/samples');
  const imported = await app.invoke<ImportOutcome>('judge.sets.import', {
    text: readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'),
  });
  if (imported.status !== 'imported') throw new Error('the sample set did not import');
  const lines = readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8').trim().split('\n');
  // Each row padded with a note to about 490 bytes, as in the import bench's 48 MB file.
  const text = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const row = JSON.parse(lines[i % lines.length]) as Record<string, unknown>;
    const base = JSON.stringify({ ...row, note: '' }).length;
    return JSON.stringify({ ...row, note: 'n'.repeat(Math.max(0, 490 - base)) });
  }).join('\n');
  const mb = (Buffer.byteLength(text) / 1024 / 1024).toFixed(0);
  return measured(
    app,
    `importing a ${mb} MB case file (${IMPORT_ROWS.toLocaleString('en')} rows)`,
    async () => {
      const t0 = performance.now();
      const uploadId = await uploadText((route, input) => app.invoke(route, input), text);
      const file = { setId: imported.set.id, uploadId, format: 'jsonl' as const };
      const t1 = performance.now();
      const preview = await app.invoke<CaseImportPreview>('judge.cases.importPreview', file);
      const t2 = performance.now();
      const done = await app.invoke<CaseImportResult>('judge.cases.importConfirm', {
        ...file,
        mapping: preview.mapping,
      });
      const t3 = performance.now();
      const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
      return `upload ${s(t0, t1)}, preview ${s(t1, t2)}, import ${s(t2, t3)}; ${done.added.toLocaleString('en')} added`;
    },
  );
}
