import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleReport } from './bundle-report';

describe('bundleReport', () => {
  it('counts as start only what index.html loads: the entry and its modulepreloads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bundle-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="module" src="./assets/index-a.js"></script><link rel="modulepreload" href="./assets/shared-b.js">',
    );
    writeFileSync(join(dir, 'assets/index-a.js'), 'a'.repeat(5000));
    writeFileSync(join(dir, 'assets/shared-b.js'), 'b'.repeat(3000));
    writeFileSync(join(dir, 'assets/JudgeTab-c.js'), 'c'.repeat(9000));
    const report = bundleReport(dir);
    expect(report.chunks.map((c) => [c.file, c.atStart])).toEqual(
      expect.arrayContaining([
        ['index-a.js', true],
        ['shared-b.js', true],
        ['JudgeTab-c.js', false],
      ]),
    );
    const start = report.chunks.filter((c) => c.atStart);
    expect(report.startGzip).toBe(start[0].gzip + start[1].gzip);
    expect(() => bundleReport(join(dir, 'missing'))).toThrow(/run `npm run build` first/);
  });
});
