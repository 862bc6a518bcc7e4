import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTempFileName, sweepTempFiles, tempNameFor } from './atomic-file';

describe('temporary files left by a crash', () => {
  it('are recognised by the names writes and downloads give them, and nothing else', () => {
    expect(isTempFileName(tempNameFor('/d/settings.json'))).toBe(true);
    expect(isTempFileName(tempNameFor('/d/media/v/1.mp4', 'part'))).toBe(true);
    for (const name of ['settings.json', 'a.tmp', 'a.tmp-xyz', 'notes.tmp-1234abcd.txt', 'a.part-123']) {
      expect(isTempFileName(name), name).toBe(false);
    }
  });

  it('are swept from every folder under the data folder; the user’s files stay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-sweep-'));
    mkdirSync(join(dir, 'media/videos/t1'), { recursive: true });
    const keep = [
      join(dir, 'settings.json'),
      join(dir, 'media/videos/t1/video.mp4'),
      join(dir, 'a.tmp-note'),
    ];
    const left = [
      join(dir, 'settings.json.tmp-0a1b2c3d'),
      join(dir, 'media/videos/t1/video.mp4.part-deadbeef'),
    ];
    for (const f of [...keep, ...left]) writeFileSync(f, 'x');
    expect(sweepTempFiles(dir)).toBe(2);
    for (const f of keep) expect(existsSync(f), f).toBe(true);
    for (const f of left) expect(existsSync(f), f).toBe(false);
    expect(sweepTempFiles(join(dir, 'missing'))).toBe(0);
  });
});
