import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  /** Loaded by index.html itself (the entry and its modulepreloads), before any tab asks. */
  atStart: boolean;
}

/**
 * What the built window weighs: every JS chunk of `out/renderer/assets`, raw and gzip, and which
 * of them load at start. The budget for the start is in docs/architecture.md ("The window").
 */
export function bundleReport(rendererDir = 'out/renderer'): { chunks: ChunkSize[]; startGzip: number } {
  const html = join(rendererDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} is missing: run \`npm run build\` first.`);
  const index = readFileSync(html, 'utf8');
  const started = new Set([...index.matchAll(/(?:src|href)="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
  const assets = join(rendererDir, 'assets');
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(join(assets, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes).length, atStart: started.has(file) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { chunks, startGzip: chunks.filter((c) => c.atStart).reduce((n, c) => n + c.gzip, 0) };
}

export function printBundleReport(report = bundleReport()): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('chunk                                      raw         gzip   at start');
  for (const c of report.chunks) {
    console.log(
      `${c.file.padEnd(40)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(11)}   ${c.atStart ? 'yes' : ''}`,
    );
  }
  console.log(`JS loaded at start: ${kb(report.startGzip)} gzip (budget 120 KB)`);
}
