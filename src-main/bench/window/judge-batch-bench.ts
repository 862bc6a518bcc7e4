import { uploadText } from '../../core/judge/cases/upload-text';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import type { ImportOutcome } from '../../../src-shared/judge/judge-inputs';
import type { BatchProgress, BatchRunView } from '../../../src-shared/judge/batch-run';
import type { CaseImportPreview } from '../../../src-shared/judge/judge-case-import';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import { startApp } from './app-process';
import { type AppCpu, runToDone, watchWorkload } from './app-workload';
import { probedPage } from './stream-cases';

export interface JudgeBatchMeasure {
  cases: number;
  questions: number;
  concurrency: number;
  latencyMs: number;
  wallMs: number;
  /** cases / concurrency × latency: what the run would take with no overhead at all. */
  idealMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** The window's progress bar reached the total while the run was on screen. */
  progressShown: boolean;
  /** Main's event loop in the app process from Start to the run's end. */
  loop: LoopDelay;
  /**
   * From "Prepare run and estimate" to Start enabled: the run's estimate (in a worker), which
   * Start waits for; not part of `wallMs`, a click cannot start a run before it.
   */
  estimateMs: number;
  /** CPU time of the app's main thread and of its whole process from Start to `done` (null off Linux). */
  cpu: AppCpu;
}

/**
 * A batch run of the sample question set (5 questions) over `cases` cases at concurrency 16, the
 * in-app Sandbox holding every judge request `latencyMs`, with the Judge tab open on the run's
 * progress; the page's long tasks are counted for the whole run. docs/architecture.md, "Benchmarks".
 */
export async function judgeBatchBench(
  projectRoot: string,
  browser: Browser,
  cases = 1_000,
  concurrency = 16,
  latencyMs = 200,
): Promise<JudgeBatchMeasure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-judge-'));
  // A fresh data folder starts on the Sandbox profile; its judge answers after `latencyMs`.
  const app = await startApp(projectRoot, dataDir, ['--sandbox-judge-latency-ms', String(latencyMs)]);
  try {
    const samples = join(projectRoot, 'resources/samples');
    const imported = await app.invoke<ImportOutcome>('judge.sets.import', {
      text: readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'),
    });
    if (imported.status !== 'imported') throw new Error('the sample set did not import');
    const set = imported.set;
    const lines = readFileSync(join(samples, 'support-replies.cases.jsonl'), 'utf8').trim().split('\n');
    const text = Array.from({ length: cases }, (_, i) => lines[i % lines.length]).join('\n');
    const uploadId = await uploadText((route, input) => app.invoke(route, input), text);
    const file = { setId: set.id, uploadId, format: 'jsonl' as const };
    const preview = await app.invoke<CaseImportPreview>('judge.cases.importPreview', file);
    await app.invoke('judge.cases.importConfirm', { ...file, mapping: preview.mapping });

    const page = await probedPage(browser, app.url);
    await openRunsView(page, set.name);
    // The run made and started as a user would: the form, its estimate, Start.
    await page.getByLabel('Judge model').selectOption('judge-1.13.0');
    await page.getByLabel('Concurrency').fill(String(concurrency));
    const prepared = performance.now();
    await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
    // Start is enabled once the estimate is shown: the wall time runs from a click that starts.
    const start = page.getByRole('button', { name: 'Start', exact: true, disabled: false });
    await start.waitFor();
    const estimateMs = performance.now() - prepared;
    const watch = await watchWorkload(app, page, { traced: false });
    const { run, wallMs, barMax } = await runToDone({
      start: () => start.click(),
      listed: async () => (await app.invoke<BatchRunView[]>('judge.batch.list', { setId: set.id }))[0],
      get: (r) => app.invoke<BatchRunView>('judge.batch.get', { id: r.id }),
      // `done` is seen by the run's event as the window hears it; it was polled every 20 ms,
      // 50 reads a second of main's for the bench alone.
      progress: (l) => app.on<BatchProgress>('judge.batch.progress', l),
      everyMs: 1_000,
      bar: () => page.evaluate(() => document.querySelector('progress')?.value ?? 0),
    });
    if (run.done !== cases) throw new Error(`${run.failed} cases failed`);
    const { loop, cpu } = await watch.stopApp();
    // The bar moved while the run went, and the run's row reads every case done at the end.
    const total = cases.toLocaleString('en');
    const progressShown =
      barMax > 0 &&
      (await page
        .locator('.runs-item', { hasText: `${total} done · 0 failed` })
        .first()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false));
    const { longTasks, longestTaskMs } = await watch.stopPage();
    await page.close();
    return {
      cases,
      questions: set.revisions[0].questions.length,
      concurrency,
      latencyMs,
      wallMs,
      idealMs: (cases / concurrency) * latencyMs,
      longTasks,
      longestTaskMs,
      progressShown,
      loop,
      estimateMs,
      cpu,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The Judge tab, the set opened from the list, its Batch runs view. */
async function openRunsView(page: Page, setName: string) {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page.getByRole('complementary', { name: 'Question sets' }).getByText(setName).first().click();
  await page.getByRole('tab', { name: 'Batch runs' }).click();
}
