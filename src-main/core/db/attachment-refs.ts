import type { DatabaseSync } from 'node:sqlite';
import { attachmentIdsIn } from '../../../src-shared/chat/attachment-rules';

/**
 * The `conversation_attachments` table (migration 9): which stored files each conversation refers
 * to — its messages, their versions and the versions set aside for a reply — so the sweep of
 * unreferenced files reads one small table (docs/architecture.md, "Chat attachments").
 */
export function attachmentRefs(db: DatabaseSync) {
  // Prepared at first use: a repository over a database not yet migrated (a migration's test)
  // may read conversations before the table exists.
  let statements: ReturnType<typeof prepare> | undefined;
  const sql = () => (statements ??= prepare(db));
  return {
    /** Called inside the conversation's save transaction. */
    replace(conversationId: string, ids: ReadonlySet<string>): void {
      const { clear, add } = sql();
      clear.run(conversationId);
      for (const id of ids) add.run(conversationId, id);
    },
    all(): Set<string> {
      return new Set((sql().all.all() as { id: string }[]).map((r) => r.id));
    },
  };
}

function prepare(db: DatabaseSync) {
  return {
    clear: db.prepare('DELETE FROM conversation_attachments WHERE conversation_id = ?'),
    add: db.prepare(
      'INSERT OR IGNORE INTO conversation_attachments (conversation_id, attachment_id) VALUES (?, ?)',
    ),
    all: db.prepare('SELECT DISTINCT attachment_id AS id FROM conversation_attachments'),
  };
}

/** The ids a stored conversation's JSON refers to (its messages' rows and its own `data`). */
export function idsOfRows(conversationData: unknown, messageData: unknown[]): Set<string> {
  const ids = attachmentIdsIn(messageData);
  const pending = isRecord(conversationData) ? conversationData.pendingBranches : undefined;
  const tails = isRecord(pending) && Array.isArray(pending.tails) ? pending.tails : [];
  for (const tail of tails) if (Array.isArray(tail)) attachmentIdsIn(tail, ids);
  return ids;
}

/**
 * Migration 9's fill: the references already in the rows. Only rows whose JSON names
 * `attachments` are read; a row that does not parse is left to be set aside when it is read.
 */
export function indexAttachmentRefs(db: DatabaseSync): void {
  const rows = db
    .prepare(
      `SELECT c.id, c.data AS conversation, m.data AS message FROM conversations c
       LEFT JOIN messages m ON m.conversation_id = c.id
       WHERE c.data LIKE '%"attachments"%' OR m.data LIKE '%"attachments"%'`,
    )
    .all() as { id: string; conversation: string; message: string | null }[];
  const byConversation = new Map<string, { conversation: unknown; messages: unknown[] }>();
  for (const row of rows) {
    const entry = byConversation.get(row.id) ?? { conversation: parse(row.conversation), messages: [] };
    if (row.message) entry.messages.push(parse(row.message));
    byConversation.set(row.id, entry);
  }
  const refs = attachmentRefs(db);
  for (const [id, entry] of byConversation) refs.replace(id, idsOfRows(entry.conversation, entry.messages));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
