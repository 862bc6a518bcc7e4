import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { openDataFolder } from '../../core/db/open-data-folder';
import { createRepositories } from '../../core/db/repositories';
import { StorageNotices } from '../../core/storage/storage-notices';
import { END_MARKER, markdownReply } from './reply-texts';

export const LONG_CHAT = { id: 'bench-long', title: 'Two hundred messages' };
export const SHORT_CHAT = { id: 'bench-short', title: 'A short chat' };

/** Writes, before the app starts, the conversations the "open a long chat" measure switches between. */
export function seedConversations(dataDir: string): void {
  const notices = new StorageNotices();
  const db = openDataFolder(dataDir, notices);
  try {
    const { conversations } = createRepositories({ db, notices });
    conversations.put(conversation(SHORT_CHAT, 2, 1));
    conversations.put(conversation(LONG_CHAT, 200, 2));
  } finally {
    db.close();
  }
}

function conversation(which: { id: string; title: string }, count: number, at: number): Conversation {
  const messages: StoredMessage[] = [];
  for (let i = 0; i < count; i++) {
    messages.push(
      i % 2 === 0
        ? { role: 'user', content: `Question ${i / 2 + 1}: how does step ${i} work?` }
        : {
            role: 'assistant',
            content: markdownReply(1500 + (i % 7) * 300).replace(END_MARKER, ''),
            stats: { totalMs: 900 },
          },
    );
  }
  return {
    ...which,
    createdAt: at,
    updatedAt: at,
    model: 'bench-chat',
    system: '',
    params: {},
    extra: undefined,
    messages,
  };
}
