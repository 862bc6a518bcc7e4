import {
  type Conversation,
  type ConversationHit,
  type ConversationSummary,
  conversationSchema,
  type StoredMessage,
} from '../../../src-shared/chat/conversation';
import { type DbContext, issuesText, quarantine } from './quarantine';
import { transaction } from './transaction';
import { attachmentRefs } from './attachment-refs';
import { attachmentIdsIn } from '../../../src-shared/chat/attachment-rules';

export interface ConversationRepository {
  /** Newest first, without loading any message. */
  summaries(): ConversationSummary[];
  get(id: string): Conversation | undefined;
  /**
   * The conversation with only the messages `range` picks, and how many it has in all, read without
   * the others; undefined when there is none or a row does not read (`get` then sets it aside).
   */
  part(id: string, range: MessageRange): ConversationPart | undefined;
  put(conversation: Conversation): Conversation;
  delete(id: string): boolean;
  /** Pins or unpins; false when there is no such conversation. */
  setPinned(id: string, pinned: boolean): boolean;
  /** Conversations whose title holds every word, then those with a message that does. */
  search(query: string, limit?: number): ConversationHit[];
  /** Every attachment file some conversation refers to (migration 9's table). */
  attachmentIds(): Set<string>;
}

/**
 * The newest `last` messages — fewer when the newest `least` or more already hold `chars`
 * characters, counted as a message is stored (its text and the JSON of the rest) — or those
 * from `from` to before `to` (absent: to the end).
 */
export type MessageRange = { last: number; chars?: number; least?: number } | { from: number; to?: number };
export interface ConversationPart {
  conversation: Conversation;
  total: number;
}
/**
 * Where `range` starts and ends in a conversation of `total` messages (as `slice` reads them);
 * `sizeAt` gives the stored size of the message at a position, for a range with `chars`.
 */
export function rangeBounds(
  range: MessageRange,
  total: number,
  sizeAt?: (position: number) => number,
): [from: number, to: number] {
  if (!('last' in range)) return [range.from, Math.min(range.to ?? total, total)];
  const from = Math.max(0, total - range.last);
  if (range.chars === undefined || !sizeAt) return [from, total];
  let held = 0;
  for (let p = total - 1; p > from; p--) {
    held += sizeAt(p);
    if (held >= range.chars && total - p >= (range.least ?? 1)) return [p, total];
  }
  return [from, total];
}

/** A message's size as stored: its text and the JSON of its other fields (the `data` column). */
export function storedSize({ role: _role, content, ...extra }: StoredMessage): number {
  return content.length + JSON.stringify(extra).length;
}

interface ConversationRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
  data: string;
}
interface MessageRow {
  role: string;
  content: string;
  data: string;
}

/** Free text as an FTS5 query: every word a quoted term, so no input is read as query syntax. */
export function ftsQuery(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `"${w.replace(/"/g, '""')}"`)
    .join(' ');
}

/** A conversation row and message rows as the record they store. */
function candidateOf(row: ConversationRow, messages: MessageRow[]): unknown {
  try {
    return {
      ...JSON.parse(row.data),
      id: row.id,
      title: row.title,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messages: messages.map((m) => ({ ...JSON.parse(m.data), role: m.role, content: m.content })),
    };
  } catch (err) {
    return { row, messages, error: String(err) };
  }
}

