import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { createRepositories } from './repositories';

describe('refusals and tool calls in stored conversations', () => {
  it('reads a conversation saved before they were kept, and round-trips one that has them', () => {
    const db = openMemoryDatabase();
    const notices = new StorageNotices();
    const repos = createRepositories({ db, notices, now: () => 42 });
    // The rows exactly as a database from before these fields holds them, written by hand.
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run('old', 'Old chat', 1, 2, JSON.stringify({ model: 'm', system: '', params: {} }));
    const insert = db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run('old', 0, 'user', 'q', '{}');
    insert.run('old', 1, 'assistant', 'a', JSON.stringify({ reasoning: 'r', stats: { totalMs: 5 } }));
    expect(repos.conversations.get('old')?.messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a', reasoning: 'r', stats: { totalMs: 5 } },
    ]);
    expect(notices.list()).toEqual([]);

    const fresh: Conversation = {
      id: 'new',
      title: 'New',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {},
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: '',
          refusal: "I can't help with that.",
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
          alternatives: [[{ role: 'assistant', content: 'Second choice.' }]],
          branchIndex: 0,
        },
      ],
    };
    repos.conversations.put(fresh);
    expect(repos.conversations.get('new')).toEqual(fresh);
  });

  it('round-trips tool results with the calls they answer and the tools defined, beside older rows', () => {
    const db = openMemoryDatabase();
    const notices = new StorageNotices();
    const repos = createRepositories({ db, notices, now: () => 42 });
    // A row from before tool results: its role column could only be user or assistant.
    db.prepare(
      'INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)',
    ).run('old', 'Old', 1, 2, JSON.stringify({ model: 'm', system: '', params: { temperature: 1 } }));
    db.prepare(
      'INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)',
    ).run('old', 0, 'user', 'q', '{}');
    expect(repos.conversations.get('old')).toMatchObject({
      params: { temperature: 1 },
      messages: [{ role: 'user', content: 'q' }],
    });

    const withTools: Conversation = {
      id: 'tools',
      title: 'Tools',
      createdAt: 1,
      updatedAt: 2,
      model: 'm',
      system: '',
      params: {
        tools: [
          {
            type: 'function',
            function: { name: 'get_weather', parameters: { type: 'object' }, strict: true },
            mock: '{"temp":21}',
          },
        ],
        tool_choice: 'auto',
        parallel_tool_calls: true,
      },
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{}' }],
        },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'call_1', toolName: 'get_weather' },
        { role: 'assistant', content: '21 °C.' },
      ],
    };
    repos.conversations.put(withTools);
    expect(repos.conversations.get('tools')).toEqual(withTools);
    expect(notices.list()).toEqual([]);
  });
});
