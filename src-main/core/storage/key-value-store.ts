import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file';
import type { StorageNotices } from './storage-notices';

/** Small settings (profiles, encrypted keys). electron-store in the app, a JSON file elsewhere. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A settings file's root must be a plain object of keys; anything else is set aside. */
export function isSettingsObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class JsonKeyValueStore implements KeyValueStore {
  private data: Record<string, unknown>;

  constructor(
    private readonly path: string,
    notices: StorageNotices,
  ) {
    this.data = readJsonFile(path, z.record(z.string(), z.unknown()), notices) ?? {};
  }

  get(key: string): unknown {
    return this.data[key];
  }

  set(key: string, value: unknown): void {
    this.data[key] = value;
    writeJsonFile(this.path, this.data);
  }

  delete(key: string): void {
    delete this.data[key];
    writeJsonFile(this.path, this.data);
  }
}

export class MemoryKeyValueStore implements KeyValueStore {
  private data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}
