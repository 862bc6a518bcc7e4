import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { projectRoot } from './fixtures/app-process';
import { chooseFile } from './fixtures/choose-file';

/**
 * "Is the difference real?" on the sample set (docs/architecture.md, "Judge agreement and
 * drift"): the in-app Sandbox's pinned judge and its preview, which differ in documented ways
 * ("The Sandbox judge"), each run over a small subset of the 300 labelled cases and over all of
 * them. On the subset the drift cannot tell; on the whole sample it can.
 */
const SAMPLES = join(projectRoot, 'resources/samples');
const CASES = 300;
/** The cases whose state names Hiro: 15 of the 300, 4 of them offering a refund. */
const SUBSET = 'Hiro';

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

/** A run of the set on `model` over all cases or those matching `filter`, started and waited for. */
async function runOn(page: Page, model: string, filter?: string) {
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page.getByLabel('Judge model').selectOption(model);
  await page.getByLabel('Concurrency').fill('8');
  if (filter) {
    await page.getByRole('radio', { name: 'Only cases matching a filter' }).check();
    await page.getByRole('searchbox', { name: 'Text in the state or note' }).fill(filter);
  } else await page.getByRole('radio', { name: 'All saved cases' }).check();
  await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${model.replace(/\./g, '\\.')} · Done`) }),
  ).toBeVisible({
    timeout: 90_000,
  });
}

test('drift says a small subset cannot tell the judge versions apart, and the whole sample can', async ({
  app,
}) => {
  test.setTimeout(240_000);
  const page = app.page;
  await importSample(page);
  await runOn(page, 'judge-1.13.0', SUBSET);
  await runOn(page, 'judge-preview', SUBSET);
  await runOn(page, 'judge-1.13.0');
  await runOn(page, 'judge-preview');

  // By default the two newest runs of different models: the whole sample, pinned (A) and preview (B).
  await page.getByRole('tab', { name: 'Drift' }).click();
  const stats = page.getByRole('region', { name: 'Is the difference real?' });
  const table = stats.getByRole('table', { name: 'Paired statistics, B − A, per question' });
  await expect(table).toBeVisible();
  // The preview misses the credits: its refund AUC falls, decisively, on the 300 cases.
  await expect(table.getByRole('row', { name: /AUC \(headline\)/ }).first()).toContainText(
    /B − A = −0\.\d\d \[−0\.\d\d, −0\.\d\d\] on 300 cases: decisive, B lower/,
  );
  await expect(table.getByText(/on 300 cases: decisive/).first()).toBeVisible();
  await expect(table).toContainText('Settled');

  // The same two judges on the 15 cases that name Hiro.
  const pick = async (label: 'Run A' | 'Run B', model: string) => {
    const select = page.getByLabel(label);
    const option = select.locator('option', {
      hasText: new RegExp(`^${model.replace(/\./g, '\\.')} .*\\(15/15\\)`),
    });
    await select.selectOption((await option.getAttribute('value'))!);
  };
  await pick('Run A', 'judge-1.13.0');
  await pick('Run B', 'judge-preview');
  await expect(table.getByText(/on 15 cases: not decisive/).first()).toBeVisible();
  await expect(table).not.toContainText('on 300 cases');
  // Not settled on 15 cases: how many labelled cases would settle it.
  await expect(table.getByText(/^About \d/).first()).toBeVisible();
});
