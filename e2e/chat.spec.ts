import { expect, test } from './fixtures/app-fixture';
import { startSandboxProcess } from './fixtures/app-process';

import type { Page } from '@playwright/test';

/** The model list loads after the page does; a user waits for the model field to fill in too. */
async function modelReady(page: Page) {
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
}

test('first start lands on the Sandbox chat, ready to send', async ({ page }) => {
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Sandbox — a local stand-in, not a model')).toBeVisible();
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
  await expect(page.getByRole('heading', { name: 'Ask anything' })).toBeVisible();
});

test('a streamed reply appears and can be stopped, keeping the partial text', async ({ page }) => {
  await modelReady(page);
  await page.getByLabel('Message').fill('Please write 20000 tokens about gateways');
  await page.keyboard.press('Enter');
  const live = page.locator('article.live');
  await expect(live.locator('.markdown')).toContainText('Sandbox reply');
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(page.getByText('Stopped — the text so far is kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  const text = (await reply.locator('.markdown').innerText()).length;
  expect(text).toBeGreaterThan(20);
  // Once main has saved the stopped reply the window shows main's copy, which may hold a few
  // deltas more than were drawn when Stop was pressed. After that it must not change: a stream
  // still running would keep growing it (the Sandbox paces any reply over about 2.5 s).
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = (await reply.locator('.markdown').innerText()).length;
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [1500], timeout: 12_000 },
    )
    .toBe(true);
  // And main saved it as stopped, not as a finished reply.
  await expect(reply.getByText('Stopped — the text so far is kept.')).toBeVisible();
});

test('a finished reply shows its timing and usage', async ({ page }) => {
  await modelReady(page);
  await page.getByLabel('Message').fill('Hello there');
  await page.getByRole('button', { name: 'Send' }).click();
  const stats = page.getByLabel('Reply statistics');
  await expect(stats).toContainText(/first token \d+ ms/);
  await expect(stats).toContainText(/tok\/s/);
  await expect(stats).toContainText(/\d+ in · \d+ out tokens/);
});

test('a short conversation starts at the top of the list, a long one is shown at its end', async ({
  page,
}) => {
  await modelReady(page);
  // The list's end is its scroll origin (app.css, .message-list); a short one must not sit at its foot.
  await page.getByLabel('Max tokens').fill('12');
  await page.getByLabel('Message').fill('Hi');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Reply statistics')).toBeVisible();
  const list = page.locator('.message-list');
  const listTop = (await list.boundingBox())!.y;
  const firstTop = (await page.getByRole('article', { name: 'You' }).first().boundingBox())!.y;
  expect(firstTop - listTop).toBeLessThan(40);
  // The Sandbox's usual reply is taller than the view.
  await page.getByLabel('Max tokens').fill('');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Reply statistics')).toHaveCount(2);
  // The end of the newest reply is in view, at the list's foot.
  const box = (await list.boundingBox())!;
  const stats = (await page.getByLabel('Reply statistics').last().boundingBox())!;
  expect(stats.y + stats.height).toBeLessThanOrEqual(box.y + box.height);
  expect(stats.y).toBeGreaterThan(box.y + box.height / 2);
});

test('a long reply reopened mounts what fills the view, clear of it, and the rest as the view nears it', async ({
  page,
}) => {
  await modelReady(page);
  await page.getByLabel('Message').fill('Please write 2000 tokens about gateways');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Reply statistics')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New chat' }).click();
  await page
    .getByRole('complementary', { name: 'Conversations' })
    .getByText('Please write 2000 tokens about gateways')
    .click();
  const list = page.locator('.message-list');
  const spacer = list.locator('.md-spacer');
  await expect(spacer).toHaveCount(1);
  // Read at once: the window mounts the rest anyway once it has been idle a second.
  const at = await list.evaluate((el) => ({
    view: el.getBoundingClientRect(),
    spacerEnd: el.querySelector('.md-spacer')!.getBoundingClientRect().bottom,
    statsEnd: el.querySelector('[aria-label="Reply statistics"]')!.getBoundingClientRect().bottom,
    blocks: el.querySelectorAll('.md-block').length,
  }));
  // Tail first (reply-tail-first.tsx): the blocks laid out reach above the view by more than the
  // margin at which the spacer brings the rest in (a tenth of the view), so the open brings in
  // no more than them, and by less than half a view: what is laid out is about what is seen.
  expect(at.spacerEnd).toBeLessThan(at.view.top - 0.1 * at.view.height);
  expect(at.spacerEnd).toBeGreaterThan(at.view.top - 0.5 * at.view.height);
  expect(at.statsEnd).toBeLessThanOrEqual(at.view.bottom);
  // Scrolled up until the spacer's end meets the view's top, the rest is mounted then, well before
  // the second the window waits to mount it anyway.
  await list.evaluate((el, by) => el.scrollBy(0, -by), at.view.top - at.spacerEnd);
  await expect(spacer).toHaveCount(0, { timeout: 600 });
  expect(await list.locator('.md-block').count()).toBeGreaterThan(at.blocks);
});

