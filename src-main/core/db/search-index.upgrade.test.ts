import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { conversationRepository } from './conversation-repository';
import { MIGRATIONS, runMigrations, schemaVersion } from './migrations';
import { SEARCH_INDEXED_CHARS } from './schema-sql';

const blank = () => {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
};
const chat = (id: string, texts: string[]): Conversation => ({
  id,
  title: `Chat ${id}`,
  createdAt: 1,
  updatedAt: 2,
  model: 'm',
  system: '',
  params: {},
  messages: texts.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })),
});
/** A message whose `late` word stands past the indexed start, `early` inside it. */
const long = `early ${'filler '.repeat(SEARCH_INDEXED_CHARS / 7)} late`;

/** FTS5's own check that the index matches what its content view says (throws when not). */
const integrityCheck = (db: DatabaseSync) =>
  db.prepare("INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)").run();

describe('version 13: the search index holds the start of each message', () => {
  it('brings a version-12 database up with every message intact and searchable by its start', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 12));
    expect(schemaVersion(db)).toBe(12);
    const old = conversationRepository({ db, notices: new StorageNotices() });
    old.put(chat('a', ['the quick brown fox', long]));
    old.put(chat('b', ['a lazy dog']));
    expect(old.search('late').map((h) => h.conversationId)).toEqual(['a']); // version 12 indexed it all
    const before = db.prepare('SELECT * FROM messages ORDER BY rowid').all();

    expect(runMigrations(db)).toBe(13);
    const repo = conversationRepository({ db, notices: new StorageNotices() });
    expect(db.prepare('SELECT * FROM messages ORDER BY rowid').all()).toEqual(before);
    expect(repo.get('a')?.messages.map((m) => m.content)).toEqual(['the quick brown fox', long]);
    expect(repo.search('fox').map((h) => h.conversationId)).toEqual(['a']);
    expect(repo.search('dog').map((h) => h.conversationId)).toEqual(['b']);
    expect(repo.search('early').map((h) => h.conversationId)).toEqual(['a']);
    expect(repo.search('late')).toEqual([]);
    integrityCheck(db);
  });

  it('keeps the index in step when long messages are saved, edited and deleted', () => {
    const db = blank();
    runMigrations(db);
    const repo = conversationRepository({ db, notices: new StorageNotices() });
    repo.put(chat('a', ['hello', long]));
    expect(repo.search('early')[0]?.snippet).toContain('[early]');
    expect(repo.search('late')).toEqual([]);
    repo.put(chat('a', ['hello', long.replace('early', 'dawn')]));
    expect(repo.search('early')).toEqual([]);
    expect(repo.search('dawn').map((h) => h.conversationId)).toEqual(['a']);
    integrityCheck(db);
    repo.delete('a');
    expect(repo.search('dawn')).toEqual([]);
    expect(repo.search('hello')).toEqual([]);
    integrityCheck(db);
  });
});
