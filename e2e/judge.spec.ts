import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { fillToneQuestion } from './fixtures/judge-form';
import { chooseFile } from './fixtures/choose-file';

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

async function openJudge(page: Page) {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await expect(page.getByLabel('Set name')).toBeVisible();
}

/** Builds "Support review" with one question of each type, through the form as a user would. */
async function buildSet(page: Page, name = 'Support review') {
  await page.getByLabel('Set name').fill(name);
  await fillToneQuestion(page);

  await page.getByRole('button', { name: '+ score' }).click();
  const q2 = page.getByRole('group', { name: 'Question score_2' });
  await q2.getByLabel('Name (a JSON key)').fill('quality');
  const quality = page.getByRole('group', { name: 'Question quality' });
  await quality.getByLabel('Instructions').fill('How well was the delivery handled?');
  await quality.getByLabel('Level 0 description of quality').fill('late delivery, no apology');
  await quality.getByLabel('Level 1 description of quality').fill('on time');
  await quality.getByLabel('Level 2 description of quality').fill('early delivery with a gift');

  await page.getByRole('button', { name: '+ noul (true/false)' }).click();
  const q3 = page.getByRole('group', { name: 'Question noul_3' });
  // A problem is shown at the field while typing.
  await q3.getByLabel('Name (a JSON key)').fill('9refund');
  const bad = page.getByRole('group', { name: 'Question 9refund' });
  await expect(bad.getByText(/must start with a letter/)).toBeVisible();
  await bad.getByLabel('Name (a JSON key)').fill('refund');
  await page
    .getByRole('group', { name: 'Question refund' })
    .getByLabel('Statement to judge true or false')
    .fill('The customer asks for a refund');
}

async function saveSet(page: Page) {
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();
}

test('build a set, keep it across a restart, run it and read the charts', async ({ app, page }) => {
  await openJudge(page);
  await buildSet(page);
  await saveSet(page);

  await app.restart();
  await openJudge(app.page);
  const p = app.page;
  await p
    .getByRole('complementary', { name: 'Question sets' })
    .getByRole('button', { name: /^Support review · / })
    .click();
  await expect(p.getByLabel('Set name')).toHaveValue('Support review');
  await expect(p.getByRole('group', { name: 'Question quality' })).toBeVisible();

  await p
    .getByRole('textbox', { name: 'State', exact: true })
    .fill('The customer was angry and shouted about the late delivery. She wants a refund.');
  await expect(p.getByText(/Estimate: state \+ longest question ≈ \d+ \/ 32,768 tokens/)).toBeVisible();
  await p.getByLabel('Judge model').selectOption('judge-latest');
  await p.getByRole('button', { name: 'Run judgement' }).click();

  const tone = p.getByRole('article', { name: 'Answer to tone' });
  await expect(tone).toBeVisible();
  const raw = JSON.parse((await p.getByLabel('Raw response body').first().textContent()) ?? '{}');
  expect(raw.model).toBe('judge-1.14.0');

  // The text equivalents carry the same numbers as the raw response.
  for (const [option, prob] of Object.entries(raw.answers.tone.probabilities as Record<string, number>)) {
    await expect(
      tone.getByRole('row', { name: new RegExp(`^${option}.*${pct(prob).replace('.', '\\.')}`) }),
    ).toBeVisible();
  }
  await expect(tone.getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`Chosen: ${raw.answers.tone.choice}`),
  );
  const quality = p.getByRole('article', { name: 'Answer to quality' });
  for (const [level, prob] of Object.entries(raw.answers.quality.probabilities as Record<string, number>)) {
    await expect(
      quality
        .getByRole('row')
        .filter({ hasText: pct(prob) })
        .filter({ has: p.getByRole('cell', { name: level, exact: true }) }),
    ).toHaveCount(1);
  }
  await expect(quality.getByRole('cell', { name: 'late delivery, no apology' })).toBeVisible();
  const refund = p.getByRole('article', { name: 'Answer to refund' });
  await expect(refund.getByRole('img')).toHaveAttribute(
    'aria-label',
    `Probability that the statement is true: ${pct(raw.answers.refund.noul)}`,
  );

  const meta = p.locator('.judge-meta').first();
  await expect(meta).toContainText('judge-1.14.0');
  await expect(meta).toContainText(String(raw.usage.input_tokens));
  await expect(p.getByText(/judge-latest was answered by judge-1\.14\.0/)).toBeVisible();
  // For a person to look at: the latest run in the light theme (the tab scrolls inside the window).
  await p.setViewportSize({ width: 1280, height: 2000 });
  await p
    .locator('.judge-result')
    .first()
    .screenshot({ path: test.info().outputPath('judge-run-light.png') });
  await p.setViewportSize({ width: 1280, height: 800 });

  // The run's revision opens the set as it was, read-only.
  await p.getByRole('button', { name: 'View the set as of revision 1' }).click();
  const asWas = p.getByRole('region', { name: '“Support review” as of revision 1' });
  await expect(asWas).toContainText('late delivery, no apology');
  await asWas.getByRole('button', { name: 'Close' }).click();
  await expect(asWas).toHaveCount(0);

  // The run is in the history and can be opened beside another one.
  await p.getByRole('button', { name: 'Run judgement' }).click();
  const history = p.getByRole('complementary', { name: 'Run history' });
  await expect(history.getByRole('checkbox')).toHaveCount(2);
  // Checking loads the run from main first, so click and wait rather than check().
  await history.getByRole('checkbox').nth(0).click();
  await expect(history.getByRole('checkbox').nth(0)).toBeChecked();
  await history.getByRole('checkbox').nth(1).click();
  await expect(history.getByRole('checkbox').nth(1)).toBeChecked();
  await expect(
    p.getByRole('region', { name: 'Runs side by side' }).getByRole('article', { name: 'Answer to tone' }),
  ).toHaveCount(2);
});

