import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseCsv } from '../src-main/core/judge/cases/csv';
import { expect, test } from './fixtures/app-fixture';
import { projectRoot, type RunningProcess, startSandboxProcess } from './fixtures/app-process';
import { addProfile } from './fixtures/profiles';
import { chooseFile } from './fixtures/choose-file';

/**
 * The judge workbench end to end, as a user would go through it: the sample set and its 300
 * labelled cases imported, a batch run killed mid-way and resumed after a restart, a noul
 * threshold tuned, two judge versions compared, the results exported. The Sandbox runs as a
 * process of its own here, so it outlives the app and can say how many requests reached it.
 */
const SAMPLES = join(projectRoot, 'resources/samples');
const CASES = 300;
const CONCURRENCY = 4;

let sandbox: RunningProcess;
let origin: string;
test.beforeAll(async () => {
  sandbox = await startSandboxProcess(['--judge-latency-ms', '120']);
  origin = new URL(sandbox.url).origin;
});
test.afterAll(() => sandbox.stop());

const judgeRequests = async (): Promise<{ total: number; byModel: Record<string, number> }> =>
  ((await (await fetch(`${origin}/sandbox/stats`)).json()) as { judgeRequests: never }).judgeRequests;

async function openSet(page: Page, view: 'Test cases' | 'Batch runs' | 'Agreement' | 'Drift') {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page
    .getByRole('complementary', { name: 'Question sets' })
    .getByRole('button', { name: /^Support reply review · / })
    .click();
  await page.getByRole('tab', { name: view }).click();
}

/** The progress bar's "n of N cases finished", as a number. */
async function finished(page: Page): Promise<number> {
  const label = await page.getByRole('progressbar').getAttribute('aria-label');
  return Number(/^([\d,]+) of/.exec(label ?? '')?.[1].replace(/,/g, '') ?? Number.NaN);
}