/** A conversation row plus one row per message (position = its index), searchable by content. */
export function conversationRepository(ctx: DbContext): ConversationRepository {
  const { db } = ctx;
  const upsert = db.prepare(
    `INSERT INTO conversations (id, title, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, created_at = excluded.created_at,
       updated_at = excluded.updated_at, data = excluded.data`,
  );
  // Unchanged messages are left alone, so saving a reply does not re-index the whole history.
  const upsertMessage = db.prepare(
    `INSERT INTO messages (conversation_id, position, role, content, data) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (conversation_id, position) DO UPDATE SET role = excluded.role,
       content = excluded.content, data = excluded.data
     WHERE role IS NOT excluded.role OR content IS NOT excluded.content OR data IS NOT excluded.data`,
  );
  const trimMessages = db.prepare('DELETE FROM messages WHERE conversation_id = ? AND position >= ?');
  const remove = db.prepare('DELETE FROM conversations WHERE id = ?');
  const setPin = db.prepare('UPDATE conversations SET pinned = ? WHERE id = ?');
  const refs = attachmentRefs(db);
  const readRow = db.prepare('SELECT * FROM conversations WHERE id = ?');
  const countMessages = db.prepare('SELECT count(*) AS total FROM messages WHERE conversation_id = ?');
  const messageSizes = db.prepare(
    `SELECT length(content) + length(data) AS size FROM messages
     WHERE conversation_id = ? AND position >= ? ORDER BY position`,
  );
  const readMessages = db.prepare(
    `SELECT role, content, data FROM messages
     WHERE conversation_id = ? AND position >= ? AND position < ? ORDER BY position`,
  );

  return {
    summaries() {
      const rows = db
        .prepare(
          `SELECT c.id, c.title, c.created_at AS createdAt, c.updated_at AS updatedAt,
             (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS messageCount,
             c.pinned
           FROM conversations c ORDER BY c.pinned DESC, c.updated_at DESC`,
        )
        .all() as unknown as (Omit<ConversationSummary, 'pinned'> & { pinned: number })[];
      return rows.map((r) => ({ ...r, pinned: r.pinned === 1 }));
    },

    get(id) {
      const row = readRow.get(id) as ConversationRow | undefined;
      if (!row) return undefined;
      const messages = db
        .prepare('SELECT role, content, data FROM messages WHERE conversation_id = ? ORDER BY position')
        .all(id) as unknown as MessageRow[];
      const candidate = candidateOf(row, messages);
      const parsed = conversationSchema.safeParse(candidate);
      if (parsed.success) return parsed.data;
      quarantine(
        ctx,
        [{ kind: 'conversation', id, raw: JSON.stringify(candidate), reason: issuesText(parsed.error) }],
        () => remove.run(id),
      );
      return undefined;
    },

    part(id, range) {
      const row = readRow.get(id) as ConversationRow | undefined;
      if (!row) return undefined;
      const { total } = countMessages.get(id) as { total: number };
      // The stored sizes of the newest `last` messages, read only for a range that counts characters.
      const oldest = 'last' in range ? Math.max(0, total - range.last) : 0;
      let sizes: number[] | undefined;
      const sizeAt = (position: number) => {
        sizes ??= (messageSizes.all(id, oldest) as unknown as { size: number }[]).map((r) => r.size);
        return sizes[position - oldest] ?? 0;
      };
      const [from, to] = rangeBounds(range, total, sizeAt);
      const messages = readMessages.all(id, from, to) as unknown as MessageRow[];
      const parsed = conversationSchema.safeParse(candidateOf(row, messages));
      return parsed.success ? { conversation: parsed.data, total } : undefined;
    },

    put(c) {
      const { id, title, createdAt, updatedAt, messages, ...rest } = c;
      transaction(db, () => {
        upsert.run(id, title, createdAt, updatedAt, JSON.stringify(rest));
        trimMessages.run(id, messages.length);
        messages.forEach(({ role, content, ...extra }, position) =>
          upsertMessage.run(id, position, role, content, JSON.stringify(extra)),
        );
        const files = attachmentIdsIn(messages);
        rest.pendingBranches?.tails.forEach((tail) => attachmentIdsIn(tail, files));
        refs.replace(id, files);
      });
      return c;
    },

    delete(id) {
      return remove.run(id).changes > 0;
    },

    attachmentIds() {
      return refs.all();
    },

    setPinned(id, pinned) {
      return setPin.run(pinned ? 1 : 0, id).changes > 0;
    },

    search(query, limit = 20) {
      const words = query.split(/\s+/).filter(Boolean);
      if (words.length === 0) return [];
      // Titles are few and short: a LIKE per word (its % and _ taken literally) is enough.
      const byTitle = db
        .prepare(
          `SELECT id AS conversationId, title, updated_at AS updatedAt FROM conversations
           WHERE ${words.map(() => "title LIKE ? ESCAPE '\\'").join(' AND ')}
           ORDER BY pinned DESC, updated_at DESC LIMIT ?`,
        )
        .all(
          ...words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          limit,
        ) as unknown as ConversationHit[];
      // Messages through the full-text index, best match first; one hit per conversation.
      const byText = db
        .prepare(
          `SELECT m.conversation_id AS conversationId, c.title AS title, c.updated_at AS updatedAt,
             snippet(messages_fts, 0, '[', ']', '…', 12) AS snippet
           FROM messages_fts JOIN messages m ON m.rowid = messages_fts.rowid
             JOIN conversations c ON c.id = m.conversation_id
           WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?`,
        )
        .all(ftsQuery(query), limit * 4) as unknown as ConversationHit[];
      const hits = new Map<string, ConversationHit>();
      for (const hit of [...byTitle, ...byText])
        if (!hits.has(hit.conversationId)) hits.set(hit.conversationId, { ...hit });
      return [...hits.values()].slice(0, limit);
    },
  };
}
