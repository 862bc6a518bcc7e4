import type { Page } from '@playwright/test';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from '../src-main/sandbox/png-encoder';
import { expect, test } from './fixtures/app-fixture';

const SHOTS = process.env.MEDIA_SHOTS_DIR;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openSection(page: Page, name: 'Images' | 'Speech' | 'Embeddings') {
  await page.getByRole('tab', { name: 'Media' }).click();
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an image is generated, opened, saved as a real PNG, and kept across a restart', async ({ app }) => {
  const page = app.page;
  await openSection(page, 'Images');
  await expect(page.getByText(/No images yet/)).toBeVisible();

  // The form checks before sending, and keeps what was typed.
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Prompt is required')).toBeVisible();

  await expect(page.getByLabel('Model')).toHaveValue('sandbox-image-1');
  await page.getByLabel('Prompt').fill('A red lighthouse at dusk');
  await page.getByLabel('Size').selectOption('256x256');
  await page.getByLabel('Count').fill('2');
  await page.getByRole('button', { name: 'Generate' }).click();

  const first = page.getByRole('button', { name: 'Open image 1 of “A red lighthouse at dusk”' });
  await expect(first).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Open image 2 of “A red lighthouse at dusk”' }),
  ).toBeVisible();
  // Shown through the media URL, never file://, and actually decoded.
  const src = await first.locator('img').getAttribute('src');
  expect(src).not.toMatch(/^file:/);
  await expect
    .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(256);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-images.png` });

  await first.click();
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img')).toBeVisible();
  // The request beside the image, and previous/next through the history (buttons and keys).
  const details = viewer.getByRole('region', { name: 'Request details' });
  await expect(details).toContainText('A red lighthouse at dusk');
  await expect(details).toContainText('sandbox-image-1');
  await expect(details).toContainText('256x256');
  await expect(viewer.getByText('Image 1 of 2')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Previous image' })).toBeDisabled();
  const firstSrc = await viewer.getByRole('img').getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('Image 2 of 2')).toBeVisible();
  await expect(viewer.getByRole('img')).not.toHaveAttribute('src', firstSrc!);
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', 'Image 2 for “A red lighthouse at dusk”');
  await expect(viewer.getByRole('button', { name: 'Next image' })).toBeDisabled();
  await expect
    .poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(256);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-image-viewer.png` });
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(viewer.getByText('Image 1 of 2')).toBeVisible();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', firstSrc!);
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('Image 1 of 2')).toBeVisible();
  await viewer.getByRole('button', { name: 'Save image' }).click();
  await expect(page.getByText(/^Saved to .*\.png$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  const saved = readdirSync(app.exportDir).filter((f) => f.endsWith('.png'));
  expect(saved).toHaveLength(1);
  const bytes = readFileSync(join(app.exportDir, saved[0]));
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);

  await app.restart();
  await openSection(app.page, 'Images');
  await expect(app.page.getByRole('article', { name: 'A red lighthouse at dusk' })).toBeVisible();
  await expect(
    app.page.getByRole('button', { name: 'Open image 2 of “A red lighthouse at dusk”' }),
  ).toBeVisible();

  // Deleting one entry asks first; Cancel keeps it, Delete removes it.
  const entry = app.page.getByRole('article', { name: 'A red lighthouse at dusk' });
  await app.page.getByRole('button', { name: 'Delete “A red lighthouse at dusk”' }).click();
  await app.page.getByRole('button', { name: 'Cancel' }).click();
  await expect(entry).toBeVisible();
  await app.page.getByRole('button', { name: 'Delete “A red lighthouse at dusk”' }).click();
  await entry.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(entry).toBeHidden();
  await expect(app.page.getByText(/No images yet/)).toBeVisible();
});

