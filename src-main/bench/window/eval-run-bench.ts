import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import type { EvalRecord } from '../../../src-shared/evals/eval-definition';
import type { EvalRowsImportResult, EvalRowsPreview } from '../../../src-shared/evals/eval-rows-import';
import type { EvalRunProgress, EvalRunView } from '../../../src-shared/evals/eval-run-views';
import type { ImportOutcome } from '../../../src-shared/judge/judge-inputs';
import type { LoopDelay } from '../../core/diagnostics/loop-probe';
import { uploadText } from '../../core/judge/cases/upload-text';
import { type AppProcess, startApp } from './app-process';
import { type AppCpu, runToDone, watchWorkload } from './app-workload';
import type { TaskCpu } from './eval-task-cpu';
import { probedPage } from './stream-cases';

export interface EvalRunMeasure {
  rows: number;
  variants: number;
  targets: number;
  cells: number;
  concurrency: number;
  chatLatencyMs: number;
  judgeLatencyMs: number;
  wallMs: number;
  /** cells × (chat + judge latency) / concurrency: the run with no overhead at all. */
  idealMs: number;
  longTasks: number;
  longestTaskMs: number;
  /** The same tasks as the trace saw them, with their thread's CPU; null when not traced. */
  tasksCpu: TaskCpu[] | null;
  /** Each task over 50 ms: seconds after Start, and its length. */
  tasksOver50: { atS: number; ms: number }[];
  /** The run panel's bar moved during the run and its counts read every cell done at the end. */
  progressShown: boolean;
  /** The highest the bar showed while the run went (cells finished). */
  progressSeen: number;
  /** Main's event loop in the app process from Start to done. */
  loop: LoopDelay;
  /** CPU time of the app's main thread and of the whole process (workers, in-app Sandbox) over the run. */
  cpu: AppCpu;
}

/**
 * The run is read by route this often besides its progress events, which tell its end: it was
 * polled every 100 ms, about 1.5 s of main's CPU over a run for the bench alone.
 */
const POLL_MS = 1_000;

/**
 * Issue 27's eval run: the sample rows repeated to `rows` rows × the sample's two prompts × two
 * Sandbox chat models, graded by the sample question set, at concurrency 8, the in-app Sandbox
 * taking 200 ms per whole chat reply and 200 ms per judge call; made through the routes as the
 * window would (upload, preview, import), started from the eval's Runs & results view, the
 * page's long tasks counted over the whole run. docs/architecture.md, "Benchmarks".
 */
