import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-file';
import { JsonCollection } from './json-collection';
import { JsonKeyValueStore } from './key-value-store';
import { StorageNotices } from './storage-notices';

const dir = () => mkdtempSync(join(tmpdir(), 'gatehouse-store-'));
const item = z.object({ id: z.string(), n: z.number() });

describe('storage', () => {
  it('writes atomically with mode 0600 and leaves no temp file', () => {
    const d = dir();
    writeFileAtomic(join(d, 'a.json'), '{"x":1}');
    expect(statSync(join(d, 'a.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(d)).toEqual(['a.json']);
  });

  it('moves a corrupt document aside, reports it, and keeps the others', () => {
    const d = dir();
    const notices = new StorageNotices();
    const c1 = new JsonCollection(d, item, notices);
    c1.put({ id: 'a', n: 1 });
    c1.put({ id: 'b', n: 2 });
    writeFileSync(join(d, 'b.json'), '{ not json');
    const c2 = new JsonCollection(d, item, notices);
    expect(c2.list()).toEqual([{ id: 'a', n: 1 }]);
    expect(notices.list()).toHaveLength(1);
    expect(notices.list()[0].movedTo).toMatch(/b\.corrupt-\d+\.json$/);
    expect(readdirSync(d).some((f) => /^b\.corrupt-\d+\.json$/.test(f))).toBe(true);
    expect(readFileSync(notices.list()[0].movedTo, 'utf8')).toBe('{ not json');
  });

  it('treats a document of the wrong shape as corrupt too', () => {
    const d = dir();
    writeFileSync(join(d, 'x.json'), JSON.stringify({ id: 'x', n: 'nope' }));
    const notices = new StorageNotices();
    expect(new JsonCollection(d, item, notices).list()).toEqual([]);
    expect(notices.list()[0].reason).toContain('n');
  });

  it('refuses ids that are not safe file names', () => {
    const c = new JsonCollection(dir(), item, new StorageNotices());
    expect(() => c.put({ id: '../escape', n: 1 })).toThrow(/Unsafe id/);
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
