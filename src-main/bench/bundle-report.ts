import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  /** Loaded by index.html itself (the entry and its modulepreloads), before any tab asks. */
  atStart: boolean;
  /** Fetched before the first screen: at start, the first tab's chunk, and what they import. */
  firstScreen: boolean;
}

/**
 * The tab the window opens on is loaded lazily (`src-renderer/app/tabs.tsx`, the first tab), so
 * its chunk is fetched before the first screen though index.html does not name it.
 */
export const FIRST_TAB_CHUNK = /^ChatTab-[^/]*\.js$/;

/** Every `./x.js` a chunk imports statically (`import … from"./x.js"`, `import"./x.js"`, `export … from`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"'/]+\.js)["']/g)].map((m) => m[1]);
}

export interface BundleReport {
  chunks: ChunkSize[];
  /** index.html's own scripts and modulepreloads, gzip bytes. */
  startGzip: number;
  /**
   * What the browser fetches before the first screen, gzip bytes: index.html's scripts (the
   * theme script beside it too), the first tab's chunk, and every chunk those import statically.
   */
  firstScreenGzip: number;
}

/**
 * What the built window weighs: every JS chunk of `out/renderer/assets`, raw and gzip, which of
 * them index.html loads, and which the browser fetches before the first screen. The window bench
 * measures the latter in Chromium; the budget is judged there (docs/architecture.md, "Benchmarks").
 */
export function bundleReport(rendererDir = 'out/renderer'): BundleReport {
  const html = join(rendererDir, 'index.html');
  if (!existsSync(html)) throw new Error(`${html} is missing: run \`npm run build\` first.`);
  const index = readFileSync(html, 'utf8');
  const named = [...index.matchAll(/(?:src|href)="\.\/((?:assets\/)?[^"]+\.js)"/g)].map((m) => m[1]);
  const started = new Set(named.filter((f) => f.startsWith('assets/')).map((f) => f.slice('assets/'.length)));
  // Scripts beside index.html (the theme script): fetched first, never part of a chunk graph.
  const besides = named.filter((f) => !f.startsWith('assets/') && existsSync(join(rendererDir, f)));
  const assets = join(rendererDir, 'assets');
  const code = new Map(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(join(assets, f))] as const),
  );
  const firstScreen = new Set<string>();
  const visit = (file: string) => {
    const bytes = code.get(file);
    if (!bytes || firstScreen.has(file)) return;
    firstScreen.add(file);
    for (const next of staticImports(bytes.toString('utf8'))) visit(next);
  };
  for (const file of started) visit(file);
  for (const file of code.keys()) if (FIRST_TAB_CHUNK.test(file)) visit(file);
  const chunks = [...code]
    .map(([file, bytes]) => ({
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      atStart: started.has(file),
      firstScreen: firstScreen.has(file),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const besidesGzip = besides.reduce((n, f) => n + gzipSync(readFileSync(join(rendererDir, f))).length, 0);
  const sum = (keep: (c: ChunkSize) => boolean) =>
    chunks.filter(keep).reduce((n, c) => n + c.gzip, besidesGzip);
  return { chunks, startGzip: sum((c) => c.atStart), firstScreenGzip: sum((c) => c.firstScreen) };
}

export function printBundleReport(report = bundleReport()): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('chunk                                      raw         gzip   loaded');
  for (const c of report.chunks) {
    const when = c.atStart ? 'at start' : c.firstScreen ? 'first screen' : '';
    console.log(`${c.file.padEnd(40)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(11)}   ${when}`);
  }
  console.log(`JS index.html loads (its scripts and preloads): ${kb(report.startGzip)} gzip`);
  console.log(
    `JS before the first screen (those, the first tab's chunk and their imports): ${kb(report.firstScreenGzip)} gzip; budget 120 KB, judged on what Chromium fetches (the window bench)`,
  );
}
