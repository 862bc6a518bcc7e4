import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
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

/** The first import's marker in `meta`; later runs read it and never change it. */
interface ImportMarker {
  at: number;
  backupDir: string;
  imported: number;
  failed: number;
}

/**
 * Brings the JSON files of an earlier version into the database: all records in one
 * transaction, then the folders are moved (never deleted) to `backup-<time>/`. A file that
 * fails its schema, cannot be read, or cannot go in (a run whose set is missing, an id another
 * file already took) is reported and stays in the backup; the others still arrive.
 *
 * Runs whenever one of the folders exists, so a crash between the commit and the move only
 * repeats the move: a record already in the database and equal to its file is skipped without a
 * word, the first import's marker is kept, and the folders join that import's backup. The
 * "imported" notice is given only when records arrived this time. Moving is best effort, folder
 * by folder: one that cannot be moved is reported, stays, is tried again at the next start, and
 * never keeps the app from opening.
 */
export function importLegacyJson(
  ctx: DbContext,
  repos: Repositories,
  dataDir: string,
): ImportReport | undefined {
  const present = LEGACY.filter((l) => existsSync(join(dataDir, l.folder)));
  if (present.length === 0) return undefined;
  const at = (ctx.now ?? Date.now)();
  const marker = readMarker(ctx);
  const backupDir = chooseBackupDir(dataDir, at, marker, present);
  const failed: ImportReport['failed'] = [];
  const unreadable = new Map<string, string>();
  const candidates: Candidate[] = [];
  for (const kind of present) {
    const dir = join(dataDir, kind.folder);
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (err) {
      unreadable.set(kind.folder, message(err));
      continue;
    }
    for (const name of names) {
      // Files an earlier version already set aside (or left half-written) are not records.
      if (!name.endsWith('.json') || name.includes('.corrupt-') || name.includes('.tmp-')) continue;
      const file = join(dir, name);
      let raw: string;
      try {
        raw = readFileSync(file, 'utf8');
      } catch (err) {
        failed.push({ file, reason: message(err) });
        continue;
      }
      const parsed = parseJson(raw, kind.schema as z.ZodType<Candidate['record']>);
      if (parsed.ok) candidates.push({ file, kind, record: parsed.value });
      else failed.push({ file, reason: parsed.reason });
    }
  }

  const imported = transaction(ctx.db, () => {
    const count = insertRecords(ctx, repos, dataDir, candidates, failed);
    ctx.db
      .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING')
      .run(
        'legacy_import',
        JSON.stringify({ at, backupDir, imported: count, failed: failed.length } satisfies ImportMarker),
      );
    return count;
  });

  const notMoved = moveAside(dataDir, backupDir, present, unreadable);
  for (const [folder, reason] of notMoved) {
    ctx.notices.add({ kind: 'not-moved', folder: join(dataDir, folder), backupDir, reason, at });
  }
  // A failed file in a folder that stayed is reported by the start that moves the folder, where
  // it fails again (a copy equal to a stored record is then rightly skipped).
  for (const f of failed) {
    const rel = relative(dataDir, f.file);
    if (notMoved.has(rel.split(sep)[0])) continue;
    ctx.notices.add({ kind: 'set-aside', file: f.file, movedTo: join(backupDir, rel), reason: f.reason, at });
  }
  if (imported > 0) ctx.notices.add({ kind: 'imported', records: imported, backupDir, at });
  return { imported, failed, backupDir };
}

/** Puts each candidate in, unless its id is taken; returns how many went in. */
function insertRecords(
  ctx: DbContext,
  repos: Repositories,
  dataDir: string,
  candidates: Candidate[],
  failed: ImportReport['failed'],
): number {
  let imported = 0;
  // Which file each id came from in this run, per table: two files with one id (a user's copy
  // of a file) must not lose one of them without a word.
  const insertedFrom = new Map<string, string>();
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
      failed.push({ file: c.file, reason: message(err) });
    }
  }
  return imported;
}

/** Equal as stored: key order and absent-versus-undefined do not count. */
function sameRecord(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

function readMarker(ctx: DbContext): ImportMarker | undefined {
  const row = ctx.db.prepare("SELECT value FROM meta WHERE key = 'legacy_import'").get() as
    { value: string } | undefined;
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as ImportMarker;
  } catch {
    return undefined;
  }
}

/**
 * The first import's backup folder while none of the folders present is in it yet (a restart
 * after a crash mid-move, so the originals stay together); otherwise a new one. Found by name
 * under this data folder, which may have been moved since.
 */
function chooseBackupDir(
  dataDir: string,
  at: number,
  marker: ImportMarker | undefined,
  present: readonly { folder: string }[],
): string {
  const name = marker && typeof marker.backupDir === 'string' ? basename(marker.backupDir) : '';
  if (name.startsWith('backup-')) {
    const first = join(dataDir, name);
    if (!present.some((l) => existsSync(join(first, l.folder)))) return first;
  }
  return join(dataDir, `backup-${at}`);
}

/** Moves each folder that was read into the backup; returns the others, with the reason. */
function moveAside(
  dataDir: string,
  backupDir: string,
  present: readonly { folder: string }[],
  unreadable: Map<string, string>,
): Map<string, string> {
  const notMoved = new Map(unreadable);
  const toMove = present.filter((l) => !notMoved.has(l.folder));
  if (toMove.length === 0) return notMoved;
  try {
    mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    for (const { folder } of toMove) notMoved.set(folder, message(err));
    return notMoved;
  }
  for (const { folder } of toMove) {
    try {
      renameSync(join(dataDir, folder), join(backupDir, folder));
    } catch (err) {
      notMoved.set(folder, message(err));
    }
  }
  return notMoved;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
