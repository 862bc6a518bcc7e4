import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from '../src-main/sandbox/png-encoder';
import { startNodeEntry } from './fixtures/app-process';
import { expect, test } from './fixtures/app-fixture';

/** Writes one record as the version before the database did: `<folder>/<id>.json`, 2-space JSON. */
function writeLegacy(dataDir: string, folder: string, record: { id: string; [k: string]: unknown }): void {
  mkdirSync(join(dataDir, folder), { recursive: true });
  writeFileSync(join(dataDir, folder, `${record.id}.json`), JSON.stringify(record, null, 2));
}

const question = { name: 'tone', type: 'noul', instructions: 'Is it calm?', options: [], levels: [] };

test('a data folder written by the earlier version opens with everything in it', async ({ app }) => {
  const d = app.dataDir;
  await app.stop();
  writeLegacy(d, 'conversations', {
    id: 'legacy-chat',
    title: 'A chat from before the database',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    model: 'sandbox-chat-1',
    system: '',
    params: {},
    messages: [
      { role: 'user', content: 'A question from before' },
      { role: 'assistant', content: 'An answer from before', stats: { totalMs: 10 } },
    ],
  });
  writeLegacy(d, 'judge-sets', {
    id: 'legacy-set',
    name: 'Legacy set',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    revisions: [{ revision: 1, savedAt: 1_700_000_000_000, questions: [question] }],
  });
  writeLegacy(d, 'judge-runs', {
    id: 'legacy-run',
    setId: 'legacy-set',
    setRevision: 1,
    createdAt: 1_700_000_000_000,
    state: { mode: 'text', text: 'All calm here.' },
    modelAsked: 'judge-latest',
    answers: [],
    usage: {},
    latencyMs: 5,
    raw: '{}',
  });
  const form = {
    model: 'vidmodel-2-0-260128',
    prompt: 'A video from before the database',
    images: [],
    ratio: '16:9',
    duration: 10,
    resolution: '720p',
    generateAudio: true,
  };
  writeLegacy(d, 'video-tasks', {
    id: 'legacyvideo000000001',
    taskId: 'task-legacy',
    profileId: 'sandbox',
    form,
    request: { model: form.model },
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    state: 'failed',
    error: 'it failed back then',
    finishedAt: 1_700_000_000_000,
  });
  const imageId = 'img-1700000000000-legacy01';
  mkdirSync(join(d, 'media', 'images', imageId), { recursive: true });
  writeFileSync(join(d, 'media', 'images', imageId, '0.png'), encodePng(2, 2, new Uint8Array(12).fill(90)));
  writeLegacy(d, 'media-history', {
    id: imageId,
    kind: 'image',
    createdAt: 1_700_000_000_000,
    profileId: 'sandbox',
    model: 'sandbox-image-1',
    prompt: 'A picture from before the database',
    params: { size: '256x256', n: 1, responseFormat: 'url' },
    files: [{ rel: `images/${imageId}/0.png`, width: 2, height: 2 }],
  });

  await app.start();
  const page = app.page;
  await expect(page.getByRole('status').filter({ hasText: '(5 records) now live in' })).toBeVisible();
  const backups = readdirSync(d).filter((f) => f.startsWith('backup-'));
  expect(backups).toHaveLength(1);
  expect(readdirSync(join(d, backups[0])).sort()).toEqual([
    'conversations',
    'judge-runs',
    'judge-sets',
    'media-history',
    'video-tasks',
  ]);

  await page
    .getByRole('complementary', { name: 'Conversations' })
    .getByText('A chat from before the database')
    .click();
  await expect(page.getByText('An answer from before')).toBeVisible();

  await page.getByRole('tab', { name: 'Judge' }).click();
  await page
    .getByRole('complementary', { name: 'Question sets' })
    .getByRole('button', { name: /^Legacy set · / })
    .click();
  await expect(page.getByLabel('Set name')).toHaveValue('Legacy set');

  await page.getByRole('tab', { name: 'Video' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'A video from before the database' });
  await expect(card.getByText('it failed back then')).toBeVisible();

  await page.getByRole('tab', { name: 'Media' }).click();
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page.getByRole('article', { name: 'A picture from before the database' })).toBeVisible();

  // Told once: the next start shows no notice.
  await app.restart();
  await expect(app.page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(app.page.getByRole('status').filter({ hasText: 'now live in' })).toHaveCount(0);
});

test('a second browser-mode process on the same data folder refuses with a clear message', async ({
  app,
}) => {
  const second = startNodeEntry(
    'src-main/web/cli.ts',
    ['--port', '0', '--data-dir', app.dataDir],
    /Open: (\S+)/,
  );
  await expect(second).rejects.toThrow(`The data folder ${app.dataDir} is in use by another Gatehouse`);
  await expect(second).rejects.toThrow(/exited with 1/);
  // One line naming the folder and the next step, never a stack trace.
  await expect(second).rejects.toThrow(/--data-dir/);
  await expect(second).rejects.not.toThrow(/\n\s+at /);
  // The first one goes on working.
  await expect(app.page.getByRole('tab', { name: 'Chat' })).toBeVisible();
});
