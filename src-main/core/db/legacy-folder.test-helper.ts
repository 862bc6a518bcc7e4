import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Records exactly as the version before the database wrote them: `<folder>/<id>.json`, 2-space JSON. */
export const conversation = {
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
export const question = {
  name: 'tone',
  type: 'choice',
  instructions: 'Tone?',
  options: [
    { name: 'calm', description: 'calm words' },
    { name: 'angry', description: 'shouting' },
  ],
  levels: [],
};
export const set = {
  id: '5e7a0000-aaaa-4bbb-8ccc-ddddeeeeffff',
  name: 'Reviews',
  createdAt: 1_700_000_100_000,
  updatedAt: 1_700_000_200_000,
  revisions: [
    { revision: 1, savedAt: 1_700_000_100_000, questions: [question] },
    { revision: 2, savedAt: 1_700_000_200_000, questions: [question, { ...question, name: 'mood' }] },
  ],
};
export const run = {
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
export const orphanRun = { ...run, id: 'orphan-run', setId: 'gone-set' };
const form = {
  model: 'vidmodel-2',
  prompt: 'A lighthouse at dusk',
  images: [],
  ratio: '16:9',
  duration: 10,
  resolution: '720p',
  generateAudio: true,
};
export const videoTask = {
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
export const image = {
  id: 'img-1700000400000-abcd1234',
  kind: 'image',
  createdAt: 1_700_000_400_000,
  profileId: 'sandbox',
  model: 'sandbox-image-1',
  prompt: 'An earlier picture',
  params: { size: '256x256', n: 2, responseFormat: 'url' },
  files: [{ rel: 'images/img-1700000400000-abcd1234/0.png', width: 2, height: 2 }, { error: 'expired link' }],
};
export const speech = {
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

export function write(dataDir: string, rel: string, value: unknown): void {
  const file = join(dataDir, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/** A data folder as the earlier version left it, media files included. */
export function legacyFolder(): string {
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
