import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleReport, staticImports } from './bundle-report';

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

  it('counts before the first screen what the browser fetches: the theme script, the first tab and every static import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bundle-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script src="./theme-boot.js"></script><script type="module" src="./assets/index-a.js"></script>',
    );
    writeFileSync(join(dir, 'theme-boot.js'), 't'.repeat(400));
    writeFileSync(
      join(dir, 'assets/index-a.js'),
      'import{x}from"./route-b.js";const t=()=>import("./ChatTab-c.js");const j=()=>import("./JudgeTab-d.js");',
    );
    writeFileSync(join(dir, 'assets/route-b.js'), 'export const x=1;');
    writeFileSync(
      join(dir, 'assets/ChatTab-c.js'),
      'import"./IconButton-e.js";export{y}from"./Picker-f.js";',
    );
    writeFileSync(join(dir, 'assets/IconButton-e.js'), 'e'.repeat(2000));
    writeFileSync(join(dir, 'assets/Picker-f.js'), 'f'.repeat(2000));
    writeFileSync(join(dir, 'assets/JudgeTab-d.js'), 'import"./grid-g.js";');
    writeFileSync(join(dir, 'assets/grid-g.js'), 'g'.repeat(9000));
    const report = bundleReport(dir);
    const first = report.chunks.filter((c) => c.firstScreen).map((c) => c.file);
    expect(first.sort()).toEqual([
      'ChatTab-c.js',
      'IconButton-e.js',
      'Picker-f.js',
      'index-a.js',
      'route-b.js',
    ]);
    const gz = (f: string) => report.chunks.find((c) => c.file === f)!.gzip;
    const theme = gzipSync(readFileSync(join(dir, 'theme-boot.js'))).length;
    expect(report.startGzip).toBe(theme + gz('index-a.js'));
    expect(report.firstScreenGzip).toBe(theme + first.reduce((n, f) => n + gz(f), 0));
  });
});

describe('staticImports', () => {
  it('reads static imports and re-exports, never a dynamic import()', () => {
    expect(
      staticImports('import{a}from"./a.js";import"./b.js";export{c}from"./c.js";x(()=>import("./d.js"))'),
    ).toEqual(['a.js', 'b.js', 'c.js']);
  });
});