test('a speech clip plays, raw PCM is wrapped so it plays too', async ({ app }) => {
  const page = app.page;
  await openSection(page, 'Speech');
  await expect(page.getByText(/No clips yet/)).toBeVisible();
  await expect(page.getByLabel('Model')).toHaveValue('sandbox-tts-1');
  await page.getByLabel('Text').fill('Hello from the Gatehouse sandbox, this is a short test.');
  await page.getByRole('button', { name: 'Speak' }).click();

  const audio = page.getByLabel(/^Audio player for “Hello from the Gatehouse/);
  await expect(audio).toBeVisible();
  const duration = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (a.readyState >= 1) resolve(a.duration);
        a.addEventListener('loadedmetadata', () => resolve(a.duration), { once: true });
        a.addEventListener('error', () => reject(new Error(`media error ${a.error?.code}`)), { once: true });
      }),
  );
  expect(duration).toBeGreaterThan(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-speech.png` });

  await page.getByLabel('Format').selectOption('pcm');
  await page.getByLabel('Text').fill('Raw samples please');
  await page.getByRole('button', { name: 'Speak' }).click();
  await expect(page.getByText(/sent raw PCM; Gatehouse wrapped it into WAV/)).toBeVisible();
  const pcmAudio = page.getByLabel('Audio player for “Raw samples please”');
  await expect
    .poll(() => pcmAudio.evaluate((a: HTMLAudioElement) => (a.readyState >= 1 ? a.duration : 0)))
    .toBeGreaterThan(0);

  // Replay the first clip from the history, and save it.
  await page.getByRole('button', { name: /^Play: Hello from the Gatehouse/ }).click();
  await expect(audio).toBeVisible();
  await page.getByRole('button', { name: 'Save audio' }).click();
  await expect(page.getByText(/^Saved to .*\.wav$/)).toBeVisible();
  const wav = readdirSync(app.exportDir).find((f) => f.endsWith('.wav'))!;
  expect(readFileSync(join(app.exportDir, wav)).toString('ascii', 0, 4)).toBe('RIFF');
});

test('embeddings show per-input norms and a similarity heat map, and are kept in the history', async ({
  app,
}) => {
  const page = app.page;
  await openSection(page, 'Embeddings');
  await expect(page.getByLabel('Model')).toHaveValue('sandbox-embed-1');
  await page
    .getByLabel('Inputs (one per line)')
    .fill('The cat sat on the mat\nA cat sat on a mat\nQuarterly tax report');
  await page.getByLabel('Dimensions (optional)').fill('64');
  await page.getByLabel('Encoding format').selectOption('base64');
  await page.getByRole('button', { name: 'Embed' }).click();

  const map = page.getByRole('group', { name: 'Cosine similarity' });
  await expect(map).toBeVisible();
  await expect(map.getByText('The cat sat on the mat')).toBeVisible();
  await expect(map.getByText('Quarterly tax report')).toBeVisible();
  await expect(map.getByRole('img', { name: '#1 vs #1: 1.000' })).toBeVisible();
  const close = await map.getByRole('img', { name: /^#1 vs #2: / }).getAttribute('title');
  const far = await map.getByRole('img', { name: /^#1 vs #3: / }).getAttribute('title');
  expect(Number(close!.split(': ')[1])).toBeGreaterThan(Number(far!.split(': ')[1]));
  await expect(page.getByRole('cell', { name: '64' }).first()).toBeVisible();
  await page.getByText('Similarity values as a table').click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-embeddings.png` });

  // The run is in the history, and still there after a restart, without its whole vectors.
  const history = page.getByRole('list', { name: 'Embeddings history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('The cat sat on the mat · A cat sat on a mat · Quarterly tax report');
  await app.restart();
  const again = app.page;
  await openSection(again, 'Embeddings');
  await expect(again.getByRole('group', { name: 'Cosine similarity' })).toBeHidden();
  await again.getByRole('button', { name: /^Open the run of .*: The cat sat on the mat/ }).click();
  const reopened = again.getByRole('group', { name: 'Cosine similarity' });
  await expect(reopened.getByRole('img', { name: '#1 vs #1: 1.000' })).toBeVisible();
  expect(await reopened.getByRole('img', { name: /^#1 vs #2: / }).getAttribute('title')).toBe(close);
  await expect(again.getByText(/^From the history: the run of /)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Copy vectors as JSON' })).toBeDisabled();
  if (SHOTS) await again.screenshot({ path: `${SHOTS}/media-embeddings-history.png` });

  await again.getByRole('button', { name: /^Delete “The cat sat on the mat/ }).click();
  await again.getByRole('listitem').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(again.getByRole('list', { name: 'Embeddings history' }).getByRole('listitem')).toHaveCount(0);
  await expect(again.getByRole('group', { name: 'Cosine similarity' })).toBeHidden();
  await expect(again.getByText(/^No runs yet/)).toBeVisible();
});

test.describe('gateway fault', () => {
  test.use({ appArgs: ['--sandbox-fault', 'http-500'] });

  test('a 500 shows its message, keeps the form and loses nothing from the history', async ({ app }) => {
    // A generation saved by an earlier session.
    const id = 'img-1700000000000-keep0001';
    mkdirSync(join(app.dataDir, 'media', 'images', id), { recursive: true });
    mkdirSync(join(app.dataDir, 'media-history'), { recursive: true });
    writeFileSync(
      join(app.dataDir, 'media', 'images', id, '0.png'),
      encodePng(2, 2, new Uint8Array(12).fill(200)),
    );
    writeFileSync(
      join(app.dataDir, 'media-history', `${id}.json`),
      JSON.stringify({
        id,
        kind: 'image',
        createdAt: 1_700_000_000_000,
        profileId: 'sandbox',
        model: 'sandbox-image-1',
        prompt: 'An earlier picture',
        params: { size: '256x256', n: 1, responseFormat: 'url' },
        files: [{ rel: `images/${id}/0.png`, width: 2, height: 2 }],
      }),
    );
    await app.restart();
    const page = app.page;
    await openSection(page, 'Images');
    await expect(page.getByRole('article', { name: 'An earlier picture' })).toBeVisible();
    // The earlier file's import is announced in a banner above the page; it is waited for, so
    // the form does not move under the clicks below when it arrives.
    await expect(page.getByRole('status').filter({ hasText: 'now lives in Gatehouse' })).toBeVisible();

    await page.getByLabel('Prompt').fill('This one will fail');
    await page.getByLabel('Model').fill('sandbox-image-1');
    await page.getByRole('button', { name: 'Generate' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'internal error' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Sandbox fault: internal server error');
    await expect(page.getByLabel('Prompt')).toHaveValue('This one will fail');
    await expect(page.getByLabel('Model')).toHaveValue('sandbox-image-1');
    await expect(page.getByRole('article', { name: 'An earlier picture' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-fault.png` });
  });
});
