import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../../ipc/services.test-helper';
import { StorageNotices } from '../storage/storage-notices';
import { openDataFolder } from './open-data-folder';

/** Records exactly as the version before the database wrote them: `<folder>/<id>.json`, 2-space JSON. */
const conversation = {
  id: 'c0ffee00-1111-4222-8333-444455556666',
  title: 'Hello 你好',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_005_000,
  profileId: 'sandbox',
  model: 'sandbox-chat-1',
  system: 'Be brief.',
  params: { temperature: 0.7, max_tokens: 256 },
  messages: [
    { role: 'user', content: 'Hello 你好' },
    {
      role: 'assistant',
      content: 'Hi! A short reply about lighthouses.',
      stats: {
        firstTokenMs: 12,
        totalMs: 340,
        tokensPerSecond: 41.2,
        usage: { prompt_tokens: 9, completion_tokens: 14, total_tokens: 23 },
        model: 'sandbox-chat-1',
        finishReason: 'stop',
      },
    },
    { role: 'user', content: 'And again?' },
    { role: 'assistant', content: 'Part', stopped: true, stats: { totalMs: 20 } },
  ],
};
const question = {
  name: 'tone',
  type: 'choice',
  instructions: 'Tone?',
  options: [
    { name: 'calm', description: 'calm words' },
    { name: 'angry', description: 'shouting' },
  ],
  levels: [],
};
const set = {
  id: '5e7a0000-aaaa-4bbb-8ccc-ddddeeeeffff',
  name: 'Reviews',
  createdAt: 1_700_000_100_000,
  updatedAt: 1_700_000_200_000,
  revisions: [
    { revision: 1, savedAt: 1_700_000_100_000, questions: [question] },
    { revision: 2, savedAt: 1_700_000_200_000, questions: [question, { ...question, name: 'mood' }] },
  ],
};
const run = {
  id: 'run00000-1111-4222-8333-444455556666',
  setId: set.id,
  setRevision: 1,
  createdAt: 1_700_000_150_000,
  state: { mode: 'text', text: 'The service was fine.' },
  modelAsked: 'judge-1',
  modelAnswered: 'judge-1-0601',
  answers: [{ name: 'tone', value: 'calm' }],
  usage: { inputTokens: 120, outputTokens: 8 },
  costYuan: 0.00012,
  latencyMs: 250,
  raw: '{"choices":[]}',
};
const orphanRun = { ...run, id: 'orphan-run', setId: 'gone-set' };
const form = {
  model: 'vidmodel-2',
  prompt: 'A lighthouse at dusk',
  images: [],
  ratio: '16:9',
  duration: 10,
  resolution: '720p',
  generateAudio: true,
};
const videoTask = {
  id: 'a1b2c3d4e5f6a7b8c9d0',
  taskId: 'task-123',
  profileId: 'sandbox',
  form,
  request: { model: 'vidmodel-2', content: [{ type: 'text', text: 'A lighthouse at dusk' }] },
  createdAt: 1_700_000_300_000,
  updatedAt: 1_700_000_360_000,
  state: 'succeeded',
  rawStatus: 'succeeded',
  progress: 100,
  remoteUrl: 'http://127.0.0.1:1/v.mp4',
  localFile: 'videos/a1b2c3d4e5f6a7b8c9d0.mp4',
  lastBody: '{"status":"succeeded"}',
  lastCheckedAt: 1_700_000_360_000,
  pollAttempt: 4,
  seenAt: 1_700_000_360_000,
  finishedAt: 1_700_000_360_000,
};
const image = {
  id: 'img-1700000400000-abcd1234',
  kind: 'image',
  createdAt: 1_700_000_400_000,
  profileId: 'sandbox',
  model: 'sandbox-image-1',
  prompt: 'An earlier picture',
  params: { size: '256x256', n: 2, responseFormat: 'url' },
  files: [{ rel: 'images/img-1700000400000-abcd1234/0.png', width: 2, height: 2 }, { error: 'expired link' }],
};
const speech = {
  id: 'tts-1700000500000-abcd1234',
  kind: 'speech',
  createdAt: 1_700_000_500_000,
  profileId: 'sandbox',
  model: 'sandbox-tts-1',
  text: 'Hello there',
  params: { voice: 'alloy', format: 'wav', speed: 1 },
  rel: 'speech/tts-1700000500000-abcd1234.wav',
  container: 'wav',
  wrappedPcm: true,
  unplayable: false,
  bytes: 4,
};

