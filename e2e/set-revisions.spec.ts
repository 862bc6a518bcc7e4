import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { fillToneQuestion } from './fixtures/judge-form';

async function saveSet(page: Page) {
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();
}

test('two revisions compared, the older restored as a new revision', async ({ page }) => {
  await page.getByRole('tab', { name: 'Judge' }).click();
  await page.getByLabel('Set name').fill('Revised review');
  await fillToneQuestion(page);
  await saveSet(page);

  // Revision 2: the criteria reworded and an option added.
  const tone = page.getByRole('group', { name: 'Question tone' });
  await tone.getByLabel('Instructions').fill('What is the tone of the agent?');
  await tone.getByRole('button', { name: 'Add an option to tone' }).click();
  await tone.getByLabel('Option 3 name of tone').fill('neutral');
  await tone.getByLabel('Option 3 description of tone').fill('flat, matter-of-fact');
  await saveSet(page);

  await page.getByRole('button', { name: 'Revisions', exact: true }).click();
  const diff = page.getByRole('region', { name: 'Compare revisions' });
  await expect(diff.getByLabel('A')).toHaveValue('1');
  await expect(diff.getByLabel('B')).toHaveValue('2');
  await expect(diff.getByText('Changed: tone')).toBeVisible();
  await expect(diff.locator('del', { hasText: 'customer?' })).toBeVisible();
  await expect(diff.locator('ins', { hasText: 'agent?' })).toBeVisible();
  await expect(diff.locator('li.diff-added', { hasText: 'neutral' })).toBeVisible();
  // Readable in both themes (contrast of the marked words included).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const audit = await new AxeBuilder({ page })
      .include('.judge-revision-diff')
      .withTags(['wcag2a', 'wcag2aa'])
      .setLegacyMode(true)
      .analyze();
    expect(audit.violations.map((v) => `${colorScheme}: ${v.id} ${v.help}`)).toEqual([]);
  }

  // Restore asks first; then a new revision 3 holds revision 1's content and the builder shows it.
  await diff.getByRole('button', { name: 'Restore revision 1' }).click();
  await diff.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(diff.getByLabel('B')).toHaveValue('3');
  await expect(diff.getByLabel('A')).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'View revision 3' })).toBeVisible();
  await expect(tone.getByLabel('Instructions')).toHaveValue('What is the tone of the customer?');
  await expect(tone.getByLabel('Option 3 name of tone')).toHaveCount(0);
  // Revision 3 against 1: the same content.
  await diff.getByLabel('A').selectOption('1');
  await expect(diff.getByText('The two revisions have the same questions and tuning.')).toBeVisible();
});
