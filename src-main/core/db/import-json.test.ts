import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../../ipc/services.test-helper';
import { StorageNotices } from '../storage/storage-notices';
import {
  conversation,
  image,
  legacyFolder,
  question,
  run,
  set,
  speech,
  videoTask,
  write,
} from './legacy-folder.test-helper';
import { openDataFolder } from './open-data-folder';

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
      {
        id: conversation.id,
        title: 'Hello 你好',
        createdAt: conversation.createdAt,
        updatedAt: conversation.updatedAt,
        messageCount: 4,
        pinned: false,
      },
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

  it('keeps the record already in the database when a different old file comes back with its id, and says so', () => {
    const dataDir = legacyFolder();
    openDataFolder(dataDir, new StorageNotices(), () => 1).close();
    const file = join(dataDir, 'conversations', `${conversation.id}.json`);
    write(dataDir, `conversations/${conversation.id}.json`, { ...conversation, title: 'Stale copy' });
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices, () => 2);
    expect(db.prepare('SELECT title FROM conversations').get()).toEqual({ title: 'Hello 你好' });
    expect(notices.list()).toEqual([
      {
        kind: 'set-aside',
        file,
        movedTo: join(dataDir, 'backup-2', 'conversations', `${conversation.id}.json`),
        reason: `a record with id ${conversation.id} is already in the database and differs from this file; the database's copy was kept`,
        at: 2,
      },
    ]);
    expect(existsSync(join(dataDir, 'backup-2', 'conversations', `${conversation.id}.json`))).toBe(true);
    db.close();
  });

  it('says nothing when an old file comes back equal to the record in the database', () => {
    const dataDir = legacyFolder();
    openDataFolder(dataDir, new StorageNotices(), () => 1).close();
    write(dataDir, `conversations/${conversation.id}.json`, conversation);
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices, () => 2);
    expect(notices.list()).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM conversations').get()).toEqual({ n: 1 });
    expect(existsSync(join(dataDir, 'backup-2', 'conversations', `${conversation.id}.json`))).toBe(true);
    db.close();
  });

  it('reports a second file with an id another file of the same run took, naming the one kept', () => {
    const dataDir = legacyFolder();
    write(dataDir, 'conversations/copy.json', { ...conversation, title: 'My copy' });
    write(dataDir, 'media-history/copy.json', image); // even the very same record twice is reported
    const notices = new StorageNotices();
    const db = openDataFolder(dataDir, notices, () => 1);
    expect(db.prepare('SELECT title FROM conversations').all()).toEqual([{ title: 'Hello 你好' }]);
    expect(db.prepare('SELECT count(*) AS n FROM media_entries').get()).toEqual({ n: 2 });
    const backup = join(dataDir, 'backup-1');
    const setAside = notices.list().flatMap((n) => (n.kind === 'set-aside' ? [n] : []));
    expect(setAside.filter((n) => n.reason.includes('same id'))).toEqual([
      {
        kind: 'set-aside',
        file: join(dataDir, 'conversations', 'copy.json'),
        movedTo: join(backup, 'conversations', 'copy.json'),
        reason: `another file has the same id ${conversation.id}: ${join('conversations', `${conversation.id}.json`)} was imported, this one was not`,
        at: 1,
      },
      // Files go in name order: here the copy came first and the other is the one left out.
      {
        kind: 'set-aside',
        file: join(dataDir, 'media-history', `${image.id}.json`),
        movedTo: join(backup, 'media-history', `${image.id}.json`),
        reason: `another file has the same id ${image.id}: ${join('media-history', 'copy.json')} was imported, this one was not`,
        at: 1,
      },
    ]);
    expect(notices.list().filter((n) => n.kind === 'imported')).toEqual([
      { kind: 'imported', records: 6, backupDir: backup, at: 1 },
    ]);
    expect(readFileSync(join(backup, 'conversations', 'copy.json'), 'utf8')).toMatch(/My copy/);
    db.close();
  });
});