test('a saved key never appears in the page; a refused key shows the 401 help', async ({ page }) => {
  const gateway = await startSandboxProcess(['--keys', 'sk-good-key-1234']);
  try {
    const secret = 'sk-wrong-secret-key-98765';
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: '+ Add profile' }).click();
    await page.getByLabel('Name').fill('Staging gateway');
    await page.getByLabel('Kind').selectOption('openai-compatible');
    await page.getByLabel('Base URL').fill(gateway.url);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('heading', { name: 'Staging gateway' })).toBeVisible();

    await page.getByLabel('Paste API key').fill(secret);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByLabel('Saved key hint')).toHaveText('Key sk-…8765');
    await expect(page.getByText('Browser mode: kept in the local process memory only')).toBeVisible();
    await page.getByRole('button', { name: 'Use this profile' }).click();

    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByLabel('Model').fill('sandbox-chat-1');
    await page.getByLabel('Message').fill('Is my key good?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toContainText('The key was refused — check it in Settings.');

    await page.getByRole('button', { name: 'Request log' }).click();
    await page
      .getByRole('button', { name: /POST\s*401/ })
      .first()
      .click();
    await expect(page.getByText('authorization: Bearer sk-…8765', { exact: false })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).not.toContain('secret-key');
  } finally {
    await gateway.stop();
  }
});

test.describe('when the stream is cut mid-way', () => {
  test.use({ appArgs: ['--sandbox-fault', 'cut-stream'] });

  test('the failure is explained and the text that arrived is kept', async ({ page }) => {
    await page.getByLabel('Model').fill('sandbox-chat-1');
    await page.getByLabel('Message').fill('Tell me a long story, long reply please');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect(reply.getByRole('alert')).toContainText('the connection was cut');
    await expect(reply.getByText('what arrived before the failure is kept')).toBeVisible();
    await expect(reply.locator('.markdown')).toContainText('Sandbox reply');
  });
});

test('a conversation survives a restart of the app on the same data folder', async ({ app, page }) => {
  await modelReady(page);
  await page.getByLabel('Message').fill('Remember the lighthouse keeper');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Reply statistics')).toBeVisible();
  await app.restart();
  const p = app.page;
  const item = p.getByRole('button', { name: 'Remember the lighthouse keeper', exact: true });
  await expect(item).toBeVisible();
  await item.click();
  await expect(p.getByRole('article', { name: 'You' })).toContainText('Remember the lighthouse keeper');
  await expect(p.getByRole('article', { name: 'Assistant' }).locator('.markdown')).toContainText(
    'Sandbox reply',
  );
});

test('conversations can be renamed and deleted, with a confirmation', async ({ page }) => {
  await modelReady(page);
  await page.getByLabel('Message').fill('First topic');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Reply statistics')).toBeVisible();
  await page.getByRole('button', { name: 'Rename First topic' }).click();
  const name = page.getByLabel('New name for the conversation');
  await name.fill('Gateway notes');
  await name.press('Enter');
  await expect(page.getByRole('button', { name: 'Gateway notes', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Gateway notes' }).click();
  await expect(page.getByText('Delete “Gateway notes”? This cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No conversations yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ask anything' })).toBeVisible();
});

test.describe('while a reply streams', () => {
  // Slow pauses between the Sandbox's writes, so the first reply is still streaming while the
  // user moves to another conversation and sends there.
  test.use({ appArgs: ['--sandbox-token-delay', '1200'] });

  test('another conversation opens and sends, and both replies arrive complete in their own', async ({
    page,
  }) => {
    await modelReady(page);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Harbour notes');
    await message.press('Enter');
    await expect(page.getByLabel('Reply statistics')).toBeVisible();

    await page.getByRole('button', { name: '+ New chat' }).click();
    await message.fill('Lighthouse story');
    await message.press('Enter');
    const busyRow = page.getByRole('button', { name: 'Lighthouse story — replying…' });
    await expect(busyRow).toBeVisible();

    // Open the other conversation mid-reply: its own history shows, ready to send.
    await page.getByRole('button', { name: 'Harbour notes', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByRole('article', { name: 'You' }).first()).toHaveText(/Harbour notes/);
    await expect(page.locator('article.live')).toHaveCount(0);
    await message.fill('More about the harbour');
    await message.press('Enter');
    await expect(page.getByRole('button', { name: 'Harbour notes — replying…' })).toBeVisible();
    // Both replies are in progress at the same time.
    await expect(busyRow).toBeVisible();

    const replies = log.getByRole('article', { name: 'Assistant' });
    await expect(replies).toHaveCount(2);
    await expect(replies.last().getByLabel('Reply statistics')).toBeVisible();
    await expect(replies.last().locator('.markdown')).toContainText('More about the harbour');
    await expect(page.getByRole('button', { name: 'Lighthouse story', exact: true })).toBeVisible();

    // The first reply finished in the background and is complete where it belongs.
    await page.getByRole('button', { name: 'Lighthouse story', exact: true }).click();
    await expect(log.getByRole('article', { name: 'You' })).toHaveCount(1);
    await expect(log.getByRole('article', { name: 'You' })).toHaveText(/Lighthouse story/);
    await expect(replies).toHaveCount(1);
    await expect(replies.locator('.markdown')).toContainText('Lighthouse story');
    await expect(replies.getByLabel('Reply statistics')).toBeVisible();
    await expect(log.getByText('Stopped — the text so far is kept.')).toHaveCount(0);
    await expect(log.getByRole('alert')).toHaveCount(0);
  });
});
