import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { z } from 'zod';
import { writeFileAtomic } from './atomic-file';
import type { StorageNotices } from './storage-notices';

/**
 * Reads a JSON file through a schema. A file that does not parse or fit is moved aside as
 * `<name>.corrupt-<timestamp>.json` and reported; the caller gets `undefined` and starts fresh,
 * so one bad file never takes the rest of the user's data with it.
 */
export function readJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  notices: StorageNotices,
  now: () => number = Date.now,
): T | undefined {
  if (!existsSync(path)) return undefined;
  let reason: string;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return parsed.data;
    reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  } catch (err) {
    reason = err instanceof Error ? err.message : String(err);
  }
  const at = now();
  const movedTo = path.replace(/\.json$/, '') + `.corrupt-${at}.json`;
  renameSync(path, movedTo);
  notices.add({ kind: 'set-aside', file: path, movedTo, reason, at });
  return undefined;
}

export function writeJsonFile(path: string, value: unknown): void {
  writeFileAtomic(path, JSON.stringify(value, null, 2));
}