test('export then import gives the same set; a name clash asks first', async ({ app, page }) => {
  await openJudge(page);
  await buildSet(page, 'Exported set');
  await saveSet(page);
  const sets = page.getByRole('complementary', { name: 'Question sets' });
  await sets.getByRole('button', { name: /^Exported set · / }).hover();
  await sets.getByRole('button', { name: 'Export Exported set' }).click();
  await expect(sets.getByText(/Exported to .*Exported-set\.question-set\.json/)).toBeVisible();
  const file = join(app.exportDir, 'Exported-set.question-set.json');
  const first = readFileSync(file, 'utf8');
  expect(JSON.parse(first)).toMatchObject({
    schema: 'gatehouse.question-set',
    version: 2,
    set: { name: 'Exported set' },
    tuning: null,
  });

  // Same name: asks, and cancel leaves everything as it was.
  await chooseFile(sets.getByRole('button', { name: 'Import a question set (JSON file)' }), file);
  await expect(page.getByRole('alertdialog', { name: 'Name already used' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(sets.getByRole('listitem')).toHaveCount(1);

  // Delete the original, then import: the set comes back the same.
  await sets.getByRole('button', { name: /^Exported set · / }).hover();
  await sets.getByRole('button', { name: 'Delete Exported set' }).click();
  await sets.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(sets.getByText('No saved sets yet.')).toBeVisible();
  await chooseFile(sets.getByRole('button', { name: 'Import a question set (JSON file)' }), file);
  await expect(sets.getByText('Imported “Exported set”.')).toBeVisible();
  await expect(page.getByLabel('Set name')).toHaveValue('Exported set');
  await sets.getByRole('button', { name: /^Exported set · / }).hover();
  await sets.getByRole('button', { name: 'Export Exported set' }).click();
  await expect.poll(() => readFileSync(file, 'utf8')).toBe(first);
  // The export's status, once shown, is not going to replace the import's error below.
  await expect(sets.getByRole('status')).toContainText('Exported to');

  // A file that does not fit is refused with the reason.
  const bad = join(app.exportDir, 'bad.json');
  writeFileSync(
    bad,
    JSON.stringify({ schema: 'gatehouse.question-set', version: 1, set: { name: 'x', questions: [] } }),
  );
  await chooseFile(sets.getByRole('button', { name: 'Import a question set (JSON file)' }), bad);
  await expect(sets.getByRole('alert')).toContainText('set.questions: needs at least one question');
});

test('over the limit: Run is blocked with the reason; sent anyway, the 400 keeps the set and the state', async ({
  page,
}) => {
  await openJudge(page);
  await buildSet(page, 'Too long');
  // ≈ 36k tokens by the window's tokenizer: over 32,768, but not so far over that main refuses it.
  const state = 'word '.repeat(36_000);
  await page.getByRole('textbox', { name: 'State', exact: true }).fill(state);
  const run = page.getByRole('button', { name: 'Run judgement' });
  await expect(
    page.getByRole('note').filter({ hasText: /Not sent: .* over the limit of 32,768/ }),
  ).toBeVisible();
  await expect(run).toBeDisabled();
  await page.getByLabel('Send anyway (the gateway may refuse it)').check();
  await run.click();
  await expect(page.getByRole('alert')).toContainText(
    /The gateway rejected the request: state plus the longest question is \d+ tokens; the limit is 32768/,
  );
  await expect(page.getByLabel('Set name')).toHaveValue('Too long');
  await expect(page.getByRole('group', { name: 'Question refund' })).toBeVisible();
  expect((await page.getByRole('textbox', { name: 'State', exact: true }).inputValue()).length).toBe(
    state.length,
  );
});

test.describe('with a small balance', () => {
  test.use({ appArgs: ['--sandbox-balance', '0.001'] });

  test('a 402 explains the reservation and keeps the set and the state', async ({ page }) => {
    await openJudge(page);
    await buildSet(page, 'Broke');
    await page.getByRole('textbox', { name: 'State', exact: true }).fill('Angry customer wants a refund');
    await page.getByRole('button', { name: 'Run judgement' }).click();
    await expect(page.getByRole('alert')).toContainText('The account balance is too low');
    await expect(
      page
        .getByRole('note')
        .filter({ hasText: 'reserves the price of a full 64k-token context (about ¥0.023)' }),
    ).toBeVisible();
    await expect(page.getByLabel('Set name')).toHaveValue('Broke');
    await expect(page.getByRole('textbox', { name: 'State', exact: true })).toHaveValue(
      'Angry customer wants a refund',
    );
  });
});
