import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { projectRoot, type RunningProcess, startSandboxProcess } from './fixtures/app-process';
import { addProfile } from './fixtures/profiles';
import { chooseFile } from './fixtures/choose-file';

/**
 * Review in a batch run's results (docs/architecture.md, "Review in the results"): on the sample
 * set and its 300 labelled cases, a case marked with the keyboard, commented, its label corrected
 * in place (the agreement moves with it), and the grid filtered by those marks.
 */
const SAMPLES = join(projectRoot, 'resources/samples');
const CASES = 300;

let sandbox: RunningProcess;
let origin: string;
test.beforeAll(async () => {
  sandbox = await startSandboxProcess([]);
  origin = new URL(sandbox.url).origin;
});
test.afterAll(() => sandbox.stop());

async function openSet(page: Page, view: 'Test cases' | 'Batch runs' | 'Agreement') {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page
    .getByRole('complementary', { name: 'Question sets' })
    .getByRole('button', { name: /^Support reply review · / })
    .click();
  await page.getByRole('tab', { name: view }).click();
}

const refundAccuracy = (page: Page) =>
  page
    .getByRole('article', { name: 'Agreement of offers_refund' })
    .locator('.agreement-threshold .agreement-stats > div', { hasText: 'Accuracy' })
    .locator('dd')
    .textContent();

test('marks, a comment and a corrected label on the sample run, the agreement following, filtered by marks', async ({
  app,
}) => {
  test.setTimeout(180_000);
  const page = app.page;
  await addProfile(page, { name: 'Sandbox', baseUrl: `${origin}/v1`, key: 'sk-e2e-review', use: true });

  await page.getByRole('tab', { name: 'Judge' }).click();
  await chooseFile(
    page.getByRole('button', { name: 'Import a question set (JSON file)' }),
    join(SAMPLES, 'support-replies.question-set.json'),
  );
  await expect(page.getByText('Imported “Support reply review”.')).toBeVisible();
  await openSet(page, 'Test cases');
  await page.getByRole('button', { name: 'Import…' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import test cases' });
  await chooseFile(
    importDialog.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }),
    join(SAMPLES, 'support-replies.cases.jsonl'),
  );
  await importDialog.getByRole('button', { name: `Import ${CASES} cases` }).click();
  await expect(importDialog.getByText(`Added ${CASES} case(s); skipped 0.`)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page.getByLabel('Judge model').selectOption('judge-1.13.0');
  await page.getByLabel('Concurrency').fill('8');
  await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('judge-1.13.0 · Done')).toBeVisible({ timeout: 120_000 });

  await page.getByRole('tab', { name: 'Agreement' }).click();
  await expect(page.getByText(`${CASES} of ${CASES} cases used`).first()).toBeVisible();
  const before = await refundAccuracy(page);

  // Case 1 marked disagree from the keyboard, case 2 agree.
  await page.getByRole('tab', { name: 'Batch runs' }).click();
  const table = page.getByRole('table', { name: 'Results' });
  await table.getByRole('button', { name: 'Open case 1', exact: true }).focus();
  await page.keyboard.press('d');
  await expect(table.getByText('You disagree with the judge')).toHaveCount(1);
  await table.getByRole('button', { name: 'Open case 2', exact: true }).focus();
  await page.keyboard.press('a');
  await expect(table.getByText('You agree with the judge')).toHaveCount(1);

  // Whether case 1's refund answer disagreed with its label: flipping the label turns that round.
  const row1 = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Open case 1', exact: true }) });
  const refundCell = row1.getByRole('cell').nth(2 + 3); // #, case, then resolves, tone, helpfulness, offers_refund
  const disagreed = (await refundCell.locator('.grid-expected.disagrees').count()) > 0;

  // Case 1 commented and its refund label flipped in place.
  await table.getByRole('button', { name: 'Open case 1', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Case 1' });
  const review = dialog.getByRole('region', { name: 'Your review' });
  await expect(review.getByRole('button', { name: 'Disagree with the judge' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await review.getByLabel('Comment').fill('The reply offers no refund.');
  await review.getByRole('button', { name: 'Save comment' }).click();
  await expect(review.getByRole('button', { name: 'Save comment' })).toBeDisabled();
  const label = review.getByRole('combobox', { name: 'Correct the label of offers_refund' });
  const flipped = (await label.inputValue()) === 'true' ? 'false' : 'true';
  await label.selectOption(flipped);
  await review.getByRole('button', { name: 'Correct offers_refund', exact: true }).click();
  await expect(review.getByText(new RegExp(`^offers_refund: .+ → ${flipped}, by `))).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The grid by its marks.
  const show = page.getByRole('combobox', { name: 'Show' });
  await show.selectOption('disagreed');
  await expect(page.getByText('1 cases', { exact: true })).toBeVisible();
  await show.selectOption('commented');
  await expect(page.getByText('1 cases', { exact: true })).toBeVisible();
  await show.selectOption('corrected');
  await expect(page.getByText('1 cases', { exact: true })).toBeVisible();
  await show.selectOption('agreed');
  await expect(page.getByText('1 cases', { exact: true })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Open case 2', exact: true })).toBeVisible();

  // One label of 300 flipped: the refund question's accuracy moves by one case (1/300 = 0.33
  // points), up when the judge had disagreed with the old label, down when it had agreed.
  await page.getByRole('tab', { name: 'Agreement' }).click();
  await expect.poll(() => refundAccuracy(page)).not.toBe(before);
  const points = (text: string | null) => Number(/([\d.]+)%/.exec(text ?? '')?.[1]);
  const moved = points(await refundAccuracy(page)) - points(before);
  expect(Math.abs(moved)).toBeGreaterThan(0.2);
  expect(Math.abs(moved)).toBeLessThan(0.5);
  expect(moved > 0).toBe(disagreed);
});
