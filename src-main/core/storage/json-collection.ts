import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file';
import type { StorageNotices } from './storage-notices';

const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * A folder of JSON documents, one file per item, so saving one conversation or task never
 * rewrites (or risks) the others. Loaded once, then served from memory.
 */
export class JsonCollection<T extends { id: string }> {
  private items: Map<string, T> | undefined;

  constructor(
    private readonly dir: string,
    private readonly schema: z.ZodType<T>,
    private readonly notices: StorageNotices,
  ) {}

  private load(): Map<string, T> {
    if (this.items) return this.items;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const items = new Map<string, T>();
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json') || name.includes('.corrupt-')) continue;
      const item = readJsonFile(join(this.dir, name), this.schema, this.notices);
      if (item) items.set(item.id, item);
    }
    this.items = items;
    return items;
  }

  list(): T[] {
    return [...this.load().values()];
  }

  get(id: string): T | undefined {
    return this.load().get(id);
  }

  put(item: T): T {
    if (!SAFE_ID.test(item.id)) throw new Error(`Unsafe id for a file name: ${item.id}`);
    writeJsonFile(join(this.dir, `${item.id}.json`), item);
    this.load().set(item.id, item);
    return item;
  }

  delete(id: string): boolean {
    if (!this.load().delete(id)) return false;
    rmSync(join(this.dir, `${id}.json`), { force: true });
    return true;
  }
}
