import type { Page } from 'playwright';
import { encodePng } from '../sandbox/png-encoder';

/** A picture in bands of colour, so the thumbnails show something. */
function bands(width: number, height: number, colours: [number, number, number][]): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const band = Math.floor(((p % width) / width) * colours.length);
    rgb.set(colours[band], p * 3);
  }
  return encodePng(width, height, rgb);
}

const FILES = [
  {
    name: 'dashboard.png',
    mimeType: 'image/png',
    buffer: bands(320, 200, [
      [40, 80, 220],
      [245, 140, 20],
      [40, 170, 60],
    ]),
  },
  {
    name: 'error-dialog.png',
    mimeType: 'image/png',
    buffer: bands(240, 240, [
      [220, 30, 30],
      [240, 240, 240],
    ]),
  },
  { name: 'retry-policy.ts', mimeType: 'text/plain', buffer: Buffer.from('export const retries = 3;\n') },
];
const QUESTION = 'What do these screenshots show?';

/**
 * The "chat-attachments" scene: a sent question with two thumbnails and a file chip (sent once,
 * opened on the later pages), and the composer holding two images and a text file.
 */
export async function showAttachments(page: Page): Promise<void> {
  const question = page.locator('.conv-open', { hasText: QUESTION });
  if ((await question.count()) > 0) {
    await question.first().click();
  } else {
    await page.locator('.sidebar button.primary.wide').first().click();
    await page.locator('[data-testid=attach-input]').setInputFiles(FILES);
    await page.locator('.attachment-chip.ready').nth(2).waitFor();
    const box = page.locator('.composer textarea');
    await box.fill(QUESTION);
    await box.press('Enter');
    await page.waitForFunction(() => !document.querySelector('article.message.live'), undefined, {
      timeout: 60_000,
    });
  }
  await page.locator('[data-testid=attach-input]').setInputFiles(FILES);
  await page.locator('.composer .attachment-chip.ready').nth(2).waitFor();
  const sent = page.locator('article.from-user .attachment-open img').first();
  await sent.waitFor();
  // The list keeps its end in view; the question's thumbnails are what this picture is for.
  await page.locator('article.from-user').first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
}