export async function evalRunBench(
  projectRoot: string,
  browser: Browser,
  rows = 1_000,
  concurrency = 8,
  latencyMs = 200,
): Promise<EvalRunMeasure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-eval-'));
  // A fresh data folder starts on the Sandbox profile; its chat replies and judge answers are paced.
  const app = await startApp(projectRoot, dataDir, [
    '--sandbox-judge-latency-ms',
    String(latencyMs),
    '--sandbox-chat-latency-ms',
    String(latencyMs),
  ]);
  try {
    const record = await seedSampleEval(app, projectRoot, rows);
    const cells = rows * record.variants.length * record.targets.length;
    const page = await probedPage(browser, app.url);
    await openRunsView(page, record.name);
    await page.getByLabel('Concurrency', { exact: true }).fill(String(concurrency));
    const start = page.getByRole('button', { name: 'Start run', exact: true });
    await start.waitFor();
    const watch = await watchWorkload(app, page, { traced: true });
    const { run, t0, wallMs, barMax } = await runToDone({
      start: () => start.click(),
      listed: async () => (await app.invoke<EvalRunView[]>('evals.runs.list', { id: record.id }))[0],
      get: (r) => app.invoke<EvalRunView>('evals.runs.get', { runId: r.id }),
      progress: (l) => app.on<EvalRunProgress>('evals.run.progress', l),
      everyMs: POLL_MS,
      bar: () => barValue(page),
    });
    const startedAt = performance.timeOrigin + t0;
    const { loop, cpu } = await watch.stopApp();
    if (run.failed > 0) throw new Error(`${run.failed} of ${cells} cells failed`);
    const total = cells.toLocaleString('en');
    const counts = page
      .getByRole('region', { name: 'Progress' })
      .getByText(`${total} done · 0 failed · of ${total}`);
    const atEnd = await counts
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    const shownMax = Math.max(barMax, await barValue(page));
    const { probe, longTasks, longestTaskMs, tasksCpu } = await watch.stopPage();
    await page.close();
    return {
      rows,
      variants: record.variants.length,
      targets: record.targets.length,
      cells,
      concurrency,
      chatLatencyMs: latencyMs,
      judgeLatencyMs: latencyMs,
      wallMs,
      idealMs: (cells * (latencyMs + latencyMs)) / concurrency,
      longTasks,
      longestTaskMs,
      tasksCpu,
      tasksOver50: probe.tasks.flatMap((ms, i) =>
        ms > 50 ? [{ atS: (probe.taskStarts[i] - startedAt) / 1000, ms }] : [],
      ),
      progressShown: atEnd && shownMax === cells,
      progressSeen: shownMax,
      loop,
      cpu,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const barValue = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLProgressElement>('.evalruns-progress progress')?.value ?? 0);

/** resources/samples/README.md's quoted prompt blocks, word for word. */
function samplePrompt(readme: string, label: string): string {
  const m = new RegExp(`${label}:\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!m) throw new Error(`resources/samples/README.md has no ${label} block`);
  return m[1];
}

/**
 * The sample eval through the routes: the sample set imported (pinned at its revision), an eval
 * of the README's two prompts × two Sandbox chat models, and its dataset the sample rows repeated
 * to `rows`, uploaded, previewed and imported as the window's import dialog does.
 */
export async function seedSampleEval(
  app: AppProcess,
  projectRoot: string,
  rows: number,
): Promise<EvalRecord> {
  const samples = join(projectRoot, 'resources/samples');
  const imported = await app.invoke<ImportOutcome>('judge.sets.import', {
    text: readFileSync(join(samples, 'support-replies.question-set.json'), 'utf8'),
  });
  if (imported.status !== 'imported') throw new Error('the sample set did not import');
  const readme = readFileSync(join(samples, 'README.md'), 'utf8');
  const user = samplePrompt(readme, 'Both variants, user');
  const created = await app.invoke<EvalRecord>('evals.create', {
    spec: {
      name: 'Support replies (bench)',
      dataset: {
        source: { kind: 'stored' },
        columns: ['customer_name', 'product', 'order_id', 'customer_message'],
      },
      variants: [
        { id: 'A', name: 'Plain', system: samplePrompt(readme, 'Variant A, system'), user },
        { id: 'B', name: 'Apologise and resolve', system: samplePrompt(readme, 'Variant B, system'), user },
      ],
      targets: [
        { id: 'one', profileId: 'sandbox', model: 'sandbox-chat-1' },
        { id: 'mini', profileId: 'sandbox', model: 'sandbox-chat-mini' },
      ],
      grader: {
        set: { kind: 'saved', setId: imported.set.id, revision: imported.set.revisions.at(-1)!.revision },
        judgeModel: 'judge-1.13.0',
      },
      checks: [
        { kind: 'contains', text: '{{customer_name}}' },
        { kind: 'max-length', chars: 2000 },
      ],
    },
  });
  const lines = readFileSync(join(samples, 'support-eval-rows.jsonl'), 'utf8').trim().split('\n');
  // Each repeat of a sample row gets its own order number: a repeated row would be the same
  // request, which the run's cache answers without sending (a first try sent 800 of 4,000 chats).
  const text = Array.from({ length: rows }, (_, i) => {
    const row = JSON.parse(lines[i % lines.length]) as Record<string, string>;
    const repeat = Math.floor(i / lines.length);
    return JSON.stringify(repeat ? { ...row, order_id: `${row.order_id}-${repeat}` } : row);
  }).join('\n');
  const uploadId = await uploadText((route, input) => app.invoke(route, input), text);
  const file = { evalId: created.id, uploadId, format: 'jsonl' as const };
  const preview = await app.invoke<EvalRowsPreview>('evals.rows.importPreview', file);
  if (!preview.mapping) throw new Error('the sample rows have no columns to map');
  const done = await app.invoke<EvalRowsImportResult>('evals.rows.importConfirm', {
    ...file,
    mapping: preview.mapping,
  });
  if (done.added !== rows) throw new Error(`${done.added} of ${rows} rows imported`);
  return done.eval;
}

/** The Evals tab, the eval opened from its list, its Runs & results view. */
export async function openRunsView(page: Page, evalName: string): Promise<void> {
  await page.getByRole('tab', { name: 'Evals', exact: true }).click();
  await page.getByRole('complementary', { name: 'Evals' }).getByText(evalName).first().click();
  await page.getByRole('tab', { name: 'Runs & results' }).click();
}
