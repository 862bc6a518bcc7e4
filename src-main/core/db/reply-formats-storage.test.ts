import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { createRepositories } from './repositories';

describe('format checks and token probabilities in stored conversations', () => {
  it('reads messages saved before they were kept, and round-trips ones that have them', () => {
    const db = openMemoryDatabase();
    const notices = new StorageNotices();
    const repos = createRepositories({ db, notices, now: () => 42 });
    // The rows exactly as a database from before these fields holds them, written by hand.
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run('old', 'Old chat', 1, 2, JSON.stringify({ model: 'm', system: '', params: { logprobs: true } }));
    const insert = db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run('old', 0, 'user', 'q', '{}');
    insert.run('old', 1, 'assistant', '{"a": 1}', JSON.stringify({ stats: { totalMs: 5 } }));
    expect(repos.conversations.get('old')).toMatchObject({
      params: { logprobs: true },
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: '{"a": 1}', stats: { totalMs: 5 } },
      ],
    });
    expect(repos.conversations.get('old')?.messages[1]).not.toHaveProperty('formatCheck');
    expect(notices.list()).toEqual([]);

    const fresh: Conversation = {
      id: 'new',
      title: 'New',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {
        logprobs: true,
        top_logprobs: 1,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'n', schema: { type: 'object', required: ['b'] }, strict: true },
        },
      },
      messages: [
        { role: 'user', content: 'json?' },
        {
          role: 'assistant',
          content: '{"a": 1}',
          formatCheck: {
            format: 'json_schema',
            name: 'n',
            outcome: 'invalid',
            violations: [{ path: '/b', message: 'is required' }],
          },
          logprobs: {
            tokens: [
              { token: '{"', logprob: -0.001, top: [{ token: '{"', logprob: -0.001 }] },
              { token: 'a": 1}', logprob: -1.2 },
            ],
            cut: true,
          },
        },
      ],
    };
    repos.conversations.put(fresh);
    expect(repos.conversations.get('new')).toEqual(fresh);
    expect(notices.list()).toEqual([]);
  });

  it('sets aside a message whose stored check is not one', () => {
    const db = openMemoryDatabase();
    const notices = new StorageNotices();
    const repos = createRepositories({ db, notices, now: () => 42 });
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run('bad', 'Bad', 1, 2, JSON.stringify({ model: 'm', system: '', params: {} }));
    db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    ).run('bad', 0, 'assistant', 'x', JSON.stringify({ formatCheck: { outcome: 'maybe' } }));
    repos.conversations.get('bad');
    expect(notices.list().length).toBeGreaterThan(0);
  });
});
