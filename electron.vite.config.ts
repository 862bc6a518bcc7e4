import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { keepFontFiles } from './src-main/core/app-protocol/app-csp';

/**
 * `npm run dev` only: Vite's dev server injects an inline script (React refresh) and inline
 * styles, and talks to the page over a WebSocket, which the strict CSP of index.html forbids.
 * Builds keep the strict policy untouched.
 */
function devServerCsp(): Plugin {
  return {
    name: 'gatehouse-dev-server-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
  };
}

export default defineConfig({
  main: {
    // electron-store is ESM only; bundling it avoids loading it through Node's resolver at run time.
    build: {
      externalizeDeps: { exclude: ['electron-store'] },
      outDir: 'out/main',
      // Built into Node (and Electron's Node): left for the runtime to load, never bundled or resolved.
      // The judge worker and the Sandbox's thread are entries of their own (`out/main/judge-worker.js`,
      // `sandbox-worker.js`) beside index.js, where main starts its threads from (thread-entry.ts).
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          'judge-worker': resolve('src-main/core/workers/judge-worker.ts'),
          'sandbox-worker': resolve('src-main/sandbox/sandbox-worker.ts'),
        },
        external: ['node:sqlite', 'sqlite'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ESM: emit CommonJS.
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react(), devServerCsp()],
    // The highlight worker loads each grammar on first use: ES module workers keep those as chunks.
    worker: { format: 'es' },
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified by default; the start file must stay small.
      minify: true,
      // Fonts as files from the app's origin, never data: URLs the CSP would block (app-csp.ts).
      assetsInlineLimit: keepFontFiles,
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
