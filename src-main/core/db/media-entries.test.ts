import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddingEntry } from '../../../src-shared/media/embedding-entry';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { createRepositories, type Repositories } from './repositories';

let db: DatabaseSync;
let notices: StorageNotices;
let repos: Repositories;
beforeEach(() => {
  db = openMemoryDatabase();
  notices = new StorageNotices();
  repos = createRepositories({ db, notices, now: () => 42 });
});

/** Inserted as SQL, the way rows written before embeddings joined the history sit in a database. */
function insertRaw(id: string, kind: string, createdAt: number, data: unknown): void {
  db.prepare('INSERT INTO media_entries (id, kind, created_at, data) VALUES (?, ?, ?, ?)').run(
    id,
    kind,
    createdAt,
    typeof data === 'string' ? data : JSON.stringify(data),
  );
}

// Exactly what earlier versions wrote: no `extra` (it came later), no embeddings kind.
const oldImage = {
  id: 'img-1700000000000-aaaa0001',
  kind: 'image',
  createdAt: 1_700_000_000_000,
  profileId: 'sandbox',
  model: 'sandbox-image-1',
  prompt: 'An old lighthouse',
  params: { size: '256x256', n: 2, responseFormat: 'url' },
  revisedPrompt: 'An old lighthouse, revised',
  files: [
    { rel: 'images/img-1700000000000-aaaa0001/0.png', width: 256, height: 256 },
    { error: 'timed out' },
  ],
};
const oldSpeech = {
  id: 'tts-1700000000001-bbbb0002',
  kind: 'speech',
  createdAt: 1_700_000_000_001,
  profileId: 'sandbox',
  model: 'sandbox-tts-1',
  text: 'Hello',
  params: { voice: 'alloy', format: 'pcm', speed: 1.25 },
  rel: 'speech/tts-1700000000001-bbbb0002.wav',
  container: 'wav',
  wrappedPcm: true,
  unplayable: false,
  bytes: 4800,
};

const embedding = (id: string, createdAt: number): EmbeddingEntry => ({
  id,
  kind: 'embedding',
  createdAt,
  profileId: 'sandbox',
  model: 'sandbox-embed-1',
  params: { model: 'sandbox-embed-1', dimensions: 4, encodingFormat: 'float' },
  inputs: [
    { index: 0, text: 'cat', chars: 3, dimensions: 4, norm: 1, zero: false, preview: [0.5, 0.5, 0.5, 0.5] },
    { index: 1, text: 'dog', chars: 3, dimensions: 4, norm: 1, zero: false, preview: [1, 0, 0, 0] },
  ],
  matrix: [
    [1, 0.5],
    [0.5, 1],
  ],
  problems: [],
  usage: { prompt_tokens: 2, total_tokens: 2 },
});

describe('media history rows', () => {
  it('reads image and speech rows written before embeddings joined, unchanged', () => {
    insertRaw(oldImage.id, 'image', oldImage.createdAt, oldImage);
    insertRaw(oldSpeech.id, 'speech', oldSpeech.createdAt, oldSpeech);
    repos.media.put(embedding('emb-1700000000002-cccc0003', 1_700_000_000_002));

    expect(repos.media.listKind('image')).toEqual([oldImage]);
    expect(repos.media.listKind('speech')).toEqual([oldSpeech]);
    expect(repos.media.listKind().map((e) => e.kind)).toEqual(['embedding', 'speech', 'image']);
    expect(notices.list()).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
  });

  it('stores an embeddings run under its own kind and reads it back whole', () => {
    const run = embedding('emb-1-x', 5);
    repos.media.put(run);
    expect(db.prepare('SELECT kind, created_at FROM media_entries').get()).toEqual({
      kind: 'embedding',
      created_at: 5,
    });
    expect(repos.media.get('emb-1-x')).toEqual(run);
    expect(repos.media.listKind('embedding')).toEqual([run]);
    expect(repos.media.listKind('image')).toEqual([]);
  });

  it('quarantines a bad embeddings row and keeps listing the good ones', () => {
    repos.media.put(embedding('emb-good', 2));
    // A matrix cell that is text, and a row whose JSON is cut off.
    insertRaw('emb-bad', 'embedding', 3, { ...embedding('emb-bad', 3), matrix: [['high']] });
    insertRaw('emb-cut', 'embedding', 4, JSON.stringify(embedding('emb-cut', 4)).slice(0, 50));
    insertRaw(oldImage.id, 'image', oldImage.createdAt, oldImage);

    expect(repos.media.listKind('embedding').map((e) => e.id)).toEqual(['emb-good']);
    expect(repos.media.get('emb-bad')).toBeUndefined();
    const setAside = db.prepare('SELECT kind, record_id, reason FROM quarantine ORDER BY seq').all() as {
      kind: string;
      record_id: string;
      reason: string;
    }[];
    expect(setAside.map((r) => r.record_id)).toEqual(['emb-cut', 'emb-bad']);
    expect(setAside.every((r) => r.kind === 'media-entry')).toBe(true);
    expect(setAside[1].reason).toContain('matrix');
    expect(notices.list().map((n) => n.kind)).toEqual(['set-aside', 'set-aside']);
    // The other kinds are untouched.
    expect(repos.media.listKind().map((e) => e.id)).toEqual([oldImage.id, 'emb-good']);
  });

  it('refuses a row with more values per vector than a preview holds', () => {
    const big = embedding('emb-big', 1);
    big.inputs[0].preview = Array.from({ length: 3072 }, () => 0.1);
    insertRaw('emb-big', 'embedding', 1, big);
    expect(repos.media.listKind('embedding')).toEqual([]);
    expect(notices.list()[0]).toMatchObject({ kind: 'set-aside', file: 'media-entry emb-big' });
  });
});
