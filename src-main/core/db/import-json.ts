import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { conversationSchema } from '../../../src-shared/chat/conversation';
import { judgeRunSchema } from '../../../src-shared/judge/judge-run';
import { storedSetSchema } from '../../../src-shared/judge/question-set';
import { mediaEntrySchema } from '../../../src-shared/media/media-history';
import { videoTaskSchema } from '../../../src-shared/video/video-task';
import { type DbContext, parseJson } from './quarantine';
import type { Repositories } from './repositories';
import { transaction } from './transaction';

/** The folders earlier versions kept, one JSON file per record, in the order they must go in. */
const LEGACY = [
  { folder: 'conversations', table: 'conversations', schema: conversationSchema, repo: 'conversations' },
  { folder: 'judge-sets', table: 'question_sets', schema: storedSetSchema, repo: 'sets' },
  { folder: 'judge-runs', table: 'judge_runs', schema: judgeRunSchema, repo: 'runs' },
  { folder: 'video-tasks', table: 'video_tasks', schema: videoTaskSchema, repo: 'videoTasks' },
  { folder: 'media-history', table: 'media_entries', schema: mediaEntrySchema, repo: 'media' },
] as const satisfies readonly {
  folder: string;
  table: string;
  schema: z.ZodType<{ id: string }>;
  repo: keyof Repositories;
}[];

export const LEGACY_FOLDERS = LEGACY.map((l) => l.folder);

export interface ImportReport {
  imported: number;
  failed: { file: string; reason: string }[];
  backupDir: string;
}

interface Candidate {
  file: string;
  kind: (typeof LEGACY)[number];
  record: { id: string };
}

/**
 * Brings the JSON files of an earlier version into the database: all records in one
 * transaction, then the folders are moved (never deleted) to `backup-<time>/`, and the user is
 * told once. A file that fails its schema, or cannot go in (a run whose set is missing, an id
 * another file already took), is reported and stays in the backup; the others still arrive.
 * Runs whenever one of the folders exists, so a crash between the commit and the move only
 * repeats the move: a record already in the database is kept as it is there, silently when the
 * file holds the same record, and reported when it differs.
 */
export function importLegacyJson(
  ctx: DbContext,
  repos: Repositories,
  dataDir: string,
): ImportReport | undefined {
  const present = LEGACY.filter((l) => existsSync(join(dataDir, l.folder)));
  if (present.length === 0) return undefined;
  const at = (ctx.now ?? Date.now)();
  const backupDir = join(dataDir, `backup-${at}`);
  const failed: ImportReport['failed'] = [];
  const candidates: Candidate[] = [];
  let files = 0;
  for (const kind of present) {
    const dir = join(dataDir, kind.folder);
    for (const name of readdirSync(dir).sort()) {
      // Files an earlier version already set aside (or left half-written) are not records.
      if (!name.endsWith('.json') || name.includes('.corrupt-') || name.includes('.tmp-')) continue;
      files++;
      const file = join(dir, name);
      const parsed = parseJson(readFileSync(file, 'utf8'), kind.schema as z.ZodType<Candidate['record']>);
      if (parsed.ok) candidates.push({ file, kind, record: parsed.value });
      else failed.push({ file, reason: parsed.reason });
    }
  }

  let imported = 0;
  // Which file each id came from in this run, per table: two files with one id (a user's copy
  // of a file) must not lose one of them without a word.
  const insertedFrom = new Map<string, string>();
  transaction(ctx.db, () => {
    for (const c of candidates) {
      const { id } = c.record;
      const repo = repos[c.kind.repo] as { get(id: string): unknown; put(r: unknown): unknown };
      const key = `${c.kind.table}/${id}`;
      const first = insertedFrom.get(key);
      if (first !== undefined) {
        failed.push({
          file: c.file,
          reason: `another file has the same id ${id}: ${relative(dataDir, first)} was imported, this one was not`,
        });
        continue;
      }
      if (ctx.db.prepare(`SELECT 1 FROM ${c.kind.table} WHERE id = ?`).get(id)) {
        // Unreadable rows are set aside by get(); the file then takes the free place.
        const stored = repo.get(id);
        if (stored !== undefined && sameRecord(stored, c.record)) continue;
        if (stored !== undefined) {
          failed.push({
            file: c.file,
            reason: `a record with id ${id} is already in the database and differs from this file; the database's copy was kept`,
          });
          continue;
        }
      }
      const setId =
        c.kind.folder === 'judge-runs' ? (c.record as unknown as { setId: string }).setId : undefined;
      if (setId !== undefined && !ctx.db.prepare('SELECT 1 FROM question_sets WHERE id = ?').get(setId)) {
        failed.push({ file: c.file, reason: `its question set ${setId} is missing` });
        continue;
      }
      // A nested transaction per record: a record the database refuses is reported, the rest go in.
      try {
        transaction(ctx.db, () => repo.put(c.record));
        insertedFrom.set(key, c.file);
        imported++;
      } catch (err) {
        failed.push({ file: c.file, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    ctx.db
      .prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
      .run('legacy_import', JSON.stringify({ at, backupDir, imported, failed: failed.length }));
  });

  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  for (const kind of present) renameSync(join(dataDir, kind.folder), join(backupDir, kind.folder));
  for (const f of failed) {
    const movedTo = join(backupDir, f.file.slice(dataDir.length + 1));
    ctx.notices.add({ kind: 'set-aside', file: f.file, movedTo, reason: f.reason, at });
  }
  if (files > 0) ctx.notices.add({ kind: 'imported', records: imported, backupDir, at });
  return { imported, failed, backupDir };
}

/** Equal as stored: key order and absent-versus-undefined do not count. */
function sameRecord(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}
