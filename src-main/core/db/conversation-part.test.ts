import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-shared/chat/conversation';
import { StorageNotices } from '../storage/storage-notices';
import { openMemoryDatabase } from './open-database';
import { conversationRepository, rangeBounds, storedSize } from './conversation-repository';

const chat = (n: number): Conversation => ({
  id: 'c',
  title: 'Long',
  createdAt: 1,
  updatedAt: 2,
  model: 'm',
  system: 'be brief',
  params: { temperature: 0.5 },
  messages: Array.from({ length: n }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: `message ${i}`,
    ...(i % 2 ? { stats: { totalMs: i } } : {}),
  })),
});

function repo() {
  const db = openMemoryDatabase();
  const notices = new StorageNotices();
  return { db, notices, conversations: conversationRepository({ db, notices }) };
}

describe('reading part of a conversation (the window opens newest first)', () => {
  it('gives the newest messages or a range, with the record and the count, as the whole read slices them', () => {
    const { conversations } = repo();
    const whole = conversations.put(chat(30));
    const { messages, ...record } = whole;
    expect(conversations.part('c', { last: 5 })).toEqual({
      conversation: { ...record, messages: messages.slice(-5) },
      total: 30,
    });
    expect(conversations.part('c', { last: 100 })?.conversation.messages).toEqual(messages);
    expect(conversations.part('c', { from: 3, to: 9 })?.conversation.messages).toEqual(messages.slice(3, 9));
    expect(conversations.part('c', { from: 25, to: 99 })?.conversation.messages).toEqual(messages.slice(25));
    expect(conversations.part('c', { from: 40 })?.conversation.messages).toEqual([]);
    expect(conversations.part('nope', { last: 5 })).toBeUndefined();
  });

  it('reads only the rows asked for, and none when a row it reads does not parse', () => {
    const { db, notices, conversations } = repo();
    conversations.put(chat(10));
    db.prepare("UPDATE messages SET data = '{not json' WHERE conversation_id = 'c' AND position = 2").run();
    // The newest five never touch row 2: they read as they are.
    expect(conversations.part('c', { last: 5 })?.conversation.messages).toHaveLength(5);
    // A range over it gives nothing, and leaves the row for the whole read to set aside.
    expect(conversations.part('c', { from: 0, to: 5 })).toBeUndefined();
    expect(notices.list()).toEqual([]);
    expect(conversations.get('c')).toBeUndefined();
    expect(notices.list()).toHaveLength(1);
    expect(conversations.part('c', { last: 5 })).toBeUndefined();
  });

  it('bounds a range as slice does', () => {
    expect(rangeBounds({ last: 3 }, 10)).toEqual([7, 10]);
    expect(rangeBounds({ last: 30 }, 10)).toEqual([0, 10]);
    expect(rangeBounds({ from: 2 }, 10)).toEqual([2, 10]);
    expect(rangeBounds({ from: 2, to: 50 }, 10)).toEqual([2, 10]);
  });

  it('stops short of `last` once the newest `least` or more hold `chars` characters', () => {
    // Each message 100 characters: the newest three hold 300.
    const hundred = () => 100;
    expect(rangeBounds({ last: 8, chars: 300 }, 10, hundred)).toEqual([7, 10]);
    expect(rangeBounds({ last: 8, chars: 301 }, 10, hundred)).toEqual([6, 10]);
    expect(rangeBounds({ last: 8, chars: 300, least: 5 }, 10, hundred)).toEqual([5, 10]);
    // Never more than `last`, nor a count of characters without the sizes.
    expect(rangeBounds({ last: 2, chars: 10_000 }, 10, hundred)).toEqual([8, 10]);
    expect(rangeBounds({ last: 8, chars: 300 }, 10)).toEqual([2, 10]);
  });

  it('counts a message’s characters as stored, and reads the newest by them', () => {
    const { db, conversations } = repo();
    const { messages, ...record } = conversations.put(chat(30));
    const stored = db
      .prepare(
        "SELECT length(content) + length(data) AS size FROM messages WHERE conversation_id = 'c' ORDER BY position",
      )
      .all() as { size: number }[];
    expect(messages.map(storedSize)).toEqual(stored.map((r) => r.size));
    const newestFour = messages.slice(-4).reduce((n, m) => n + storedSize(m), 0);
    expect(conversations.part('c', { last: 20, chars: newestFour })).toEqual({
      conversation: { ...record, messages: messages.slice(-4) },
      total: 30,
    });
    expect(conversations.part('c', { last: 20, chars: newestFour, least: 6 })?.conversation.messages).toEqual(
      messages.slice(-6),
    );
    expect(conversations.part('c', { last: 3, chars: newestFour })?.conversation.messages).toEqual(
      messages.slice(-3),
    );
  });
});
