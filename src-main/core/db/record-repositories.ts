import { type ChatPreset, chatPresetSchema } from '../../../src-shared/chat/chat-preset';
import { type StoredJudgeRun, judgeRunSchema } from '../../../src-shared/judge/judge-run';
import { type MediaEntry, mediaEntrySchema } from '../../../src-shared/media/media-history';
import { type VideoTask, videoTaskSchema } from '../../../src-shared/video/video-task';
import type { DbContext } from './quarantine';
import { type RecordTable, recordTable } from './record-table';

export type JudgeRunRepository = RecordTable<StoredJudgeRun> & {
  /** The runs of one set, newest first. */
  listBySet(setId: string): StoredJudgeRun[];
};

export function judgeRunRepository(ctx: DbContext): JudgeRunRepository {
  const table = recordTable(ctx, {
    table: 'judge_runs',
    kind: 'judge-run',
    schema: judgeRunSchema,
    columns: ['set_id', 'set_revision', 'created_at'],
    values: (r) => [r.setId, r.setRevision, r.createdAt],
    orderBy: 'created_at DESC',
  });
  return { ...table, listBySet: (setId) => table.list({ sql: 'set_id = ?', params: [setId] }) };
}

/** The poller rewrites a task on every check: one row's UPDATE, nothing else touched. */
export type VideoTaskRepository = RecordTable<VideoTask>;

export function videoTaskRepository(ctx: DbContext): VideoTaskRepository {
  return recordTable(ctx, {
    table: 'video_tasks',
    kind: 'video-task',
    schema: videoTaskSchema,
    columns: ['task_id', 'state', 'created_at', 'updated_at'],
    values: (t) => [t.taskId, t.state, t.createdAt, t.updatedAt],
    orderBy: 'created_at DESC',
  });
}

/** The image and speech history; the files themselves stay in the media folder. */
export type MediaEntryRepository = RecordTable<MediaEntry> & {
  /** Entries of one kind (or all), newest first. */
  listKind(kind?: MediaEntry['kind']): MediaEntry[];
};

export function mediaEntryRepository(ctx: DbContext): MediaEntryRepository {
  const table = recordTable(ctx, {
    table: 'media_entries',
    kind: 'media-entry',
    schema: mediaEntrySchema,
    columns: ['kind', 'created_at'],
    values: (e) => [e.kind, e.createdAt],
    orderBy: 'created_at DESC',
  });
  return {
    ...table,
    listKind: (kind) => (kind ? table.list({ sql: 'kind = ?', params: [kind] }) : table.list()),
  };
}

/** Named chat settings, listed by name. */
export type ChatPresetRepository = RecordTable<ChatPreset>;

export function chatPresetRepository(ctx: DbContext): ChatPresetRepository {
  return recordTable(ctx, {
    table: 'chat_presets',
    kind: 'chat-preset',
    schema: chatPresetSchema,
    columns: ['name', 'updated_at'],
    values: (p) => [p.name, p.updatedAt],
    orderBy: 'name COLLATE NOCASE',
  });
}