test('the sample set proven on its cases: import, a run that survives a kill, a tuned threshold, drift, export', async ({
  app,
}) => {
  test.setTimeout(240_000);
  let page = app.page;
  await addProfile(page, {
    name: 'Sandbox process',
    baseUrl: `${origin}/v1`,
    key: 'sk-e2e-workbench',
    use: true,
  });

  // The sample set, then its cases through the import dialog's preview.
  await page.getByRole('tab', { name: 'Judge' }).click();
  await chooseFile(
    page.getByRole('button', { name: 'Import a question set (JSON file)' }),
    join(SAMPLES, 'support-replies.question-set.json'),
  );
  await expect(page.getByText('Imported “Support reply review”.')).toBeVisible();
  await openSet(page, 'Test cases');
  await expect(page.getByText('No test cases yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import test cases' });
  await chooseFile(
    dialog.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }),
    join(SAMPLES, 'support-replies.cases.jsonl'),
  );
  await expect(
    dialog.getByText(`JSONL: ${CASES} rows, ${CASES} ready to import, 0 problem(s).`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: `Import ${CASES} cases` }).click();
  await expect(dialog.getByText(`Added ${CASES} case(s); skipped 0.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${CASES} cases`, { exact: true })).toBeVisible();

  // A batch run on the pinned version: the estimate first, then Start.
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page.getByLabel('Judge model').selectOption('judge-1.13.0');
  await page.getByLabel('Concurrency').fill(String(CONCURRENCY));
  await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
  const estimate = page.getByRole('region', { name: 'Before starting' });
  await expect(estimate.getByText(String(CASES), { exact: true })).toBeVisible();
  await expect(estimate.getByText(/¥0\.0\d+/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();

  // Killed mid-run, well after a few rounds of CONCURRENCY have been stored.
  await expect.poll(() => finished(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(60);
  await app.crashAndRestart();
  page = app.page;
  const beforeRestart = await judgeRequests();
  expect(beforeRestart.total).toBeLessThan(CASES);

  // The run goes on by itself after the restart. In browser mode the key lived in memory only
  // (no OS keychain), so the run paused on the gateway's 401 and says so; the key typed again,
  // Resume takes it on. Through Electron the key was kept and the run never stopped.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox process' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Paste API key' }).fill('sk-e2e-workbench');
  await page.getByRole('button', { name: 'Save key' }).click();
  await openSet(page, 'Batch runs');
  await page
    .getByRole('button', { name: /judge-1\.13\.0/ })
    .first()
    .click();
  // The selected run's header says where it stands once it has loaded: wait for that first.
  const runHeading = page.getByRole('heading', { name: /^judge-1\.13\.0 · (Paused|Running|Done)/ });
  await expect(runHeading).toBeVisible();
  const resume = page.getByRole('button', { name: 'Resume' });
  if (/· Paused/.test((await runHeading.textContent()) ?? '')) {
    await expect(page.getByText('Paused: the gateway refused the key (401).')).toBeVisible();
    await resume.click();
  }
  await expect(page.getByText('judge-1.13.0 · Done')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: /judge-1\.13\.0/ }).first()).toContainText(
    `${CASES} done · 0 failed`,
  );
  const after = await judgeRequests();
  // Only the requests in flight at the kill could be sent twice (their answers were never
  // stored); a resume that re-sent finished cases would add at least the 60 stored before it.
  expect(after.byModel['judge-1.13.0']).toBeGreaterThanOrEqual(CASES);
  expect(after.byModel['judge-1.13.0']).toBeLessThanOrEqual(CASES + CONCURRENCY);

  // Tune the refund question's threshold on its precision–recall chart and save it.
  await page.getByRole('tab', { name: 'Agreement' }).click();
  const refund = page.getByRole('article', { name: 'Agreement of offers_refund' });
  await expect(refund.getByText(`${CASES} of ${CASES} cases used`)).toBeVisible();
  const accuracyAt = () =>
    refund
      .locator('.agreement-threshold .agreement-stats > div', { hasText: 'Accuracy' })
      .locator('dd')
      .textContent();
  // Every figure with its uncertainty: AUC from the seeded bootstrap (stated in its title), the
  // figures at the threshold by Wilson's interval, and Cohen's κ beside them.
  const auc = refund.getByTitle(/^95% interval .* \(bootstrap, \d+ resamples, seed 1\)$/).first();
  await expect(auc).toHaveText(/^[01]\.\d+ ± 0\.\d+$/);
  expect(await accuracyAt()).toMatch(/^\d+\.\d% ± \d+\.\d%$/);
  await expect(
    refund.locator('.agreement-threshold .agreement-stats > div', { hasText: 'Cohen’s κ' }).locator('dd'),
  ).toHaveText(/^-?\d\.\d+ ± \d\.\d+$/);
  const atDefault = await accuracyAt();
  await refund.getByLabel(/^Threshold/).fill('0.3');
  await expect(refund.getByText('Not saved')).toBeVisible();
  await expect.poll(accuracyAt).not.toBe(atDefault);
  await refund.getByRole('button', { name: 'Save threshold' }).click();
  await expect(refund.getByText('In force: 0.30.')).toBeVisible();
  await expect(refund.getByText('Not saved')).toHaveCount(0);
  // Applied where the set's answers are shown: the results grid reads refunds at 0.3.
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page
    .getByRole('button', { name: /judge-1\.13\.0/ })
    .first()
    .click();
  await expect(page.getByRole('columnheader', { name: /offers_refund ≥ 0\.3/ })).toBeVisible();

  // Two judge versions compared: the preview on the same cases, then the drift between them.
  await page.getByRole('tab', { name: 'Drift' }).click();
  await page.getByRole('button', { name: 'Run on judge-preview' }).click();
  await expect(page.getByText('judge-preview: finished')).toBeVisible({ timeout: 90_000 });
  const runB = page.getByLabel('Run B');
  await runB.selectOption(
    (await runB.locator('option', { hasText: 'judge-preview' }).getAttribute('value'))!,
  );
  await expect(page.getByText(/answered by judge-1\.15\.0-preview \(300\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Flipped cases: [1-9]/ })).toBeVisible();
  await expect(page.getByText(/pin the version/)).toBeVisible();

  // The results as a file, with the tuned threshold applied.
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page
    .getByRole('button', { name: /judge-1\.13\.0/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const written = page.getByText(/^Results written to /);
  await expect(written).toBeVisible();
  const path = (await written.textContent())!.replace(/^Results written to /, '');
  expect(path.startsWith(app.exportDir)).toBe(true);
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8')).map((r) => r.fields);
  expect(rows).toHaveLength(CASES);
  const col = (name: string) => header.indexOf(name);
  expect(col('offers_refund.verdict')).toBeGreaterThan(-1);
  for (const r of rows) {
    expect(r[col('offers_refund.threshold')]).toBe('0.3');
    expect(r[col('offers_refund.verdict')]).toBe(String(Number(r[col('offers_refund.value')]) >= 0.3));
  }
});
