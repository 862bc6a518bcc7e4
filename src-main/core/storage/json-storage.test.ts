import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-file';
import { JsonKeyValueStore } from './key-value-store';
import { StorageNotices } from './storage-notices';

const dir = () => mkdtempSync(join(tmpdir(), 'gatehouse-store-'));

describe('storage', () => {
  it('writes atomically with mode 0600 and leaves no temp file', () => {
    const d = dir();
    writeFileAtomic(join(d, 'a.json'), '{"x":1}');
    expect(statSync(join(d, 'a.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(d)).toEqual(['a.json']);
  });

  it('keeps settings across instances and survives a corrupt settings file', () => {
    const d = dir();
    const notices = new StorageNotices();
    new JsonKeyValueStore(join(d, 'settings.json'), notices).set('k', { v: 1 });
    expect(new JsonKeyValueStore(join(d, 'settings.json'), notices).get('k')).toEqual({ v: 1 });
    writeFileSync(join(d, 'settings.json'), '[]');
    expect(new JsonKeyValueStore(join(d, 'settings.json'), notices).get('k')).toBeUndefined();
    expect(notices.list()).toHaveLength(1);
  });
});
