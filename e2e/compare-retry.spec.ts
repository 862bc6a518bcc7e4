import { expect, test } from './fixtures/app-fixture';

// One request per second per key: of two columns sent at once, one gets the Sandbox's 429.
test.use({ appArgs: ['--sandbox-rate-limit', '1'] });

test('side by side: the pane that got a 429 counts down and retries alone; the other keeps its reply', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Side by side' }).click();
  const view = page.getByRole('region', { name: 'Side by side' });
  const col = (n: number) => view.getByRole('group', { name: `Column ${n}` });
  await expect(col(2).getByLabel('Model 2')).toHaveValue('sandbox-chat-mini');
  // The model lists were fetched on the way here: a new second starts before the prompt goes.
  await page.waitForTimeout(1_100);

  const prompt = view.getByRole('textbox', { name: 'Prompt for every column' });
  await prompt.fill('Hi');
  await prompt.press('Enter');
  const panes = view.getByRole('group', { name: /Column [12]/ });
  await expect(panes.filter({ hasText: /rate limit/i })).toHaveCount(1, { timeout: 15_000 });
  await expect(panes.filter({ hasText: 'Sandbox reply from' })).toHaveCount(1, { timeout: 15_000 });
  const first = (await col(1).innerText()).match(/rate limit/i) ? 1 : 2;
  const limited = col(first);
  const answered = col(3 - first);
  // Its reply finished (it can be kept) before it is read, so the text is whole.
  await expect(answered.getByRole('button', { name: 'Continue with this' })).toBeVisible({ timeout: 30_000 });
  const answeredText = (await answered.locator('.markdown').textContent()) ?? '';

  // "Retry in 1 s", then "Retry now": only that pane is sent again, and now it answers.
  await limited.getByRole('button', { name: 'Retry now' }).click({ timeout: 10_000 });
  await expect(limited).toContainText('Sandbox reply from', { timeout: 15_000 });
  await expect(limited).not.toContainText(/rate limit/i);
  await expect(answered.locator('.markdown')).toHaveText(answeredText);
  for (const n of [1, 2])
    await expect(col(n).getByRole('button', { name: 'Continue with this' })).toBeVisible();
});
