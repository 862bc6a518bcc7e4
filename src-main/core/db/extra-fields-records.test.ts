import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import type { StoredJudgeRun } from '../../../src-shared/judge/judge-run';
import type { ImageEntry, SpeechEntry } from '../../../src-shared/media/media-history';
import type { VideoTask } from '../../../src-shared/video/video-task';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { createRepositories, type Repositories } from './repositories';

// `extra` lives inside each record's `data` JSON, so no migration: rows written before it existed
// must read back unchanged (not quarantined), and records with it must round-trip.
let db: DatabaseSync;
let notices: StorageNotices;
let repos: Repositories;
beforeEach(() => {
  db = openMemoryDatabase();
  notices = new StorageNotices();
  repos = createRepositories({ db, notices, now: () => 42 });
});

const quarantined = () => (db.prepare('SELECT count(*) AS n FROM quarantine').get() as { n: number }).n;
const extra = { seed: 42, thinking: { type: 'enabled' }, tags: ['a', 1, null] };

const run: StoredJudgeRun = {
  id: 'r1',
  setId: 's1',
  setRevision: 1,
  createdAt: 5,
  state: { mode: 'text', text: 'hi' },
  modelAsked: 'judge-latest',
  answers: [],
  usage: { inputTokens: 3 },
  latencyMs: 1,
  raw: '{}',
};
const image: ImageEntry = {
  id: 'img-1',
  kind: 'image',
  createdAt: 1,
  profileId: 'sandbox',
  model: 'm',
  prompt: 'a kite',
  params: { size: '512x512', n: 1, responseFormat: 'url' },
  files: [{ rel: 'images/img-1/0.png', width: 1, height: 1 }],
};
const speech: SpeechEntry = {
  id: 'tts-1',
  kind: 'speech',
  createdAt: 2,
  profileId: 'sandbox',
  model: 'tts',
  text: 'hello',
  params: { voice: 'alloy', format: 'wav', speed: 1 },
  rel: 'speech/tts-1.wav',
  container: 'wav',
  wrappedPcm: false,
  unplayable: false,
  bytes: 10,
};
const task: VideoTask = {
  id: 'v1',
  taskId: 'cgt-1',
  profileId: 'sandbox',
  form: {
    model: 'vidmodel-2-0-260128',
    prompt: 'a kite',
    images: [],
    ratio: '16:9',
    duration: 10,
    resolution: '720p',
    generateAudio: true,
  },
  request: {
    model: 'vidmodel-2-0-260128',
    content: [{ type: 'text', text: 'a kite' }],
    ratio: '16:9',
    duration: 10,
    resolution: '720p',
    generate_audio: true,
  },
  createdAt: 1,
  updatedAt: 1,
  state: 'queued',
};

describe('records saved before extra body fields', () => {
  it('a conversation row without extra reads back intact', () => {
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run(
      'c1',
      'Old chat',
      1,
      2,
      JSON.stringify({ profileId: 'sandbox', model: 'm', system: 'Be brief.', params: { temperature: 0.5 } }),
    );
    db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    ).run('c1', 0, 'user', 'hi', '{}');
    const expected: Conversation = {
      id: 'c1',
      title: 'Old chat',
      createdAt: 1,
      updatedAt: 2,
      profileId: 'sandbox',
      model: 'm',
      system: 'Be brief.',
      params: { temperature: 0.5 },
      messages: [{ role: 'user', content: 'hi' }],
    };
    expect(repos.conversations.get('c1')).toEqual(expected);
    expect(quarantined()).toBe(0);
  });

  it('media, video and judge rows without extra read back intact', () => {
    const insert = (sql: string, ...values: (string | number)[]) => db.prepare(sql).run(...values);
    insert(
      'INSERT INTO media_entries (id, kind, created_at, data) VALUES (?, ?, ?, ?)',
      'img-1',
      'image',
      1,
      JSON.stringify(image),
    );
    insert(
      'INSERT INTO media_entries (id, kind, created_at, data) VALUES (?, ?, ?, ?)',
      'tts-1',
      'speech',
      2,
      JSON.stringify(speech),
    );
    insert(
      'INSERT INTO video_tasks (id, task_id, state, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)',
      'v1',
      'cgt-1',
      'queued',
      1,
      1,
      JSON.stringify(task),
    );
    insert(
      'INSERT INTO question_sets (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
      's1',
      'Tone',
      1,
      1,
    );
    insert(
      'INSERT INTO judge_runs (id, set_id, set_revision, created_at, data) VALUES (?, ?, ?, ?, ?)',
      'r1',
      's1',
      1,
      5,
      JSON.stringify(run),
    );

    expect(repos.media.get('img-1')).toEqual(image);
    expect(repos.media.get('tts-1')).toEqual(speech);
    expect(repos.videoTasks.get('v1')).toEqual(task);
    expect(repos.runs.get('r1')).toEqual(run);
    expect(quarantined()).toBe(0);
  });
});

describe('records with extra body fields', () => {
  it('round-trip through every repository', () => {
    const chat: Conversation = {
      id: 'c2',
      title: 'New chat',
      createdAt: 1,
      updatedAt: 1,
      model: 'm',
      system: '',
      params: {},
      extra,
      messages: [{ role: 'user', content: 'hi' }],
    };
    repos.conversations.put(chat);
    expect(repos.conversations.get('c2')).toEqual(chat);

    repos.media.put({ ...image, extra });
    repos.media.put({ ...speech, extra });
    expect(repos.media.get('img-1')).toEqual({ ...image, extra });
    expect(repos.media.get('tts-1')).toEqual({ ...speech, extra });

    const withExtra: VideoTask = { ...task, form: { ...task.form, extra: { seed: 1 } } };
    repos.videoTasks.put(withExtra);
    expect(repos.videoTasks.get('v1')).toEqual(withExtra);

    db.prepare('INSERT INTO question_sets (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
      's1',
      'Tone',
      1,
      1,
    );
    repos.runs.put({ ...run, extra });
    expect(repos.runs.get('r1')).toEqual({ ...run, extra });
    expect(quarantined()).toBe(0);
  });
});
