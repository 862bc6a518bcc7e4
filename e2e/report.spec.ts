import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { E2E_MODE, expect, test } from './fixtures/app-fixture';
import { projectRoot } from './fixtures/app-process';
import { chooseFile } from './fixtures/choose-file';

/**
 * A report you can send (docs/architecture.md, "Reports"): the sample run's agreement and the
 * drift of two judge versions saved from the app, then each file opened in Chromium from disk,
 * every request it makes recorded: none may leave the file. `REPORT_SHOTS_DIR` keeps a picture of
 * the agreement report in each colour scheme.
 */
const SAMPLES = join(projectRoot, 'resources/samples');
const CASES = 300;
const SHOTS = process.env.REPORT_SHOTS_DIR;

async function importSample(page: Page) {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await chooseFile(
    page.getByRole('button', { name: 'Import a question set (JSON file)' }),
    join(SAMPLES, 'support-replies.question-set.json'),
  );
  await expect(page.getByText('Imported “Support reply review”.')).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Question sets' })
    .getByRole('button', { name: /^Support reply review · / })
    .click();
  await page.getByRole('tab', { name: 'Test cases' }).click();
  await page.getByRole('button', { name: 'Import…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import test cases' });
  await chooseFile(
    dialog.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }),
    join(SAMPLES, 'support-replies.cases.jsonl'),
  );
  await dialog.getByRole('button', { name: `Import ${CASES} cases` }).click();
  await expect(dialog.getByText(`Added ${CASES} case(s); skipped 0.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
}

async function runOn(page: Page, model: string) {
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page.getByLabel('Judge model').selectOption(model);
  await page.getByLabel('Concurrency').fill('8');
  await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${model.replace(/\./g, '\\.')} · Done`) }),
  ).toBeVisible({ timeout: 90_000 });
}

/** Clicks "Save report…" and reads where main wrote the file. */
async function saveReport(page: Page, exportDir: string): Promise<string> {
  await page.getByRole('button', { name: 'Save report…' }).click();
  const written = page.getByText(/^Report written to /);
  await expect(written).toBeVisible();
  const path = (await written.textContent())!.replace(/^Report written to /, '');
  expect(path.startsWith(exportDir)).toBe(true);
  return path;
}

/**
 * Opens a file from disk in a fresh context of its own and lists every request other than the
 * file itself: each is recorded (and refused, so nothing reaches a network either way).
 */
async function openRecording(browser: Browser, path: string, colorScheme: 'light' | 'dark' = 'light') {
  const url = pathToFileURL(path).href;
  const context = await browser.newContext({ colorScheme, viewport: { width: 1100, height: 900 } });
  const requests: string[] = [];
  context.on('request', (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  await context.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  // Anything the page might still fetch (a lazy image, a font) has had its moment.
  await page.waitForTimeout(500);
  return { page, requests, close: () => context.close() };
}

test('the agreement and the drift saved as reports open in Chromium with no request leaving the file', async ({
  app,
}, testInfo) => {
  test.setTimeout(240_000);
  const page = app.page;
  await importSample(page);
  await runOn(page, 'judge-1.13.0');
  await page.getByRole('tab', { name: 'Agreement' }).click();
  await expect(page.getByText(`${CASES} of ${CASES} cases used`).first()).toBeVisible();
  const agreementFile = await saveReport(page, app.exportDir);
  expect(agreementFile).toMatch(/Support-reply-review-agreement-\d{4}-\d{2}-\d{2}\.report\.html$/);

  await page.getByRole('tab', { name: 'Drift' }).click();
  await page.getByRole('button', { name: 'Run on judge-preview' }).click();
  await expect(page.getByText('judge-preview: finished')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'Is the difference real?' })).toBeVisible();
  const driftFile = await saveReport(page, app.exportDir);
  expect(driftFile).toMatch(/Support-reply-review-drift-\d{4}-\d{2}-\d{2}\.report\.html$/);

  const browser =
    E2E_MODE === 'web'
      ? page.context().browser()!
      : await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    // The recorder itself: a page that does fetch is caught.
    const control = testInfo.outputPath('control.html');
    writeFileSync(control, '<!doctype html><img src="http://127.0.0.1:9/pixel.png" alt="">');
    const probe = await openRecording(browser, control);
    expect(probe.requests).toEqual(['http://127.0.0.1:9/pixel.png']);
    await probe.close();

    const agreement = await openRecording(browser, agreementFile);
    expect(agreement.requests).toEqual([]);
    const report = agreement.page;
    await expect(report.getByRole('heading', { level: 1 })).toHaveText(
      'Agreement report: Support reply review',
    );
    const refund = report.locator('section.question[aria-label="offers_refund"]');
    await expect(refund.getByRole('row', { name: /^Accuracy / })).toHaveText(
      /^Accuracy\d+\.\d%\[\d+\.\d%, \d+\.\d%\]Wilson$/,
    );
    await expect(refund.getByRole('row', { name: /^AUC / })).toHaveText(
      /^AUC\d\.\d{3}\[\d\.\d{3}, \d\.\d{3}\]bootstrap, 1,000 resamples, seed 1$/,
    );
    await expect(refund.getByRole('img', { name: /^ROC curve, AUC \d\.\d{3}$/ })).toBeVisible();
    await expect(
      refund.getByRole('img', { name: /^Reliability diagram\. Predicted → observed/ }),
    ).toBeVisible();
    expect(await report.locator('svg').count()).toBeGreaterThan(0);
    expect(readFileSync(agreementFile, 'utf8')).not.toMatch(/https?:|\bsrc=|\bhref=/);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await report.screenshot({ path: join(SHOTS, 'report-agreement-light.png') });
    }
    await agreement.close();
    if (SHOTS) {
      const dark = await openRecording(browser, agreementFile, 'dark');
      expect(dark.requests).toEqual([]);
      await dark.page.screenshot({ path: join(SHOTS, 'report-agreement-dark.png') });
      await dark.close();
    }

    const drift = await openRecording(browser, driftFile);
    expect(drift.requests).toEqual([]);
    await expect(drift.page.getByRole('heading', { level: 1 })).toHaveText(
      'Drift report: Support reply review',
    );
    await expect(
      drift.page.getByText(/B − A = [+−]\d\.\d+ \[[+−]?\d\.\d+, [+−]?\d\.\d+\] on \d+ cases: /).first(),
    ).toBeVisible();
    await expect(
      drift.page.getByRole('img', { name: /^Paired deltas, B − A, with 95 % intervals/ }),
    ).toBeVisible();
    await drift.close();
  } finally {
    if (E2E_MODE !== 'web') await browser.close();
  }
});
