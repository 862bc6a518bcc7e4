import type { Locator, Page } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from './fixtures/app-fixture';

const SHOTS = process.env.VIDEO_SHOTS_DIR;

async function openVideoTab(page: Page) {
  await page.getByRole('tab', { name: 'Video' }).click();
  await expect(page.getByRole('heading', { name: 'New video' })).toBeVisible();
}

/** Resolves to the <video>'s duration once its metadata is loaded, and checks it can seek. */
async function playable(video: Locator): Promise<number> {
  return video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        const seek = () => {
          v.addEventListener('seeked', () => resolve(v.duration), { once: true });
          v.currentTime = Math.min(1, v.duration / 2);
        };
        v.addEventListener('error', () => reject(new Error(`media error ${v.error?.code}`)), { once: true });
        if (v.readyState >= 1) seek();
        else v.addEventListener('loadedmetadata', seek, { once: true });
      }),
  );
}

const card = (page: Page, prompt: string) => page.getByRole('listitem').filter({ hasText: prompt });

/** The tasks as main saved them, read straight from the data folder's database (app stopped: it holds a lock). */
function savedTasks(dataDir: string): { state: string; form: { prompt: string } }[] {
  const db = new DatabaseSync(join(dataDir, 'gatehouse.db'));
  try {
    return db
      .prepare('SELECT data FROM video_tasks')
      .all()
      .map((r) => JSON.parse((r as { data: string }).data) as { state: string; form: { prompt: string } });
  } finally {
    db.close();
  }
}

test.describe('fast Sandbox', () => {
  test.use({ appArgs: ['--sandbox-video-pace-ms', '300'] });

  test('create a task, watch it succeed, play and save it, and find it again after a restart', async ({
    app,
  }) => {
    let page = app.page;
    await openVideoTab(page);
    await expect(page.getByText(/No video tasks yet/)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/video-empty.png` });

    // Defaults are shown as defaults; the preview is the body that will be sent.
    await expect(page.getByLabel('Ratio', { exact: true })).toHaveValue('16:9');
    await expect(page.getByLabel('Resolution')).toHaveValue('720p');
    await expect(page.getByLabel('Duration (seconds)')).toHaveValue('10');
    await expect(page.getByLabel('Generate audio')).toBeChecked();

    // Out of range is refused with the rule, and the work is kept.
    await page.getByLabel('Prompt').fill('A lighthouse at dusk, slow pan');
    await page.getByLabel('Duration (seconds)').fill('31');
    await expect(page.getByText('Duration must be a whole number of seconds from 5 to 30.')).toBeVisible();
    await page.getByRole('button', { name: 'Create video' }).click();
    await expect(page.getByText('Fix the highlighted fields first.')).toBeVisible();
    await expect(page.getByLabel('Prompt')).toHaveValue('A lighthouse at dusk, slow pan');

    await page.getByLabel('Duration (seconds)').fill('6');
    await page.getByLabel('Ratio', { exact: true }).selectOption('9:16');
    await page.getByLabel('Image address').fill('https://example.com/ref.png');
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByText('Extra body fields', { exact: true }).click();
    await page.getByLabel('Extra body fields (JSON object)').fill('{"duration": 8}');
    await expect(page.locator('#video-extra-err')).toHaveText(
      'extra.duration: is set by the form — change it there.',
    );
    await page.getByLabel('Extra body fields (JSON object)').fill('{"seed": 3}');
    await page.getByText('Request body that will be sent').click();
    // The body is written out once the section is open: wait for it, then read it whole.
    await expect(page.locator('.video-preview pre')).toContainText('"seed": 3');
    const preview = JSON.parse(await page.locator('.video-preview pre').innerText()) as Record<
      string,
      unknown
    >;
    expect(preview).toEqual({
      model: 'vidmodel-2-0-260128',
      content: [
        { type: 'text', text: 'A lighthouse at dusk, slow pan' },
        { type: 'image_url', image_url: { url: 'https://example.com/ref.png' }, role: 'reference_image' },
      ],
      ratio: '9:16',
      duration: 6,
      resolution: '720p',
      generate_audio: true,
      seed: 3,
    });

    await page.getByRole('button', { name: 'Create video' }).click();
    const task = card(page, 'A lighthouse at dusk');
    await expect(task).toBeVisible();
    await expect(task.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    const video = task.getByLabel(/^Video of task/);
    await expect(video).toBeVisible();
    // A compact player in the card: muted, metadata only, nothing plays by itself.
    expect(
      await video.evaluate((v: HTMLVideoElement) => ({
        tag: v.tagName,
        muted: v.muted,
        autoplay: v.autoplay,
        paused: v.paused,
        preload: v.preload,
        controls: v.controls,
      })),
    ).toEqual({
      tag: 'VIDEO',
      muted: true,
      autoplay: false,
      paused: true,
      preload: 'metadata',
      controls: true,
    });
    expect((await video.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await playable(video)).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/video-succeeded.png` });

    await task.getByText('Raw reply from the gateway').click();
    await expect(task.locator('.video-raw pre')).toContainText('"status": "succeeded"');

    await task.getByRole('button', { name: 'Save video…' }).click();
    await expect(task.getByText(/Saved to .*\.mp4/)).toBeVisible();
    expect(readdirSync(app.exportDir).some((f) => f.endsWith('.mp4'))).toBe(true);

    await app.restart();
    page = app.page;
    await openVideoTab(page);
    const again = card(page, 'A lighthouse at dusk');
    await expect(again.getByText('Succeeded')).toBeVisible();
    expect(await playable(again.getByLabel(/^Video of task/))).toBeGreaterThan(0);

    // Re-run fills the form, asking first when that replaces a draft; the user still presses Create.
    await page.getByLabel('Prompt').fill('something else');
    await again.getByRole('button', { name: 'Re-run with these settings' }).click();
    await expect(again.getByText('Replace your current draft with this task’s settings?')).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Prompt')).toHaveValue('something else');
    await again.getByRole('button', { name: 'Re-run with these settings' }).click();
    await again.getByRole('button', { name: 'Replace draft' }).click();
    await expect(page.getByLabel('Prompt')).toHaveValue('A lighthouse at dusk, slow pan');
    await expect(page.getByLabel('Duration (seconds)')).toHaveValue('6');
    await expect(page.getByLabel('Ratio', { exact: true })).toHaveValue('9:16');
    await expect(page.getByRole('listitem').filter({ hasText: 'A lighthouse at dusk' })).toHaveCount(1);

    // Remove, with a confirmation; the file goes too.
    await again.getByRole('button', { name: /^Remove task/ }).click();
    await again.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText(/No video tasks yet/)).toBeVisible();
    const mediaDir = `${app.dataDir}/media/videos`;
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);
  });

  test('a prompt with "fail" ends failed with the message', async ({ app }) => {
    await openVideoTab(app.page);
    await app.page.getByLabel('Prompt').fill('please fail this one');
    await app.page.getByRole('button', { name: 'Create video' }).click();
    const task = card(app.page, 'please fail this one');
    await expect(task.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(task.getByText(/asked to fail/)).toBeVisible();
  });
});

