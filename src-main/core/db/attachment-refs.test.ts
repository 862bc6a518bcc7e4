import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { conversationRepository } from './conversation-repository';
import { MIGRATIONS, runMigrations, schemaVersion } from './migrations';

const blank = () => {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  return db;
};
const file = (n: number, ext = 'png') => `${String(n).repeat(64).slice(0, 64)}.${ext}`;
const image = (n: number) => ({
  id: file(n),
  name: `shot-${n}.png`,
  mime: 'image/png' as const,
  size: 1200,
  width: 64,
  height: 32,
  detail: 'low' as const,
});

/** Rows exactly as version 8 wrote them: the repository's columns and `data` JSON, by hand. */
function writeRows(db: DatabaseSync, c: Conversation): void {
  const { id, title, createdAt, updatedAt, messages, ...rest } = c;
  db.prepare(
    'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
  ).run(id, title, createdAt, updatedAt, JSON.stringify(rest));
  messages.forEach(({ role, content, ...extra }, position) =>
    db
      .prepare('INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)')
      .run(id, position, role, content, JSON.stringify(extra)),
  );
}

const saved: Conversation = {
  id: 'c-old',
  title: 'Saved before attachments',
  createdAt: 1,
  updatedAt: 2,
  profileId: 'sandbox',
  model: 'sandbox-chat-1',
  system: 'Be brief.',
  params: { temperature: 0.3, seed: 4, tools: [{ type: 'function', function: { name: 'now' } }] },
  extra: { thinking: { type: 'enabled' } },
  variables: { city: 'Paris' },
  messages: [
    { role: 'user', content: 'Weather in {{city}}?' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_1', name: 'now', arguments: '{}' }],
      stats: { totalMs: 12, usage: { prompt_tokens: 3 } },
      alternatives: [[{ role: 'assistant', content: 'An older reply' }]],
      branchIndex: 1,
    },
    { role: 'tool', content: 'noon', toolCallId: 'call_1', toolName: 'now' },
    { role: 'assistant', content: '{"a":1}', formatCheck: { format: 'json_object', outcome: 'valid' } },
  ],
};

describe('migration 9: attachment references', () => {
  it('reads conversations saved by version 8 back exactly as they were', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 8));
    writeRows(db, saved);
    runMigrations(db);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const repo = conversationRepository({ db, notices: new StorageNotices() });
    expect(repo.get('c-old')).toEqual(saved);
    expect(repo.attachmentIds()).toEqual(new Set());
    expect(db.prepare('SELECT count(*) AS n FROM quarantine').get()).toEqual({ n: 0 });
  });

  it('indexes references already in the rows, in versions and set-aside tails too', () => {
    const db = blank();
    runMigrations(db, MIGRATIONS.slice(0, 8));
    const asked: StoredMessage = { role: 'user', content: 'What is this?', attachments: [image(1)] };
    writeRows(db, {
      ...saved,
      messages: [
        { ...asked, alternatives: [[{ role: 'user', content: 'and this?', attachments: [image(2)] }]] },
      ],
      pendingBranches: { position: 1, tails: [[{ role: 'user', content: 'x', attachments: [image(3)] }]] },
    });
    runMigrations(db);
    const repo = conversationRepository({ db, notices: new StorageNotices() });
    expect(repo.attachmentIds()).toEqual(new Set([file(1), file(2), file(3)]));
    expect(repo.get('c-old')?.messages[0].attachments).toEqual([image(1)]);
  });

  it('keeps the references in step with every save, and drops them with the conversation', () => {
    const db = blank();
    runMigrations(db);
    const repo = conversationRepository({ db, notices: new StorageNotices() });
    const withFiles = {
      ...saved,
      messages: [{ role: 'user' as const, content: '', attachments: [image(1), image(2)] }],
    };
    repo.put(withFiles);
    repo.put({
      ...saved,
      id: 'c-two',
      messages: [{ role: 'user', content: 'again', attachments: [image(2)] }],
    });
    expect(repo.attachmentIds()).toEqual(new Set([file(1), file(2)]));
    // The first question edited without its first file: that file is no longer referred to.
    repo.put({ ...withFiles, messages: [{ role: 'user', content: '', attachments: [image(2)] }] });
    expect(repo.attachmentIds()).toEqual(new Set([file(2)]));
    repo.delete('c-old');
    expect(repo.attachmentIds()).toEqual(new Set([file(2)]));
    repo.delete('c-two');
    expect(repo.attachmentIds()).toEqual(new Set());
  });
});
