import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/app-fixture';

/** Sends `text` and waits for the reply to finish. */
async function ask(page: import('@playwright/test').Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  // The question is shown before its reply ends: waiting for Send alone could pass before it left.
  await expect(page.getByRole('article', { name: 'You' }).last()).toContainText(text);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
}

test('conversations are found by message text, pinned to the top and exported', async ({ page }) => {
  // The model list loads after the page: a message sent before it would be refused for want of a model.
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/sandbox-chat/);
  // Longer than a title holds: its last word is only in the message.
  await ask(page, 'Tell me about the aardvark, and at the very end of it all, the quokka');
  await page.getByRole('button', { name: 'New chat' }).click();
  await ask(page, 'Now something about zebras, with a table');
  const list = page.getByRole('complementary', { name: 'Conversations' });
  const rows = list.locator('.conv-list > .conv-row .conv-name');
  const first = 'Tell me about the aardvark, and at the very end…';
  await expect(rows).toHaveText(['Now something about zebras, with a table', first]);

  // Search: mod+K to the box, the full-text index finds the first chat by a word of its question.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();
  await page.keyboard.type('quokka');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await expect(results.locator('mark').first()).toHaveText(/quokka/i);
  await results.getByRole('button').click();
  await expect(page.locator('article.from-user').first()).toContainText('the quokka');
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('no such word anywhere');
  await expect(results).toContainText('Nothing found');
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('');

  // A row's buttons, shown when it is pointed at, sit under its title and leave it the width.
  await rows.nth(1).hover({ position: { x: 4, y: 4 } });
  const name = (await rows.nth(1).boundingBox())!;
  const buttons = (await list.locator('.conv-row').nth(1).locator('.conv-actions').boundingBox())!;
  expect(buttons.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  await expect(rows.nth(1).locator('..')).toHaveAttribute('title', new RegExp(`^${first.slice(0, 20)}`));

  // Pin the older one: it moves to the top, and stays there after a reload.
  // A row's actions show when it is pointed at, as a user would.
  await rows.nth(1).hover({ position: { x: 4, y: 4 } });
  await list.getByRole('button', { name: `Pin to the top ${first}` }).click();
  await expect(rows.first()).toHaveText(first);
  await page.reload();
  await expect(rows.first()).toHaveText(first);

  // Export one as Markdown and all as JSON.
  await rows.nth(1).hover({ position: { x: 4, y: 4 } });
  await list.getByRole('button', { name: 'Export Now something about zebras, with a table' }).click();
  await list.locator('.conv-export').getByRole('button', { name: 'Markdown' }).click();
  // Written by main, which says where (browser mode: its export folder), like the judge's exports.
  const written = async (name: RegExp) =>
    (await list.getByRole('status').filter({ hasText: name }).innerText()).replace(/^Exported to /, '');
  const mdPath = await written(/Now-something-about-zebras-with-a-table\.md$/);
  const md = readFileSync(mdPath, 'utf8');
  expect(md).toContain('# Now something about zebras, with a table');
  expect(md).toContain('| option | where it lives | hit time |');
  await list.locator('.conv-export-all').getByRole('button', { name: 'JSON' }).click();
  const json = JSON.parse(readFileSync(await written(/\.json$/), 'utf8')) as {
    conversations: { title: string }[];
  };
  expect(json.conversations.map((c) => c.title).sort()).toEqual([
    'Now something about zebras, with a table',
    first,
  ]);
});
