import { expect, test } from './fixtures/app-fixture';

// One token every 20 ms however long the reply (not the usual ~2.5 s in all), so the columns are
// still streaming when one is stopped, even on a loaded machine.
test.use({ appArgs: ['--sandbox-token-delay', '20', '--sandbox-exact-pace'] });

test('one prompt streams in two columns; one is stopped, another added, and the chosen one continues the chat', async ({
  page,
}) => {
  // Three rounds of replies paced token by token.
  test.setTimeout(180_000);
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/sandbox-chat/);
  await page.getByRole('button', { name: 'Side by side' }).click();
  const view = page.getByRole('region', { name: 'Side by side' });
  const col = (n: number) => view.getByRole('group', { name: `Column ${n}` });
  // Each column starts on a different chat model of the profile.
  await expect(col(1).getByLabel('Model 1')).toHaveValue('sandbox-chat-1');
  await expect(col(2).getByLabel('Model 2')).toHaveValue('sandbox-chat-mini');

  await view
    .getByRole('textbox', { name: 'Prompt for every column' })
    .fill('Describe a lighthouse in detail');
  await view.getByRole('textbox', { name: 'Prompt for every column' }).press('Enter');
  // Both stream at once: each shows text while the other is still going.
  await expect(col(1).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(col(2).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(col(1).locator('.markdown')).not.toBeEmpty();
  await expect(col(2).locator('.markdown')).not.toBeEmpty();
  await col(2).getByRole('button', { name: 'Stop' }).click();
  await expect(col(2)).toContainText('Stopped');
  // Stopping one column leaves the other alone. It may already have finished by now, so this
  // asks that it was not stopped; the statistics below show it ended on its own.
  await expect(col(1)).not.toContainText('Stopped');

  // The other column finishes with its own statistics: time to first token, tokens/s, usage, model.
  const stats = col(1).getByLabel('Reply statistics');
  await expect(stats).toBeVisible({ timeout: 60_000 });
  await expect(stats).toContainText(/first token/i);
  await expect(stats).toContainText(/tok\/s/);
  await expect(stats).toContainText('sandbox-chat-1');

  // A third column joins for the next prompt; Stop all stops every column at once.
  await view.getByRole('button', { name: '+ Add model' }).click();
  await expect(col(3)).toBeVisible();
  await view
    .getByRole('textbox', { name: 'Prompt for every column' })
    .fill('Tell me about harbours at length');
  await view.getByRole('button', { name: 'Send to all' }).click();
  await expect(view.getByRole('button', { name: 'Stop all' })).toBeVisible();
  await view.getByRole('button', { name: 'Stop all' }).click();
  for (const n of [1, 2, 3]) await expect(col(n)).toContainText('Stopped');

  // Ask once more and keep column 1: the chat opens with it as the reply, the others as its versions.
  await view.getByRole('textbox', { name: 'Prompt for every column' }).fill('Hi');
  await view.getByRole('button', { name: 'Send to all' }).click();
  for (const n of [1, 2, 3]) {
    await expect(col(n).getByRole('button', { name: 'Continue with this' })).toBeVisible({ timeout: 60_000 });
  }
  await col(1).getByRole('button', { name: 'Continue with this' }).click();
  await expect(view).toHaveCount(0);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article', { name: 'You' })).toHaveText(/Hi/);
  // Column 1's reply (the Sandbox names the model that wrote it), not another column's.
  await expect(log.getByRole('article', { name: 'Assistant' })).toContainText(
    'Sandbox reply from sandbox-chat-1.',
  );
  await expect(log.getByText('3/3')).toBeVisible();
  await expect(
    page
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: 'Hi', exact: true }),
  ).toBeVisible();
});