function write(dataDir: string, rel: string, value: unknown): void {
  const file = join(dataDir, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/** A data folder as the earlier version left it, media files included. */
function legacyFolder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-legacy-'));
  write(dataDir, `conversations/${conversation.id}.json`, conversation);
  write(dataDir, 'conversations/broken.json', '{ "id": "broken", "title": ');
  write(dataDir, 'conversations/old.corrupt-1690000000000.json', 'set aside long ago');
  write(dataDir, `judge-sets/${set.id}.json`, set);
  write(dataDir, `judge-runs/${run.id}.json`, run);
  write(dataDir, `judge-runs/${orphanRun.id}.json`, orphanRun);
  write(dataDir, `video-tasks/${videoTask.id}.json`, videoTask);
  write(dataDir, `media-history/${image.id}.json`, image);
  write(dataDir, `media-history/${speech.id}.json`, speech);
  write(dataDir, `media/${image.files[0].rel}`, 'png-bytes');
  write(dataDir, `media/${speech.rel}`, 'RIFF');
  write(dataDir, `media/${videoTask.localFile}`, 'mp4-bytes');
  return dataDir;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('importing the JSON files of an earlier version', () => {
  it('brings every record in, keeps the originals in a backup folder and tells the user once', async () => {
    const dataDir = legacyFolder();
    const notices = new StorageNotices();
    const database = openDataFolder(dataDir, notices, () => 1_800_000_000_000);
    const t = testServices({ dataDir, database, notices });
    close = async () => {
      t.services.video.dispose();
      await t.close();
      database.close();
    };
    const s = t.services;

    expect(s.chat.list()).toEqual([
      { id: conversation.id, title: 'Hello 你好', updatedAt: conversation.updatedAt, messageCount: 4 },
    ]);
    expect(s.chat.get(conversation.id)).toEqual(conversation);
    expect(s.judge.listSets()).toEqual([
      { id: set.id, name: 'Reviews', updatedAt: set.updatedAt, questionCount: 2, revision: 2 },
    ]);
    expect(s.judge.getSet(set.id)).toEqual(set);
    expect(s.judge.listRevisions(set.id).map((r) => r.revision)).toEqual([2, 1]);
    expect(s.judge.getRevision(set.id, 1).revision.questions).toEqual([question]);
    expect(s.judge.listRuns(set.id).map((r) => r.id)).toEqual([run.id]);
    expect(s.judge.getRunWithQuestions(run.id)).toEqual({ run, questions: [question] });
    expect(s.video.get(videoTask.id)).toEqual(videoTask);
    expect(s.video.list()).toEqual([
      expect.objectContaining({ id: videoTask.id, videoUrl: `media://${videoTask.localFile}` }),
    ]);
    expect(s.mediaStudio.history().map((e) => e.id)).toEqual([speech.id, image.id]);
    expect(s.mediaStudio.history('image')[0]).toMatchObject({
      ...image,
      urls: [`media://${image.files[0].rel}`, null],
    });
    expect(s.mediaStudio.history('speech')[0]).toMatchObject({ ...speech, url: `media://${speech.rel}` });

    // The originals, moved whole; generated media stay where they were.
    const backup = join(dataDir, 'backup-1800000000000');
    for (const folder of ['conversations', 'judge-sets', 'judge-runs', 'video-tasks', 'media-history']) {
      expect(existsSync(join(dataDir, folder))).toBe(false);
      expect(existsSync(join(backup, folder))).toBe(true);
    }
    expect(readdirSync(join(backup, 'conversations')).sort()).toEqual([
      'broken.json',
      `${conversation.id}.json`,
      'old.corrupt-1690000000000.json',
    ]);
    expect(JSON.parse(readFileSync(join(backup, 'judge-sets', `${set.id}.json`), 'utf8'))).toEqual(set);
    expect(readFileSync(join(dataDir, 'media', speech.rel), 'utf8')).toBe('RIFF');
    expect(s.media.exists(videoTask.localFile)).toBe(true);

    // Told once: what arrived, and each file that could not (left in the backup).
    const told = notices.list();
    expect(told.filter((n) => n.kind === 'imported')).toEqual([
      { kind: 'imported', records: 6, backupDir: backup, at: 1_800_000_000_000 },
    ]);
    const setAside = told.flatMap((n) => (n.kind === 'set-aside' ? [n] : []));
    expect(setAside.map((n) => n.movedTo).sort()).toEqual([
      join(backup, 'conversations', 'broken.json'),
      join(backup, 'judge-runs', 'orphan-run.json'),
    ]);
    expect(setAside.find((n) => n.file.endsWith('orphan-run.json'))?.reason).toMatch(/question set gone-set/);
  });

  it('does not import or tell again on the next start', () => {
    const dataDir = legacyFolder();
    openDataFolder(dataDir, new StorageNotices(), () => 1).close();
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices, () => 2);
    expect(notices.list()).toEqual([]);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('backup-'))).toEqual(['backup-1']);
    expect(db.prepare('SELECT count(*) AS n FROM conversations').get()).toEqual({ n: 1 });
    db.close();
  });

  it('keeps the record already in the database when an old file comes back with the same id', () => {
    const dataDir = legacyFolder();
    openDataFolder(dataDir, new StorageNotices(), () => 1).close();
    write(dataDir, `conversations/${conversation.id}.json`, { ...conversation, title: 'Stale copy' });
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices, () => 2);
    expect(db.prepare('SELECT title FROM conversations').get()).toEqual({ title: 'Hello 你好' });
    expect(notices.list()).toEqual([expect.objectContaining({ kind: 'imported', records: 0 })]);
    expect(existsSync(join(dataDir, 'backup-2', 'conversations', `${conversation.id}.json`))).toBe(true);
    db.close();
  });
});
