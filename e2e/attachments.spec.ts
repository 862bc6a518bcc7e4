import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { chooseFile } from './fixtures/choose-file';
import { encodePng } from '../src-main/sandbox/png-encoder';

/** A picture of one colour, as PNG bytes. */
function picture(width: number, height: number, rgb: [number, number, number]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) pixels.set(rgb, p * 3);
  return encodePng(width, height, pixels);
}

/** Pastes an image into the message box as a screenshot tool would (a file on the clipboard). */
async function pasteImage(page: Page, png: Buffer): Promise<void> {
  await page.getByLabel('Message').evaluate((box, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}

test('attach an image by file and by paste, ask the Sandbox about it, see its answer and the thumbnail after a restart', async ({
  app,
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-att-'));
  const file = join(dir, 'red-square.png');
  writeFileSync(file, picture(40, 30, [220, 30, 30]));
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);

  await chooseFile(page.getByRole('button', { name: 'Attach files' }), file);
  // Larger than the long side: the window downscales it before it is sent (on by default).
  await pasteImage(page, picture(2000, 1000, [40, 80, 220]));
  const chips = page.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByText('red-square.png')).toBeVisible();
  await expect(chips.getByText('screenshot.png')).toBeVisible();
  await expect(page.getByLabel('Downscale to 1568 px long side')).toBeChecked();
  await page.getByLabel('Image detail').selectOption('low');

  await page.getByLabel('Message').fill('What is in these pictures?');
  await page.getByRole('button', { name: 'Send' }).click();
  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply).toContainText('Image 1: PNG, 40×30 pixels');
  await expect(reply).toContainText('Image 2: PNG, 1568×784 pixels');
  await expect(reply).toContainText('detail low');
  await expect(reply).toContainText(/main colours red/);
  await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(1); // only the sent message's

  await app.restart();
  const p = app.page;
  await p.getByRole('button', { name: 'What is in these pictures?', exact: true }).click();
  const question = p.getByRole('article', { name: 'You' });
  const thumb = question.getByRole('button', { name: 'Open red-square.png (40×30)' });
  await expect(thumb).toBeVisible();
  // The thumbnail is loaded from main's address, not from data the window holds.
  const img = thumb.locator('img');
  await expect(img).toHaveAttribute('src', /\/media\/attachments\/[0-9a-f]{64}\.png|gatehouse-media:/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);
  await expect(question.getByRole('button', { name: 'Open screenshot.png (1568×784)' })).toBeVisible();
  await expect(p.getByRole('article', { name: 'Assistant' }).last()).toContainText(
    'Image 1: PNG, 40×30 pixels',
  );

  await thumb.click();
  const viewer = p.getByRole('dialog', { name: 'Image red-square.png' });
  await expect(viewer).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a model that refuses images shows its words and what to do next', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-att-'));
  const file = join(dir, 'dot.png');
  writeFileSync(file, picture(8, 8, [40, 170, 60]));
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
  await page.getByLabel('Model').fill('sandbox-chat-text');
  await chooseFile(page.getByRole('button', { name: 'Attach files' }), file);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByText('dot.png')).toBeVisible();
  await page.getByLabel('Message').fill('Describe it');
  await page.getByRole('button', { name: 'Send' }).click();
  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply).toContainText('does not support image input');
  await expect(reply).toContainText('This model may not take images');
  // The app goes on: the question is kept with its file and another can be asked.
  await expect(
    page.getByRole('article', { name: 'You' }).getByRole('button', { name: /Open dot\.png/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});
