import type { DatabaseSync } from 'node:sqlite';
import {
  SCHEMA_V1,
  SCHEMA_V2_MESSAGE_SEARCH,
  SCHEMA_V3_PINNED,
  SCHEMA_V4_CHAT_PRESETS,
  SCHEMA_V5_JUDGE_CASES,
  SCHEMA_V6_JUDGE_BATCH,
  SCHEMA_V7_SET_TUNING,
  SCHEMA_V9_ATTACHMENT_REFS,
  SCHEMA_V10_REVIEW,
  SCHEMA_V11_EVALS,
  SCHEMA_V12_EVAL_MARKS,
  SCHEMA_V13_SEARCH_PREFIX,
} from './schema-sql';
import { transaction } from './transaction';
import { liftFormFields } from '../../../src-shared/chat/params-from-extra';
import { indexAttachmentRefs } from './attachment-refs';

export interface Migration {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
}

/**
 * Every schema change, in order, forever: a database of any earlier version is brought up to date
 * at start by running the ones it lacks. Never edit a released migration; append a new one.
 */
export const MIGRATIONS: Migration[] = [
  { version: 1, name: 'content tables', up: (db) => db.exec(SCHEMA_V1) },
  { version: 2, name: 'message search', up: (db) => db.exec(SCHEMA_V2_MESSAGE_SEARCH) },
  { version: 3, name: 'pinned conversations', up: (db) => db.exec(SCHEMA_V3_PINNED) },
  { version: 4, name: 'chat presets', up: (db) => db.exec(SCHEMA_V4_CHAT_PRESETS) },
  { version: 5, name: 'judge test cases', up: (db) => db.exec(SCHEMA_V5_JUDGE_CASES) },
  { version: 6, name: 'judge batch runs', up: (db) => db.exec(SCHEMA_V6_JUDGE_BATCH) },
  { version: 7, name: 'set revision tuning', up: (db) => db.exec(SCHEMA_V7_SET_TUNING) },
  { version: 8, name: 'chat form fields lifted from extras', up: liftChatFormFields },
  {
    version: 9,
    name: 'chat attachment references',
    up: (db) => {
      db.exec(SCHEMA_V9_ATTACHMENT_REFS);
      indexAttachmentRefs(db);
    },
  },
  { version: 10, name: 'review marks and label edits', up: (db) => db.exec(SCHEMA_V10_REVIEW) },
  { version: 11, name: 'evals', up: (db) => db.exec(SCHEMA_V11_EVALS) },
  { version: 12, name: 'eval run pause reasons and cell marks', up: (db) => db.exec(SCHEMA_V12_EVAL_MARKS) },
  {
    version: 13,
    name: 'search index over the start of each message',
    up: (db) => db.exec(SCHEMA_V13_SEARCH_PREFIX),
  },
];

/**
 * Conversations and presets saved while `seed`, `stop`, the penalties, `reasoning_effort` and the
 * logprobs fields could only be typed as extra body fields: the form owns them now (extras may
 * not set them), so each valid one moves into the record's params (params-from-extra.ts).
 */
function liftChatFormFields(db: DatabaseSync): void {
  for (const table of ['conversations', 'chat_presets'] as const) {
    const rows = db.prepare(`SELECT id, data FROM ${table}`).all() as { id: string; data: string }[];
    const write = db.prepare(`UPDATE ${table} SET data = ? WHERE id = ?`);
    for (const row of rows) {
      let data: unknown;
      try {
        data = JSON.parse(row.data);
      } catch {
        continue; // an unreadable row is set aside when it is read, as before
      }
      if (typeof data !== 'object' || data === null) continue;
      const record = data as { params?: unknown; extra?: unknown };
      const lifted = liftFormFields(record.params, record.extra);
      if (lifted.moved.length === 0) continue;
      write.run(JSON.stringify({ ...record, params: lifted.params, extra: lifted.extra }), row.id);
    }
  }
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `This data folder was last used by a newer Gatehouse (database version ${found}; this one knows up to ${known}). Update Gatehouse to open it.`,
    );
  }
}

export function schemaVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/**
 * Runs the migrations the database lacks, each in its own transaction together with its version
 * bump, so a failure leaves the database at the last version that completed.
 */
export function runMigrations(db: DatabaseSync, migrations: Migration[] = MIGRATIONS): number {
  const latest = migrations.at(-1)?.version ?? 0;
  const current = schemaVersion(db);
  if (current > latest) throw new DatabaseTooNewError(current, latest);
  for (const m of migrations) {
    if (m.version <= current) continue;
    transaction(db, () => {
      m.up(db);
      db.exec(`PRAGMA user_version = ${Number(m.version)}`);
    });
  }
  return schemaVersion(db);
}