test.describe('slow Sandbox', () => {
  // 4 s per state: the task is surely unfinished when the app goes down.
  test.use({ appArgs: ['--sandbox-video-pace-ms', '4000'] });

  test('a task created just before a restart finishes after it', async ({ app }) => {
    await openVideoTab(app.page);
    await app.page.getByLabel('Prompt').fill('Created right before a restart');
    await app.page.getByRole('button', { name: 'Create video' }).click();
    await expect(card(app.page, 'Created right before a restart').getByText(/Queued|Running/)).toBeVisible();
    // Decisive: on disk, the task is saved and not finished as the app goes down.
    await app.stop();
    const before = savedTasks(app.dataDir);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ form: { prompt: 'Created right before a restart' } });
    expect(['queued', 'running', 'unknown']).toContain(before[0].state);
    await app.start();
    await openVideoTab(app.page);
    const task = card(app.page, 'Created right before a restart');
    await expect(task.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
    expect(await playable(task.getByLabel(/^Video of task/))).toBeGreaterThan(0);
    await app.stop();
    expect(savedTasks(app.dataDir)[0].state).toBe('succeeded');
  });
});

test.describe('a task that stays running for a while', () => {
  test.use({ appArgs: ['--sandbox-video-pace-ms', '4000'] });

  test('a running task shows its state, elapsed time and progress', async ({ app }) => {
    // 4 s per state: the second check (about 5 s in) lands while the task is running.
    const page = app.page;
    await openVideoTab(page);
    await page.getByLabel('Prompt').fill('Waves on a rocky shore, drone shot');
    await page.getByRole('button', { name: 'Create video' }).click();
    const task = card(page, 'Waves on a rocky shore');
    await expect(task.getByText(/elapsed \d+ s/)).toBeVisible();
    await expect(task.getByText('Running')).toBeVisible({ timeout: 20_000 });
    const bar = task.getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    await expect(task.getByText(/^\d+%$/)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/video-running.png` });
    await expect(task.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
  });
});
